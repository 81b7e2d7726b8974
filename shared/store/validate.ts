/**
 * Hand-written runtime validation of what we read from disk (the store module has no
 * runtime dependencies). Every failure names the bad field by its JSON path, e.g.
 * `comments[3].anchor.startLine`, so a human can fix a hand-edited file.
 *
 * Validation checks the fields we rely on and leaves every other field alone: unknown
 * fields are kept as they are (forward compatibility, see model.ts).
 */
import { ANCHOR_STATES, AUTHORS, DISPOSITIONS, SESSION_PATTERN, STORE_VERSION, WORKFLOW_STATES } from '../model';
import type { AnchorState, Comment, ConsiderConfig, StoreFile, WorkflowState } from '../model';

/** A field that does not hold what it must. `field` is a JSON path like `comments[0].body`. */
export class ValidationError extends Error {
  constructor(readonly field: string, readonly problem: string) {
    super(`${field} ${problem}`);
    this.name = 'ValidationError';
  }
}

type Obj = Record<string, unknown>;

function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function describe(v: unknown): string {
  if (v === undefined) return 'missing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v);
  if (typeof v === 'object') return 'an object';
  return String(v);
}

function fail(field: string, expected: string, got: unknown): never {
  throw new ValidationError(field, `must be ${expected} (got ${describe(got)})`);
}

/** JSON path of a field: `comments[0]` + `body`; the top level has an empty path. */
function join(at: string, key: string): string {
  return at ? `${at}.${key}` : key;
}

function str(o: Obj, key: string, at: string): string {
  const v = o[key];
  if (typeof v !== 'string') fail(join(at, key), 'a string', v);
  return v;
}

function optStr(o: Obj, key: string, at: string): void {
  if (o[key] !== undefined && typeof o[key] !== 'string') fail(join(at, key), 'a string when present', o[key]);
}

function line(o: Obj, key: string, at: string): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) fail(join(at, key), 'a whole number from 1', v);
  return v;
}

function oneOf<T extends string>(o: Obj, key: string, at: string, allowed: readonly T[]): T {
  const v = o[key];
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) fail(join(at, key), `one of ${allowed.join('|')}`, v);
  return v as T;
}

function stringArray(o: Obj, key: string, at: string): void {
  const v = o[key];
  if (!Array.isArray(v)) fail(join(at, key), 'an array of strings', v);
  v.forEach((s, i) => {
    if (typeof s !== 'string') fail(`${join(at, key)}[${i}]`, 'a string', s);
  });
}

/**
 * Legacy stores had one `status` field (open|resolved|stale|orphaned). Split it into the two
 * axes (spec §4.4) in place and drop it, so the file we write back is unambiguous. A
 * legacy resolved thread is taken as anchored: the old format could not say both.
 */
function migrateLegacyStatus(c: Obj, at: string): void {
  if (!('status' in c) || ('workflowState' in c && 'anchorState' in c)) return;
  const status = c.status;
  const map: Record<string, [WorkflowState, AnchorState]> = {
    open: ['open', 'anchored'],
    resolved: ['resolved', 'anchored'],
    stale: ['open', 'stale'],
    orphaned: ['open', 'orphaned'],
  };
  const pair = typeof status === 'string' ? map[status] : undefined;
  if (!pair) fail(`${at}.status`, 'one of open|resolved|stale|orphaned (legacy field)', status);
  if (!('workflowState' in c)) c.workflowState = pair[0];
  if (!('anchorState' in c)) c.anchorState = pair[1];
  delete c.status;
}

function validateReply(r: unknown, at: string): void {
  if (!isObject(r)) fail(at, 'an object', r);
  str(r, 'id', at);
  oneOf(r, 'author', at, AUTHORS);
  str(r, 'body', at);
  str(r, 'createdAt', at);
  optStr(r, 'editedAt', at);
  if (r.disposition !== undefined) oneOf(r, 'disposition', at, DISPOSITIONS);
  if (!isOptPrComment(r.pr)) fail(join(at, 'pr'), 'an object with commentId, url and author {login} when present', r.pr);
}

const isStr = (v: unknown): v is string => typeof v === 'string';
const isOptStr = (v: unknown) => v === undefined || typeof v === 'string';
const isLine = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1;
const isAuthor = (v: unknown) => v === 'human' || v === 'agent';
const isOptDisposition = (v: unknown) => v === undefined || v === 'addressed' || v === 'declined' || v === 'question';
const isOptRound = (v: unknown) => v === undefined || (typeof v === 'number' && Number.isInteger(v) && v >= 1);
/** Comment.removed: the baseline, its name, the lines and the quoted text (model.ts RemovedCode). */
const isOptRemoved = (v: unknown): boolean => v === undefined
  || (isObject(v) && isStr(v.baseline) && isStr(v.label) && isOptStr(v.sha) && isLine(v.startLine) && isLine(v.endLine) && v.endLine >= v.startLine && isStr(v.text));
/**
 * Comment.rejected (model.ts RejectedChange): checked for what readers rely on — the texts they
 * quote and the lines they name — and loosely past that, so a newer client's additions never
 * make a store unreadable.
 */
const isOptRejected = (v: unknown): boolean => v === undefined
  || (isObject(v) && isStr(v.baseline) && isStr(v.label) && isOptStr(v.sha) && (v.file === undefined || isWorkspaceRelative(v.file))
    && isStr(v.hunk) && isStr(v.removed) && isStr(v.added) && isStr(v.before) && isStr(v.after)
    && isCount(v.oldStart) && isCount(v.oldLines) && isCount(v.newStart) && isCount(v.newLines)
    && (v.revert === undefined || (isObject(v.revert) && isStr(v.revert.state) && isStr(v.revert.at) && isOptStr(v.revert.reason)))
    && isOptStr(v.goneAt) && isOptStr(v.backAt));
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
/** Comment.origin: the lines and text a thread was written on (model.ts ThreadOrigin). */
const isOptOrigin = (v: unknown): boolean => v === undefined
  || (isObject(v) && isLine(v.startLine) && isLine(v.endLine) && v.endLine >= v.startLine && isStr(v.text) && isOptStr(v.snapshot));
/** Comment.broughtFrom: the worktree, branch and thread a thread was brought home from (model.ts BroughtFrom). */
const isOptBroughtFrom = (v: unknown): boolean => v === undefined
  || (isObject(v) && isStr(v.worktree) && isOptStr(v.branch) && isStr(v.thread) && isWorkspaceRelative(v.file)
    && isLine(v.startLine) && isLine(v.endLine) && v.endLine >= v.startLine && isStr(v.at));

const isOptPrAuthor = (v: unknown): boolean => isObject(v) && isStr(v.login) && (v.bot === undefined || v.bot === true);
/** Comment.pr: the pull request thread it mirrors (model.ts PullRequestThread). */
const isOptPrThread = (v: unknown): boolean => v === undefined
  || (isObject(v) && isStr(v.provider) && isStr(v.host) && isStr(v.repo) && isLine(v.number) && isStr(v.threadId) && isStr(v.commentId) && isStr(v.url)
    && isOptPrAuthor(v.author) && (v.via === 'pulled' || v.via === 'pushed') && typeof v.resolved === 'boolean' && isStr(v.syncedAt));
/** Reply.pr: the pull request comment it mirrors (model.ts PullRequestComment). */
const isOptPrComment = (v: unknown): boolean => v === undefined || (isObject(v) && isStr(v.commentId) && isStr(v.url) && isOptPrAuthor(v.author));

/**
 * A stored file path is workspace-relative with forward slashes: never absolute, never
 * climbing out with `..`, so a hand-edited store cannot point readers outside the workspace.
 */
export function isWorkspaceRelative(p: unknown): p is string {
  if (typeof p !== 'string' || p === '' || p.startsWith('/') || p.includes('\\') || p.includes('\0') || /^[A-Za-z]:/.test(p)) return false;
  // Checked for every thread on every read: the common path (no "..") allocates nothing.
  return !p.includes('..') || !/(?:^|\/)\.\.(?:\/|$)/.test(p);
}

function isStrArray(v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'string') return false;
  return true;
}

/**
 * The common case, checked without building any field path: stores of 10,000 threads are
 * read by every CLI call, so validation must cost little. On any doubt the caller runs the
 * full check, which names the field.
 */
function looksValid(c: Obj): boolean {
  const a = c.anchor;
  if (!isObject(a)) return false;
  if (!isStr(c.id) || c.id === '' || !isWorkspaceRelative(c.file) || !isStr(c.createdAt) || !isStr(c.body)) return false;
  if (!isLine(a.startLine) || !isLine(a.endLine) || a.endLine < a.startLine) return false;
  if (!isStrArray(a.contextBefore) || !isStrArray(a.contextAfter) || !isStr(a.targetContent) || !isStr(a.contentHash) || !isStr(a.lastAnchorCheck)) return false;
  if (a.suggestedMove !== undefined && !isSuggestedMove(a.suggestedMove)) return false;
  if (c.workflowState !== 'open' && c.workflowState !== 'resolved') return false;
  if (c.anchorState !== 'anchored' && c.anchorState !== 'stale' && c.anchorState !== 'orphaned') return false;
  if (!isAuthor(c.author) || !isOptStr(c.agentLastSeenAt) || !isOptStr(c.updatedAt) || !isOptStr(c.resolvedAt) || !isOptStr(c.editedAt)) return false;
  if (c.resolvedBy !== undefined && !isAuthor(c.resolvedBy)) return false;
  if (c.labels !== undefined && !isStrArray(c.labels)) return false;
  if ((c.pending !== undefined && c.pending !== true) || !isOptRound(c.round) || !isOptStr(c.submittedAt)) return false;
  if (c.movedFrom !== undefined && !isMovedFrom(c.movedFrom)) return false;
  if (!isOptRemoved(c.removed) || !isOptOrigin(c.origin) || !isOptPrThread(c.pr) || !isOptBroughtFrom(c.broughtFrom) || !isOptRejected(c.rejected)) return false;
  const thread = c.thread;
  if (!Array.isArray(thread)) return false;
  for (let i = 0; i < thread.length; i++) {
    const r = thread[i];
    if (!isObject(r) || !isStr(r.id) || !isAuthor(r.author) || !isStr(r.body) || !isStr(r.createdAt) || !isOptStr(r.editedAt) || !isOptDisposition(r.disposition)) return false;
    if (r.pr !== undefined && !isOptPrComment(r.pr)) return false;
  }
  return true;
}

/** Validates (and migrates in place) one thread. `at` is its JSON path. */
export function validateComment(c: unknown, at: string): Comment {
  if (!isObject(c)) fail(at, 'an object', c);
  migrateLegacyStatus(c, at);
  if (looksValid(c)) return c as Comment;
  const id = str(c, 'id', at);
  if (id === '') fail(`${at}.id`, 'a non-empty string', id);
  if (!isWorkspaceRelative(str(c, 'file', at))) fail(join(at, 'file'), 'a workspace-relative path with "/" separators and no ".."', c.file);
  const a = c.anchor;
  if (!isObject(a)) fail(`${at}.anchor`, 'an object', a);
  const aAt = `${at}.anchor`;
  const start = line(a, 'startLine', aAt);
  const end = line(a, 'endLine', aAt);
  if (end < start) fail(`${aAt}.endLine`, `at least startLine (${start})`, end);
  stringArray(a, 'contextBefore', aAt);
  stringArray(a, 'contextAfter', aAt);
  str(a, 'targetContent', aAt);
  str(a, 'contentHash', aAt);
  str(a, 'lastAnchorCheck', aAt);
  if (a.suggestedMove !== undefined && !isSuggestedMove(a.suggestedMove)) {
    fail(join(aAt, 'suggestedMove'), 'an object {file, startLine, endLine, at, reason} when present', a.suggestedMove);
  }
  oneOf(c, 'workflowState', at, WORKFLOW_STATES);
  oneOf(c, 'anchorState', at, ANCHOR_STATES);
  optStr(c, 'agentLastSeenAt', at);
  str(c, 'createdAt', at);
  optStr(c, 'updatedAt', at);
  oneOf(c, 'author', at, AUTHORS);
  str(c, 'body', at);
  const thread = c.thread;
  if (!Array.isArray(thread)) fail(`${at}.thread`, 'an array of replies', thread);
  thread.forEach((r, i) => validateReply(r, `${at}.thread[${i}]`));
  optStr(c, 'resolvedAt', at);
  if (c.resolvedBy !== undefined) oneOf(c, 'resolvedBy', at, AUTHORS);
  optStr(c, 'editedAt', at);
  if (c.labels !== undefined) stringArray(c, 'labels', at);
  if (c.pending !== undefined && c.pending !== true) fail(join(at, 'pending'), 'true when present', c.pending);
  if (!isOptRound(c.round)) fail(join(at, 'round'), 'a whole number from 1 when present', c.round);
  optStr(c, 'submittedAt', at);
  if (c.movedFrom !== undefined && !isMovedFrom(c.movedFrom)) {
    fail(join(at, 'movedFrom'), 'an object {file, startLine, endLine, at} when present', c.movedFrom);
  }
  if (!isOptRemoved(c.removed)) fail(join(at, 'removed'), 'an object with baseline, label, startLine, endLine and text when present', c.removed);
  if (!isOptOrigin(c.origin)) fail(join(at, 'origin'), 'an object with startLine, endLine and text when present', c.origin);
  if (!isOptPrThread(c.pr)) {
    fail(join(at, 'pr'), 'an object with provider, host, repo, number, threadId, commentId, url, author {login}, via pulled|pushed, resolved and syncedAt when present', c.pr);
  }
  if (!isOptBroughtFrom(c.broughtFrom)) fail(join(at, 'broughtFrom'), 'an object with worktree, thread, file, startLine, endLine and at when present', c.broughtFrom);
  if (!isOptRejected(c.rejected)) fail(join(at, 'rejected'), 'an object with baseline, label, hunk, removed, added, before, after and line numbers when present', c.rejected);
  return c as Comment;
}

/** `anchor.suggestedMove` (model.ts SuggestedMove): a place a lost thread's code may have moved to, offered. */
function isSuggestedMove(v: unknown): boolean {
  return isObject(v) && isWorkspaceRelative(v.file) && isLine(v.startLine) && isLine(v.endLine) && v.endLine >= v.startLine && isStr(v.at) && isStr(v.reason);
}

/** `movedFrom` (model.ts MovedFrom): where the thread's code was before it moved into another file. */
function isMovedFrom(v: unknown): boolean {
  return isObject(v) && isWorkspaceRelative(v.file) && isLine(v.startLine) && isLine(v.endLine) && v.endLine >= v.startLine && isStr(v.at);
}

/**
 * Validates a parsed store (migrating legacy fields in place) and returns it typed;
 * `report.migrated` says whether anything was migrated (the text then differs from the store).
 * A store with a newer version is validated just the same: if it still has the shape we
 * know it can be shown read-only; if not, it is unreadable for us.
 */
export function validateStore(data: unknown, report?: { migrated: boolean }): StoreFile {
  if (!isObject(data)) fail('(top level)', 'an object', data);
  const v = data.version;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) fail('version', 'a whole number from 1', v);
  const comments = data.comments;
  if (!Array.isArray(comments)) fail('comments', 'an array', comments);
  const seen = new Set<string>();
  for (let i = 0; i < comments.length; i++) {
    const c: unknown = comments[i];
    const legacy = isObject(c) && 'status' in c;
    if (legacy && report) report.migrated = true;
    const valid = isObject(c) && !legacy && looksValid(c) ? (c as Comment) : validateComment(c, `comments[${i}]`);
    if (seen.has(valid.id)) fail(`comments[${i}].id`, 'unique in the store', valid.id);
    seen.add(valid.id);
  }
  if (data.reviews !== undefined) validateReviews(data.reviews);
  if (data.pullRequests !== undefined) validatePullRequests(data.pullRequests);
  optStr(data, 'lastWriteAt', '');
  return data as StoreFile;
}

/** `reviews`: the submitted review rounds (model.ts ReviewRound). */
function validateReviews(reviews: unknown): void {
  if (!Array.isArray(reviews)) fail('reviews', 'an array when present', reviews);
  reviews.forEach((r, i) => {
    const at = `reviews[${i}]`;
    if (!isObject(r)) fail(at, 'an object', r);
    if (!isOptRound(r.round) || r.round === undefined) fail(join(at, 'round'), 'a whole number from 1', r.round);
    str(r, 'submittedAt', at);
    stringArray(r, 'threadIds', at);
    optStr(r, 'message', at);
    optStr(r, 'agentSeenAt', at);
    optStr(r, 'baseline', at);
    if (r.forSession !== undefined && (typeof r.forSession !== 'string' || !SESSION_PATTERN.test(r.forSession))) {
      fail(join(at, 'forSession'), 'a session id (letters, digits and ._:@-, at most 200)', r.forSession);
    }
  });
}

/** `pullRequests`: the pull requests pulled from or pushed to (model.ts PullRequestRecord). */
function validatePullRequests(list: unknown): void {
  if (!Array.isArray(list)) fail('pullRequests', 'an array when present', list);
  list.forEach((p, i) => {
    const at = `pullRequests[${i}]`;
    if (!isObject(p)) fail(at, 'an object', p);
    for (const key of ['provider', 'host', 'repo', 'title', 'url', 'headRefName']) str(p, key, at);
    line(p, 'number', at);
    optStr(p, 'pulledAt', at);
    optStr(p, 'syncSince', at);
    optStr(p, 'syncSeal', at);
    if (p.sync !== undefined && typeof p.sync !== 'boolean') fail(join(at, 'sync'), 'true or false when present', p.sync);
  });
}

export function isNewerVersion(store: { version: number }): boolean {
  return store.version > STORE_VERSION;
}

/** `.consider/config.json` (spec §4.5). */
export function validateConfig(data: unknown): ConsiderConfig {
  if (!isObject(data)) fail('(top level)', 'an object', data);
  if (data.version === undefined) data.version = 1;
  if (typeof data.version !== 'number' || !Number.isInteger(data.version) || data.version < 1) fail('version', 'a whole number from 1', data.version);
  if (data.trackedSkillInstalls === undefined) data.trackedSkillInstalls = [];
  const list = data.trackedSkillInstalls;
  if (!Array.isArray(list)) fail('trackedSkillInstalls', 'an array', list);
  list.forEach((s, i) => {
    const at = `trackedSkillInstalls[${i}]`;
    if (!isObject(s)) fail(at, 'an object', s);
    str(s, 'target', at);
    oneOf(s, 'scope', at, ['project', 'home'] as const);
    str(s, 'path', at);
    optStr(s, 'version', at);
    optStr(s, 'sha256', at);
  });
  optStr(data, 'lastUpdatedAt', '');
  return data as ConsiderConfig;
}
