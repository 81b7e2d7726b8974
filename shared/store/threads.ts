/**
 * Thread operations on the store: create, reply, resolve/reopen, edit, delete, undo, seen.
 * Each is one mutateStore call, so it applies to the latest file under the lock.
 */
import fs from 'node:fs';
import { anchorSizeProblem, captureAnchorFromLines, validateRange } from '../anchoring/anchor';
import { noteUniqueWindow } from '../anchoring/reconcile';
import { contentHash } from '../anchoring/content-hash';
import { ConsiderError } from '../errors';
import { MAX_BODY_CHARS, dispositionOf, isUnseen, latestHumanActivityAt, unseenReviewMessages, visibleToAgent } from '../model';
import type { Anchor, AnchorState, Author, Comment, Disposition, FileFingerprint, Reply, StoreFile, WorkflowState } from '../model';
import { absoluteOf, resolveInWorkspace } from '../paths';
import { mutateStore } from './store-io';
import type { MutateOptions, MutationTx } from './store-io';
import { removeFromArchive } from './archive';
import { recordSnapshot } from '../anchoring/snapshots';
import { groupDigits, splitLines } from '../text';
import { l10n } from '../words';

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * `c_` / `r_` + 8 base-36 characters (41 bits): short enough to type, unique within a store
 * (`taken` is asked under the store lock, so two writers never pick the same one). Math.random,
 * not crypto's randomBytes: an id is a name, not a secret, and loading node:crypto cost every
 * `add` and `reply` from the CLI 4–7 ms.
 */
export function newId(prefix: 'c' | 'r', taken: (id: string) => boolean): string {
  for (;;) {
    let id = `${prefix}_`;
    for (let k = 0; k < 8; k++) id += ID_ALPHABET[Math.floor(Math.random() * 36)];
    if (!taken(id)) return id;
  }
}

/** Checks a comment or reply body: not empty, not huge. Kept exactly as given otherwise. */
export function checkBody(body: unknown): string {
  if (typeof body !== 'string' || body.trim() === '') {
    throw new ConsiderError('usage', 'the message is empty', 'pass the text with --message "…"');
  }
  // Characters as a person counts them (code points: an emoji is one, not two UTF-16 units).
  // body.length bounds that count from above, so only a long body is counted.
  const chars = body.length > MAX_BODY_CHARS ? codePointCount(body) : body.length;
  if (chars > MAX_BODY_CHARS) {
    throw new ConsiderError('usage', `the message is ${groupDigits(chars)} characters; the limit is ${groupDigits(MAX_BODY_CHARS)}`,
      'shorten the message or split it into several replies');
  }
  return body;
}

/** Code points in `text`: UTF-16 units less the second half of each surrogate pair. */
function codePointCount(text: string): number {
  let n = text.length;
  for (let i = 1; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xdc00 && unit <= 0xdfff) {
      const prev = text.charCodeAt(i - 1);
      if (prev >= 0xd800 && prev <= 0xdbff) n--;
    }
  }
  return n;
}

/**
 * Finds a thread by its id or a unique prefix of it (as git does with hashes); the `c_`
 * may be left out. Ambiguous prefix → usage; nothing matches → not_found. The agent does not
 * see the threads of the human's pending review: for it they do not exist yet.
 */
export function findThread(store: StoreFile, idOrPrefix: string, actor: Author = 'human'): Comment {
  const wanted = idOrPrefix.trim();
  if (wanted === '') throw new ConsiderError('usage', 'the thread id is empty', 'run `consider-cli list` to see thread ids');
  const candidates = actor === 'agent' ? store.comments.filter(visibleToAgent) : store.comments;
  const exact = candidates.find((c) => c.id === wanted || c.id === `c_${wanted}`);
  if (exact) return exact;
  const matches = candidates.filter((c) => c.id.startsWith(wanted) || c.id.startsWith(`c_${wanted}`));
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    const ids = matches.slice(0, 5).map((c) => c.id).join(', ');
    throw new ConsiderError('usage', `the id prefix ${JSON.stringify(wanted)} matches ${matches.length} threads (${ids}${matches.length > 5 ? ', …' : ''})`,
      'give more characters of the id');
  }
  throw new ConsiderError('not_found', l10n.t('no thread with id {0}', JSON.stringify(wanted)), l10n.t('run `consider-cli list --workflow all` to see thread ids'));
}

function findReply(thread: Comment, replyId: string): Reply {
  const reply = thread.thread.find((r) => r.id === replyId) ?? (() => {
    const m = thread.thread.filter((r) => r.id.startsWith(replyId) || r.id.startsWith(`r_${replyId}`));
    return m.length === 1 ? m[0] : undefined;
  })();
  if (!reply) throw new ConsiderError('not_found', l10n.t('thread {0} has no reply {1}', thread.id, JSON.stringify(replyId)));
  return reply;
}

/** What an anchor remembers of its file: stat identity and content hash (see FileFingerprint). */
export function fingerprintOf(stat: fs.Stats, bytes: Uint8Array): FileFingerprint {
  return { size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, ino: stat.ino, hash: contentHash(bytes) };
}

/**
 * Whether `stat` shows the very file `fp` was taken from, unchanged, so its hash can be
 * trusted without reading the file (git's "stat-clean" test). A file changed within a couple
 * of seconds of `checkedAt` is "racily clean" (a write in the same timestamp tick would not
 * show), and fingerprints without ctime predate this test: both are hashed instead.
 */
export function statMatches(fp: FileFingerprint | undefined, stat: fs.Stats, checkedAt: string): boolean {
  if (!fp || fp.ctimeMs === undefined || fp.ino === undefined) return false;
  if (fp.size !== stat.size || fp.mtimeMs !== stat.mtimeMs || fp.ctimeMs !== stat.ctimeMs || fp.ino !== stat.ino) return false;
  return outsideRacyWindow(stat, parseTime(checkedAt));
}

/** Whether a file last changed at these times can be told apart, by stat alone, from any change after `checkedAtMs`. */
export function outsideRacyWindow(times: { mtimeMs: number; ctimeMs?: number }, checkedAtMs: number): boolean {
  return times.ctimeMs !== undefined && Number.isFinite(checkedAtMs) && Math.max(times.mtimeMs, times.ctimeMs) < checkedAtMs - RACY_MARGIN_MS;
}

/** Coarser than any file system's timestamp tick we care about (FAT: 2 s). */
const RACY_MARGIN_MS = 2_000;

// Threads checked in one pass share one timestamp: a 10,000-thread read parses it once, not 10,000 times.
let lastTime = '';
let lastTimeMs = NaN;
function parseTime(iso: string): number {
  if (iso !== lastTime) {
    lastTime = iso;
    lastTimeMs = Date.parse(iso);
  }
  return lastTimeMs;
}

/**
 * The largest file a thread can be added on: each anchor keeps a snapshot of its file, and
 * re-anchoring reads and diffs it. (Files that grow past it later are still followed.)
 */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a workspace file for anchoring: not_found when it is missing; usage when it is not a
 * file, larger than MAX_FILE_BYTES, binary, or not UTF-8 text (its lines could not be shown or
 * matched again: such a thread would be stale on the next read).
 */
export function readWorkspaceFile(root: string, userPath: string): { rel: string; abs: string; text: string; bytes: Buffer; stat: fs.Stats } {
  const { abs, rel } = resolveInWorkspace(root, userPath);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(abs);
  } catch {
    throw new ConsiderError('not_found', l10n.t('no file {0} in the workspace', rel), l10n.t('paths are relative to the workspace root'));
  }
  if (!stat.isFile()) throw new ConsiderError('usage', `${rel} is not a file`);
  if (stat.size > MAX_FILE_BYTES) {
    throw new ConsiderError('usage', `${rel} is ${megabytes(stat.size)}; comments go on text files up to ${megabytes(MAX_FILE_BYTES)}`);
  }
  const bytes = fs.readFileSync(abs);
  // Same rule as the re-anchoring pass: a NUL byte early on means binary, which has no lines to discuss.
  if (bytes.subarray(0, 8000).includes(0)) throw new ConsiderError('usage', `${rel} is a binary file; comments go on text files`);
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    throw new ConsiderError('usage', `${rel} is not UTF-8 text; comments go on UTF-8 text files`, 'convert the file to UTF-8 first');
  }
  return { rel, abs, text, bytes, stat };
}

const megabytes = (bytes: number): string => `${groupDigits(Math.round(bytes / (1024 * 1024)))} MB`;

export interface NewThread {
  file: string;
  startLine: number;
  endLine: number;
  body: string;
  author: Author;
  /** Part of the human's pending review: hidden from the agent until submitted (reviews.ts). */
  pending?: boolean;
  /** Fields of its kind besides the origin (a rejected change's `rejected`). */
  extra?: Partial<Comment>;
}

/** Creates a thread anchored at the file's current content (lines are 1-based, inclusive). */
export async function addThread(root: string, input: NewThread): Promise<Comment> {
  const body = checkBody(input.body);
  const { rel, text, bytes, stat } = readWorkspaceFile(root, input.file);
  const lines = splitLines(text);
  const problem = validateRange(input.startLine, input.endLine, lines.length) ?? anchorSizeProblem(lines, input.startLine, input.endLine);
  if (problem) throw new ConsiderError('usage', `cannot comment on ${rel}:${input.startLine === input.endLine ? input.startLine : `${input.startLine}-${input.endLine}`}: ${problem}`);
  return mutateStore(root, input.author, (store, tx) => {
    const anchor = captureAnchorFromLines(lines, input.startLine, input.endLine, tx.now);
    anchor.file = fingerprintOf(stat, bytes);
    // The file as it is now, so re-anchoring can later diff it against the edited file (DESIGN.md §6).
    anchor.snapshot = recordSnapshot(root, bytes, anchor.file.hash);
    noteUniqueWindow(anchor, lines);
    return pushNewThread(store, tx, {
      file: rel, anchor, author: input.author, body, pending: input.pending,
      // The code as written on, kept as it is while the anchor follows the code: Show Changes, "its code did not change".
      extra: { origin: { startLine: anchor.startLine, endLine: anchor.endLine, text: anchor.targetContent, snapshot: anchor.snapshot }, ...input.extra },
    });
  });
}

/**
 * Adds a new open thread to the store being mutated, with a fresh id, and logs it. `extra`:
 * fields of its kind (origin; removed, for a thread about removed code).
 */
export function pushNewThread(
  store: StoreFile, tx: MutationTx,
  t: { file: string; anchor: Anchor; author: Author; body: string; pending?: boolean; extra?: Partial<Comment>; logDetail?: Record<string, unknown> },
): Comment {
  const ids = new Set(store.comments.map((c) => c.id));
  const comment: Comment = {
    id: newId('c', (id) => ids.has(id)),
    file: t.file,
    anchor: t.anchor,
    workflowState: 'open',
    anchorState: 'anchored',
    createdAt: tx.now,
    updatedAt: tx.now,
    author: t.author,
    body: t.body,
    thread: [],
    ...t.extra,
  };
  // The agent has obviously seen a thread it wrote itself.
  if (t.author === 'agent') comment.agentLastSeenAt = seenAt(comment, tx.now);
  else if (t.pending) comment.pending = true;
  store.comments.push(comment);
  tx.log({ action: 'add', threadId: comment.id, detail: { file: t.file, startLine: t.anchor.startLine, endLine: t.anchor.endLine, ...t.logDetail } });
  return comment;
}

/**
 * Adds a reply. A resolved thread takes no replies until reopened (spec §9.6). The agent may
 * say what it did (`disposition`, docs/agent-loop.md); a human reply carries none.
 */
export async function replyToThread(
  root: string, id: string, input: { body: string; author: Author; disposition?: Disposition },
): Promise<{ comment: Comment; reply: Reply }> {
  const body = checkBody(input.body);
  if (input.disposition !== undefined && input.author !== 'agent') {
    throw new ConsiderError('usage', 'only the agent\'s replies carry a disposition (addressed, declined, question)');
  }
  return mutateStore(root, input.author, (store, tx) => {
    const comment = findThread(store, id, input.author);
    if (comment.workflowState === 'resolved') {
      throw new ConsiderError('usage', `thread ${comment.id} is resolved; it takes no replies`, `reopen it first: consider-cli unresolve ${comment.id}`);
    }
    const taken = new Set(comment.thread.map((r) => r.id));
    const reply: Reply = { id: newId('r', (rid) => taken.has(rid)), author: input.author, body, createdAt: tx.now };
    if (input.disposition) reply.disposition = input.disposition;
    comment.thread.push(reply);
    comment.updatedAt = tx.now;
    // Replying means the agent read the thread (see isUnseen in model.ts).
    if (input.author === 'agent') comment.agentLastSeenAt = seenAt(comment, tx.now);
    tx.log({ action: 'reply', threadId: comment.id, replyId: reply.id, ...(reply.disposition ? { detail: { disposition: reply.disposition } } : {}) });
    return { comment, reply };
  });
}

/** Resolve or reopen. Setting the state a thread already has changes nothing and writes nothing. */
export async function setWorkflowState(root: string, id: string, state: WorkflowState, actor: Author): Promise<Comment> {
  return (await changeWorkflowState(root, id, state, actor)).comment;
}

/** setWorkflowState that also says whether anything changed (the CLI reports "already resolved"). */
export async function changeWorkflowState(root: string, id: string, state: WorkflowState, actor: Author): Promise<{ comment: Comment; changed: boolean }> {
  return mutateStore(root, actor, (store, tx) => {
    const comment = findThread(store, id, actor);
    if (comment.workflowState === state) {
      tx.noWrite();
      return { comment, changed: false };
    }
    comment.workflowState = state;
    comment.updatedAt = tx.now;
    if (state === 'resolved') {
      comment.resolvedAt = tx.now;
      comment.resolvedBy = actor;
    } else {
      delete comment.resolvedAt;
      delete comment.resolvedBy;
    }
    tx.log({ action: state === 'resolved' ? 'resolve' : 'reopen', threadId: comment.id });
    return { comment, changed: true };
  });
}

/** Edits the first comment (commentId = the thread id) or one reply. */
export async function editComment(root: string, threadId: string, commentId: string, body: string, actor: Author): Promise<Comment> {
  const text = checkBody(body);
  return mutateStore(root, actor, (store, tx) => {
    const comment = findThread(store, threadId);
    if (commentId === comment.id || commentId === threadId) {
      if (comment.body === text) { tx.noWrite(); return comment; }
      comment.body = text;
      comment.editedAt = tx.now;
      tx.log({ action: 'edit', threadId: comment.id });
    } else {
      const reply = findReply(comment, commentId);
      if (reply.body === text) { tx.noWrite(); return comment; }
      reply.body = text;
      reply.editedAt = tx.now;
      tx.log({ action: 'edit', threadId: comment.id, replyId: reply.id });
    }
    comment.updatedAt = tx.now;
    return comment;
  });
}

export async function deleteReply(root: string, threadId: string, replyId: string, actor: Author): Promise<Comment> {
  return mutateStore(root, actor, (store, tx) => {
    const comment = findThread(store, threadId);
    const reply = findReply(comment, replyId);
    comment.thread = comment.thread.filter((r) => r !== reply);
    comment.updatedAt = tx.now;
    tx.log({ action: 'delete-comment', threadId: comment.id, replyId: reply.id, detail: { author: reply.author, body: reply.body } });
    return comment;
  });
}

/** Removes a whole thread and returns it as it was, so the caller can offer undo (restoreThreads). */
export async function deleteThread(root: string, id: string, actor: Author): Promise<Comment> {
  return mutateStore(root, actor, (store, tx) => {
    const comment = findThread(store, id);
    store.comments = store.comments.filter((c) => c !== comment);
    // The whole thread goes into the log: it is the way back if the undo is missed.
    tx.log({ action: 'delete-thread', threadId: comment.id, detail: { thread: comment } });
    return comment;
  });
}

/**
 * Undo for delete/archive: puts threads back exactly as given. A thread whose id is already
 * in the store is left as it is there (it was restored already, or re-created).
 */
export async function restoreThreads(root: string, threads: Comment[], actor: Author): Promise<void> {
  await mutateStore(root, actor, (store, tx) => {
    const present = new Set(store.comments.map((c) => c.id));
    const back = threads.filter((t) => !present.has(t.id));
    if (back.length === 0) { tx.noWrite(); return; }
    for (const t of back) {
      const copy = JSON.parse(JSON.stringify(t)) as Comment;
      delete copy.archivedAt;
      store.comments.push(copy);
      tx.log({ action: 'restore', threadId: t.id });
    }
    removeFromArchive(root, back.map((t) => t.id));
  });
}

/** Records that the agent read these threads now (see isUnseen in model.ts). `opts`: a read waits briefly for the lock. */
export async function markSeenByAgent(root: string, ids: string[], opts: MutateOptions = {}): Promise<void> {
  if (ids.length === 0) return;
  await mutateStore(root, 'agent', (store, tx) => {
    let changed = false;
    for (const id of ids) {
      const comment = store.comments.find((c) => c.id === id);
      if (!comment) continue;
      const at = seenAt(comment, tx.now);
      if (comment.agentLastSeenAt === at) continue;
      comment.agentLastSeenAt = at;
      changed = true;
      tx.log({ action: 'seen', threadId: comment.id });
    }
    if (!changed) tx.noWrite();
  }, opts);
}

/**
 * When the agent read a thread it reads `now`: `now`, or the thread's newest human activity when
 * that is later. A time written on a machine whose clock runs ahead would otherwise stay newer
 * than every read, and the thread unseen for ever: `wait` would return at once each time and the
 * hooks announce it at every stop. (The price: a human edit made before `now` catches up with
 * that time is not announced; the thread still shows it.)
 */
function seenAt(comment: Comment, now: string): string {
  const latestHuman = latestHumanActivityAt(comment);
  return latestHuman > now ? latestHuman : now;
}

export interface StoreSummary {
  open: number;
  resolved: number;
  anchored: number;
  stale: number;
  orphaned: number;
  unseenOpen: number;
  /** Submitted review rounds whose overall message the agent has not read (`consider-cli review`). */
  unseenReviews: number;
  /** Open threads by the disposition of the agent's newest reply that gave one. */
  addressed: number;
  declined: number;
  question: number;
  /** Files with at least one open thread. */
  files: number;
  total: number;
}

/**
 * What the agent sees of the store: threads of the human's pending review are not counted
 * (they do not exist for the agent until the review is submitted).
 */
export function summarize(store: StoreFile): StoreSummary {
  const tally = new SummaryTally(unseenReviewMessages(store).length);
  for (const c of store.comments) {
    if (visibleToAgent(c)) tally.add(c.file, c.workflowState, c.anchorState, () => isUnseen(c), dispositionOf(c));
  }
  return tally.summary();
}

/** Counts threads into a StoreSummary (from the store, or from the list index: indexed-read.ts). */
export class SummaryTally {
  private readonly counts: StoreSummary;
  private readonly files = new Set<string>();

  constructor(unseenReviews: number) {
    this.counts = { open: 0, resolved: 0, anchored: 0, stale: 0, orphaned: 0, unseenOpen: 0, unseenReviews, addressed: 0, declined: 0, question: 0, files: 0, total: 0 };
  }

  /** `unseen` is asked for open threads only; `disposition` counts for open threads only. */
  add(file: string, workflowState: WorkflowState, anchorState: AnchorState, unseen: () => boolean, disposition: Disposition | undefined): void {
    const counts = this.counts;
    counts.total++;
    if (workflowState === 'open') {
      counts.open++;
      this.files.add(file);
      if (unseen()) counts.unseenOpen++;
      if (disposition) counts[disposition]++;
    } else counts.resolved++;
    counts[anchorState]++;
  }

  summary(): StoreSummary {
    return { ...this.counts, files: this.files.size };
  }
}

/** Absolute path of a thread's file. */
export function threadFilePath(root: string, comment: Comment): string {
  return absoluteOf(root, comment.file);
}
