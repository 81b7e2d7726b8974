/**
 * The store's data model (spec §4.2, DESIGN.md §4). This file is the contract between the
 * extension, the CLI, the webview and the skill files: change it only with a migration.
 *
 * Forward compatibility: every object here may carry fields this version does not know.
 * Code must mutate parsed objects in place (or spread them) so unknown fields survive a
 * rewrite — an older client never drops a newer client's data.
 */

/** The store format version this code writes. A store with a higher version is read-only. */
export const STORE_VERSION = 1;

/**
 * The longest comment or reply, in characters: one bad call cannot bloat the store every reader
 * parses. The one limit for every way in (CLI, editor, board).
 */
export const MAX_BODY_CHARS = 100_000;

/** Conversation lifecycle (spec §4.4). */
export type WorkflowState = 'open' | 'resolved';
/** Location reliability (spec §4.4), independent of the workflow state. */
export type AnchorState = 'anchored' | 'stale' | 'orphaned';
/** Who wrote a comment (spec §9.7). */
export type Author = 'human' | 'agent';

export const WORKFLOW_STATES: readonly WorkflowState[] = ['open', 'resolved'];
export const ANCHOR_STATES: readonly AnchorState[] = ['anchored', 'stale', 'orphaned'];
export const AUTHORS: readonly Author[] = ['human', 'agent'];

/** Where a thread points, and what it pointed at when last confirmed. Lines are 1-based, inclusive. */
export interface Anchor {
  startLine: number;
  endLine: number;
  /** Up to CONTEXT_LINES lines before the target, nearest last. */
  contextBefore: string[];
  /** Up to CONTEXT_LINES lines after the target, nearest first. */
  contextAfter: string[];
  /** The target lines joined with "\n" (line endings normalised). */
  targetContent: string;
  /** Hash of targetContent (see anchor.ts). */
  contentHash: string;
  /** ISO time of the last re-anchoring check that looked at this anchor. */
  lastAnchorCheck: string;
  /**
   * Fingerprint of the whole file when the anchor was last checked: lets a reader skip
   * files that did not change without trusting mtime alone (spec §4.3).
   */
  file?: FileFingerprint;
  /** Id of the content-addressed snapshot of the file as it was when the anchor was last confirmed. */
  snapshot?: string;
  /**
   * 1-based line where targetContent starts inside the snapshot, when it differs from
   * startLine: a stale thread is shown where its code went, but is still diffed from here.
   */
  snapshotLine?: number;
  /**
   * Set when the target with its context lines occurred exactly once in the snapshot: a read
   * that finds that window once in today's file then follows it without reading the snapshot
   * (reconcile.ts, noteUniqueWindow). Names the snapshot and place it was found for, so it
   * stops counting once the anchor is changed without it.
   */
  uniqueWindow?: string;
  /** Why the thread is stale or orphaned, in words a human can read. */
  reason?: string;
  /**
   * On a stale or orphaned thread: a unique copy of its code found in another file that the
   * pass did not follow, because history could not tell a move from a twin that was there all
   * along (shared/anchoring/move-evidence.ts). Offered to the human ("may have moved to …"),
   * never applied by itself; dropped when the anchor is confirmed anywhere.
   */
  suggestedMove?: SuggestedMove;
  [unknownField: string]: unknown;
}

/** A place a lost thread's code may have moved to (Anchor.suggestedMove). Lines are 1-based, inclusive. */
export interface SuggestedMove {
  /** Workspace-relative path with forward slashes. */
  file: string;
  startLine: number;
  endLine: number;
  /** ISO time the copy was found. */
  at: string;
  /** Why it was offered rather than followed, in words a human can read. */
  reason: string;
  [unknownField: string]: unknown;
}

export interface FileFingerprint {
  size: number;
  mtimeMs: number;
  /**
   * Change time and inode when the fingerprint was taken (absent in stores written before
   * they were recorded). With size and mtime they let a read trust `stat` instead of reading
   * and hashing the file: any write to a file moves its ctime, which no tool can set back.
   */
  ctimeMs?: number;
  ino?: number;
  /** Content hash of the file's bytes (`mm3-…`, content-hash.ts; `<32 hex>` sha256 in older stores). */
  hash: string;
}

/** What the agent says it did about a thread, with a reply (docs/agent-loop.md). */
export type Disposition = 'addressed' | 'declined' | 'question';
export const DISPOSITIONS: readonly Disposition[] = ['addressed', 'declined', 'question'];

export interface Reply {
  id: string;
  author: Author;
  body: string;
  createdAt: string;
  editedAt?: string;
  /** Set on an agent's reply that says what it did (`reply --addressed|--declined|--question`). */
  disposition?: Disposition;
  /** The same comment on the pull request: a reply pulled from it, or one posted to it (docs/pull-requests.md). */
  pr?: PullRequestComment;
  [unknownField: string]: unknown;
}

/** Who wrote a comment on the pull request. */
export interface PullRequestAuthor {
  login: string;
  /** A bot account (Copilot, CodeRabbit, Bugbot…). */
  bot?: true;
  [unknownField: string]: unknown;
}

/** A reply's counterpart on the pull request (Reply.pr). */
export interface PullRequestComment {
  /** The provider's id of the comment. */
  commentId: string;
  url: string;
  author: PullRequestAuthor;
  [unknownField: string]: unknown;
}

/**
 * A thread that is also a review thread of a pull request (Comment.pr, docs/pull-requests.md):
 * pulled from it, or written here and posted to it. A second pull finds it by `threadId` and
 * updates it; it is never duplicated.
 */
export interface PullRequestThread {
  provider: 'github';
  /** `github.com`, or a GitHub Enterprise host. */
  host: string;
  /** `owner/name`. */
  repo: string;
  number: number;
  /** The provider's id of the review thread. */
  threadId: string;
  /** The provider's id of its first comment. */
  commentId: string;
  /** The thread's page. */
  url: string;
  /** Who wrote the first comment there. */
  author: PullRequestAuthor;
  /** `pulled`: came in from the pull request; `pushed`: written here, then posted with a review. */
  via: 'pulled' | 'pushed';
  /**
   * Whether the pull request shows the thread resolved, as last seen: a pull changes the thread's
   * state here only when this changes there, so a local Resolve is not undone by the next pull.
   */
  resolved: boolean;
  /** GitHub calls the thread outdated: its code changed in the pull request since. */
  outdated?: true;
  /** A comment on the whole file, not on lines. */
  fileLevel?: true;
  /** How the anchor was rebuilt: from the file at the comment's commit, or from its diff hunk alone. */
  rebuiltFrom?: 'commit' | 'hunk' | 'none';
  /** The commit the comment was written on. */
  originalCommit?: string;
  /** When a pull or push last brought this thread up to date. */
  syncedAt: string;
  [unknownField: string]: unknown;
}

/** A pull request the workspace pulled from or pushed to (StoreFile.pullRequests). */
export interface PullRequestRecord {
  provider: 'github';
  host: string;
  repo: string;
  number: number;
  title: string;
  url: string;
  headRefName: string;
  /** The last successful pull. */
  pulledAt?: string;
  /** Opt-in: the agent's replies and Resolve/Reopen go back to the pull request (docs/pull-requests.md). */
  sync?: boolean;
  /** When sync was turned on: only what was written since goes back. */
  syncSince?: string;
  /** Made by `pr sync on` with the user's own key (shared/pr/sync-seal.ts): sync counts only when it holds. */
  syncSeal?: string;
  [unknownField: string]: unknown;
}

/** A thread: the first comment plus its replies (spec §4.2 calls it a comment). */
export interface Comment {
  id: string;
  /** Workspace-relative path with forward slashes. */
  file: string;
  anchor: Anchor;
  workflowState: WorkflowState;
  anchorState: AnchorState;
  /** When an agent last read this thread through the CLI (see README, "seen"). */
  agentLastSeenAt?: string;
  createdAt: string;
  /** Time of the newest activity in the thread (creation, reply, edit, state change). */
  updatedAt?: string;
  author: Author;
  body: string;
  thread: Reply[];
  resolvedAt?: string;
  resolvedBy?: Author;
  editedAt?: string;
  labels?: string[];
  /**
   * Part of the human's pending review: stored at once (nothing lost on a crash) but hidden
   * from the agent (list, summary, get, hook, wait) until the review is submitted.
   */
  pending?: true;
  /** The review round that delivered this thread to the agent (absent: sent at once, outside a review). */
  round?: number;
  /** When that round was submitted: human activity the agent has not seen until it reads the thread. */
  submittedAt?: string;
  /**
   * Set when re-anchoring followed the thread's code into another file (the code was moved
   * there): where it was. Kept while the thread stays in that file; replaced by the next such
   * move; removed when the thread is put back (triage's undo).
   */
  movedFrom?: MovedFrom;
  /**
   * Set on a thread about code that is no longer in the file: written on the baseline side of a
   * diff (the Changes view). Its anchor holds the removed lines as they were in that baseline
   * (`file` is the file's path there) and is never re-anchored onto today's code.
   */
  removed?: RemovedCode;
  /**
   * The code the thread was written on, kept as it was (its anchor follows the code as it
   * changes): "Show Changes" diffs it with today's, and an `addressed` thread whose code is still
   * exactly this is flagged. Absent on threads written before it was recorded.
   */
  origin?: ThreadOrigin;
  /** Set on a thread that is also a pull request's review thread (pulled from it, or posted to it). */
  pr?: PullRequestThread;
  /**
   * Set on a thread brought home from another worktree of the repository (`consider-cli worktree
   * bring-home`, docs/worktrees.md): which worktree, branch and thread it was, and where. A record
   * for the reader; its folder is never read as a path.
   */
  broughtFrom?: BroughtFrom;
  /**
   * Set on a thread made by *Reject Change…* in a Changes diff: the change (hunk) it rejects,
   * what became of the revert the reviewer asked for, and whether the change came back after it
   * was gone (docs/agent-loop.md).
   */
  rejected?: RejectedChange;
  [unknownField: string]: unknown;
}

/** Where a thread brought home came from (Comment.broughtFrom). */
export interface BroughtFrom {
  /** The worktree's folder as git listed it then (absolute; a label, never followed). */
  worktree: string;
  /** Its branch then (short name); absent when its HEAD was detached. */
  branch?: string;
  /** The thread's id in that worktree's store. */
  thread: string;
  /** Its place there, workspace-relative (1-based, inclusive). */
  file: string;
  startLine: number;
  endLine: number;
  /** ISO time it was brought. */
  at: string;
  [unknownField: string]: unknown;
}

/** A change the reviewer rejected with a reason (Comment.rejected); the thread's body is the reason. */
export interface RejectedChange {
  /** The baseline it was a change against: `capture:<id>`, `head` or `branch:<ref>`, and its name ("review round 2"). */
  baseline: string;
  label: string;
  /** The commit a git baseline stood for. */
  sha?: string;
  /** The file the change is in, as it is named today (a thread about removed code is filed under its baseline name). */
  file?: string;
  /** The change's identity (shared/changes/hunks.ts). */
  hunk: string;
  /** Its removed lines as they were in the baseline, and its added lines as they were when rejected, joined with "\n". */
  removed: string;
  added: string;
  /** Its first removed line in the baseline's file and its first added line in the file (1-based), and how many of each. */
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** The unchanged line right before it and right after it ('' at a file's edge): how Consider tells the change is back. */
  before: string;
  after: string;
  /** The reviewer asked for the change to be reverted: queued while the agent's turn ran, then applied or refused (`reason`: why). */
  revert?: { state: RevertState; at: string; reason?: string; [unknownField: string]: unknown };
  /** When Consider last saw the change gone from the file (reverted, or rewritten by the agent). */
  goneAt?: string;
  /** When Consider saw the rejected change back in the file after it was gone: the thread was reopened. */
  backAt?: string;
  [unknownField: string]: unknown;
}

export type RevertState = 'queued' | 'applied' | 'refused';
export const REVERT_STATES: readonly RevertState[] = ['queued', 'applied', 'refused'];

/** Where a thread's code was before it moved into another file (Comment.movedFrom). */
export interface MovedFrom {
  /** Workspace-relative path with forward slashes. */
  file: string;
  /** Its lines there when last seen (1-based, inclusive). */
  startLine: number;
  endLine: number;
  /** ISO time the move was followed. */
  at: string;
  [unknownField: string]: unknown;
}

/** What a thread about removed code quotes, and where that code was (Comment.removed). */
export interface RemovedCode {
  /** The baseline the code was in: `capture:<id>`, `head` or `branch:<ref>` (shared/changes/model.ts). */
  baseline: string;
  /** How the reviewer saw that baseline named: "review round 1", "the last commit (main)". */
  label: string;
  /** The commit a git baseline stood for. */
  sha?: string;
  /** The removed lines (1-based, inclusive) in the file as it was in the baseline. */
  startLine: number;
  endLine: number;
  /** The removed lines, quoted. */
  text: string;
  [unknownField: string]: unknown;
}

/** A thread's code as it was written on (Comment.origin). */
export interface ThreadOrigin {
  startLine: number;
  endLine: number;
  /** The commented lines then, joined with "\n". */
  text: string;
  /** The snapshot of the whole file then (`.consider/snapshots/`), for Show Changes. */
  snapshot?: string;
  [unknownField: string]: unknown;
}

/**
 * What became of a rejected change's code, when its thread no longer sits on it because of the
 * rejection itself and not because the code changed under the thread: `reverted` (the
 * developer's revert put the baseline's lines back), `gone` (the change left the file some other
 * way: the agent took it out or rewrote it). Undefined for any other thread, and once the
 * rejected change is back in the file. The words tell these apart from "stale" (the code changed
 * under the thread), which is what the anchor state alone would say.
 */
export function rejectedChangeLeft(c: Pick<Comment, 'rejected'>): 'reverted' | 'gone' | undefined {
  const r = c.rejected;
  if (!r || r.goneAt === undefined) return undefined;
  return r.revert?.state === 'applied' ? 'reverted' : 'gone';
}

/** Whether a thread is about code that was removed (never re-anchored, see Comment.removed). */
export function isAboutRemovedCode(c: Pick<Comment, 'removed'>): boolean {
  return c.removed !== undefined;
}

/** A submitted review: the pending threads it delivered, and its overall note (docs/agent-loop.md). */
export interface ReviewRound {
  round: number;
  submittedAt: string;
  threadIds: string[];
  /** The review's overall, file-less message, if the human wrote one. */
  message?: string;
  /** When the agent read the round with `consider-cli review`. */
  agentSeenAt?: string;
  /**
   * The capture of the workspace taken at the submit (`.consider/baselines/<id>.json`,
   * shared/changes/baselines.ts): what "changes since this round" compares with. Absent for
   * rounds submitted before baselines existed, or when the capture failed.
   */
  baseline?: string;
  /** Posted as a review on a pull request (`consider-cli pr push`, docs/pull-requests.md): which, and where. */
  postedTo?: { repo: string; number: number; url: string; at: string };
  /**
   * The agent session the round is addressed to, `<agent>:<session id>` as the hooks record it
   * (shared/store/agent-turns.ts; docs/worktrees.md "Rounds go to the agent that wrote the code").
   * Only that session's hook, `wait --session`, `review --session` and `list --session` see the
   * round and its threads; absent: any session (the behaviour before addressing existed).
   */
  forSession?: string;
  [unknownField: string]: unknown;
}

export interface StoreFile {
  version: number;
  comments: Comment[];
  /** Submitted review rounds, oldest first (absent until the first submit). */
  reviews?: ReviewRound[];
  /** Pull requests threads were pulled from or pushed to (docs/pull-requests.md). */
  pullRequests?: PullRequestRecord[];
  /**
   * The time of the last change written (ISO): the next change is stamped later, even within
   * the same millisecond, so the times the store compares (isUnseen) keep the order of the writes.
   */
  lastWriteAt?: string;
  [unknownField: string]: unknown;
}

/** `.consider/config.json` (spec §4.5). */
export interface SkillInstall {
  target: string;
  scope: 'project' | 'home';
  path: string;
  /** Version of the skill text that was written (spec §9.8). */
  version?: string;
  /** sha256 of what setup wrote, to detect a file the user edited since. */
  sha256?: string;
  [unknownField: string]: unknown;
}

export interface ConsiderConfig {
  version: number;
  trackedSkillInstalls: SkillInstall[];
  lastUpdatedAt?: string;
  [unknownField: string]: unknown;
}

/** One line of `.consider/activity.jsonl`: what changed, who, when. */
export interface ActivityEntry {
  at: string;
  actor: Author | 'system';
  action:
    | 'add' | 'reply' | 'resolve' | 'reopen' | 'edit' | 'delete-comment' | 'delete-thread'
    | 'reanchor' | 'archive' | 'unarchive' | 'seen' | 'restore' | 'submit-review' | 'discard-review' | 'address-round'
    | 'pr-pull' | 'pr-push' | 'pr-sync'
    /** A rejected change: its revert made or refused; seen gone from its file; seen back. */
    | 'revert' | 'rejected-gone' | 'rejected-back';
  threadId?: string;
  replyId?: string;
  detail?: Record<string, unknown>;
}

export function emptyStore(): StoreFile {
  return { version: STORE_VERSION, comments: [] };
}

/** "src/a.ts:40" or "src/a.ts:40-42": a place in the workspace, as every surface writes one (e.g. Comment.movedFrom). */
export function placeText(file: string, startLine: number, endLine: number): string {
  return `${file}:${startLine === endLine ? startLine : `${startLine}-${endLine}`}`;
}

/** The place offered to a stale or orphaned thread (Anchor.suggestedMove), or undefined when it has none. */
export function offeredMove(c: Pick<Comment, 'anchor' | 'anchorState'>): SuggestedMove | undefined {
  return c.anchorState === 'anchored' ? undefined : c.anchor.suggestedMove;
}

/**
 * Where a thread came from, in words every surface uses (docs/pull-requests.md): "from PR #42
 * by @alice", "from PR #42 by @coderabbitai (bot)", "posted to PR #42"; undefined for a thread
 * that lives only here. `login`s are data from the host: callers escape them as any other text.
 */
export function pullRequestOrigin(c: Pick<Comment, 'pr'>): string | undefined {
  const p = c.pr;
  if (!p) return undefined;
  if (p.via === 'pushed') return `posted to PR #${p.number}`;
  return `from PR #${p.number} by ${pullRequestAccount(p.author)}`;
}

/** An account on the pull request as every surface names it: "@alice", "@coderabbitai (bot)", and " on PR #42" when `number` is given. */
export function pullRequestAccount(author: PullRequestAuthor, number?: number): string {
  return `@${author.login}${author.bot ? ' (bot)' : ''}${number !== undefined ? ` on PR #${number}` : ''}`;
}

/**
 * Who wrote a reply, when someone wrote it on the pull request: "@alice on PR #42"; undefined
 * otherwise. An agent's reply synced to the pull request is posted with the developer's account,
 * but its words are the agent's: it is named as the agent, here as in VS Code.
 */
export function pullRequestReplyAuthor(r: Pick<Reply, 'pr' | 'author'>, number: number | undefined): string | undefined {
  return r.pr && r.author !== 'agent' ? pullRequestAccount(r.pr.author, number) : undefined;
}

/** Time of the newest activity in a thread; used for sorting and for "unseen". */
export function lastActivityAt(c: Comment): string {
  let latest = c.updatedAt ?? c.createdAt;
  for (const r of c.thread) if (r.createdAt > latest) latest = r.createdAt;
  return latest;
}

/**
 * Unseen (spec §4.2 `agentLastSeenAt`): an open thread has human activity the agent has not
 * read yet — the human wrote (thread, reply or edit) after the agent last read the thread
 * with `get`/`thread`/`context` (or replied). `list` alone does not mark anything seen: a
 * listing shows each body on one line, cut at 100 characters, not the conversation.
 */
export function isUnseen(c: Comment): boolean {
  if (c.workflowState !== 'open' || c.pending) return false;
  const latestHuman = latestHumanActivityAt(c);
  if (!latestHuman) return false;
  return !c.agentLastSeenAt || c.agentLastSeenAt < latestHuman;
}

/**
 * Time of the newest human activity in a thread that the agent has to read (isUnseen): the
 * human's comment or its edit, the submit of the review round that delivered it, a human reply
 * or its edit; '' when there is none.
 */
export function latestHumanActivityAt(c: Comment): string {
  // A plain loop: summary runs this on every open thread of stores with thousands of them.
  let latest = c.author === 'human' ? (c.editedAt ?? c.createdAt) : '';
  // Delivered by a review round: the agent hears of it only at the submit.
  if (c.submittedAt !== undefined && c.submittedAt > latest) latest = c.submittedAt;
  // A rejected change: its revert done or refused, or the change back in the file, is news for the agent.
  const rejected = c.rejected;
  if (rejected !== undefined) {
    if (rejected.revert && rejected.revert.state !== 'queued' && rejected.revert.at > latest) latest = rejected.revert.at;
    if (rejected.backAt !== undefined && rejected.backAt > latest) latest = rejected.backAt;
  }
  for (const r of c.thread) {
    if (r.author !== 'human') continue;
    const at = r.editedAt ?? r.createdAt;
    if (at > latest) latest = at;
  }
  return latest;
}

/** Whether the agent may see this thread at all (it is not part of a pending review). */
export function visibleToAgent(c: Comment): boolean {
  return c.pending !== true;
}

/**
 * The thread's disposition, which follows the conversation: that of the newest agent reply
 * carrying one, as long as no human has replied since. A human reply answers the agent's
 * question, or answers its "addressed" or "declined"; the next move is the agent's again and the
 * thread has no disposition (each reply keeps its own label). One definition for the inline
 * title, the board and the CLI's `list` and `summary`.
 */
export function dispositionOf(c: Comment): Disposition | undefined {
  for (let i = c.thread.length - 1; i >= 0; i--) {
    const r = c.thread[i]!;
    if (r.author === 'human') return undefined;
    if (r.disposition !== undefined) return r.disposition;
  }
  return undefined;
}

/** "Addressed, awaiting your check": an open thread whose disposition (dispositionOf) is `addressed`. */
export function awaitsHumanCheck(c: Comment): boolean {
  return c.workflowState === 'open' && dispositionOf(c) === 'addressed';
}

/** What a session id may look like (`claude:0f6c…`, or the bare id): letters, digits and `._:@-`, at most 200. */
export const SESSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:@-]{0,199}$/;

/**
 * Whether `viewer` is the session `forSession` names: the same `<agent>:<id>`, or the bare id
 * (what an agent that only knows its own session id passes to `--session`).
 */
export function isSameSession(forSession: string, viewer: string): boolean {
  return forSession === viewer || forSession.slice(forSession.indexOf(':') + 1) === viewer;
}

/**
 * The rounds `viewer` must not see: those addressed to another session. An unknown viewer
 * (undefined: a `wait` or MCP server that was not told its session) sees unaddressed rounds only.
 */
export function roundsHiddenFrom(store: StoreFile, viewer: string | undefined): Set<number> {
  const hidden = new Set<number>();
  for (const r of store.reviews ?? []) {
    if (r.forSession !== undefined && (viewer === undefined || !isSameSession(r.forSession, viewer))) hidden.add(r.round);
  }
  return hidden;
}

/**
 * The store as the session `viewer` sees it: without the rounds addressed to other sessions and
 * their threads (a shallow copy; the same store when nothing is addressed).
 */
export function storeSeenBy(store: StoreFile, viewer: string | undefined): StoreFile {
  const hidden = roundsHiddenFrom(store, viewer);
  if (hidden.size === 0) return store;
  return {
    ...store,
    comments: store.comments.filter((c) => c.round === undefined || !hidden.has(c.round)),
    reviews: (store.reviews ?? []).filter((r) => !hidden.has(r.round)),
  };
}

/** Submitted rounds with an overall message the agent has not read yet. */
export function unseenReviewMessages(store: StoreFile): ReviewRound[] {
  return (store.reviews ?? []).filter((r) => r.message !== undefined && r.agentSeenAt === undefined);
}

/**
 * The feedback waiting for the agent: unseen threads (never a pending one, see isUnseen) and
 * unread review messages. What `wait` wakes for and what `hook stop` blocks for; summary
 * counts the same two sets (unseenOpen, unseenReviews).
 */
export function unseenFeedback(store: StoreFile): { threads: Comment[]; reviews: ReviewRound[] } {
  return { threads: store.comments.filter(isUnseen), reviews: unseenReviewMessages(store) };
}
