/**
 * The typed protocol between the extension host and the board webview (DESIGN.md §8).
 *
 * - One readonly discriminated union per direction: `WebviewMessage` (webview → host) and
 *   `HostMessage` (host → webview), every message named `scope/verb`.
 * - Handshake: the webview's first message is `webview/ready` carrying PROTOCOL_VERSION; the
 *   host queues everything until then and answers a different version with `host/incompatible`.
 * - Requests carry a `requestId`; the host answers each with exactly one `host/response`
 *   (and may send `host/progress` with the same id before that). `REQUESTS` pairs every
 *   request's parameters with its result, both as schemas (schema.ts): the TypeScript types
 *   are taken from those schemas, so a message's type and its runtime check are one thing.
 *   The views the host sends (ThreadView, FolderSnapshot, …) keep their documented interfaces,
 *   and the compiler checks that each agrees with its schema (`Same`).
 * - Both sides validate what they receive: the host every webview message before acting, the
 *   webview every host message, and each response against the request it answers (no
 *   dependencies: this file is shared by the extension bundle and the Vite webview build).
 * - Link policy (which links a comment may open) is in links.ts.
 * - On the wire a snapshot travels packed (packHostMessage): its body as one JSON string, so
 *   thousands of threads cross VS Code's message passing and the webview's postMessage as one
 *   string (serialised once, parsed once) instead of being serialised, parsed and structurally
 *   cloned object by object on the way. parseHostMessage unpacks it before validating.
 *
 * No `vscode` import here.
 */
import { DISPOSITIONS, MAX_BODY_CHARS, type AnchorState, type Author, type Disposition, type WorkflowState } from '../model';
import { HOOK_AGENT_IDS, INTEGRATION_IDS, MCP_AGENT_IDS, PLAN_GATE_AGENT_IDS, type InstallScope } from '../agents';
import {
  anyStr, arrayOf, bool, check, int, isObject, num, object, oneOf, onlyTrue, optional, refine, schema, str,
  type Check, type Infer, type Same, type Schema,
} from './schema';

export { HOOK_AGENT_IDS, INTEGRATION_IDS, MCP_AGENT_IDS, PLAN_GATE_AGENT_IDS, type HookAgent, type InstallScope, type Integration, type McpAgent, type PlanGateAgent } from '../agents';
export { SAFE_LINK_SCHEMES, isSafeLink } from './links';

/**
 * 2: the snapshot carries thread summaries; conversations come with `thread/details`.
 * 3: snapshots travel packed into one JSON string (packHostMessage).
 * 4: the review loop (docs/agent-loop.md): threads carry pending, round, disposition and
 *    awaitingCheck, folders their pending count and submitted rounds, replies their
 *    disposition; `review/submit` and `review/discard` requests.
 */
export const PROTOCOL_VERSION = 4;

export type ViewName = 'board' | 'triage' | 'setup' | 'uninstall';
export const VIEW_NAMES: readonly ViewName[] = ['board', 'triage', 'setup', 'uninstall'];

/** A thread in one workspace folder (multi-root: ids are unique per folder only). */
export interface ThreadRef {
  readonly root: string;
  readonly id: string;
}

export interface ReplyView {
  readonly id: string;
  readonly author: Author;
  readonly body: string;
  readonly createdAt: string;
  /** What the agent says it did, on the agent reply that says it (model.ts Reply.disposition); absent otherwise. */
  readonly disposition?: Disposition;
  /** Who wrote it on the pull request it came from (model.ts Reply.pr); absent for a reply written here. */
  readonly prAuthor?: string;
}

/**
 * What the board's list needs of a thread: a slim, stable view of the store's Comment. The
 * conversation (full body, replies) is not in it: a snapshot of thousands of threads must
 * arrive and render fast, and only the selected thread and free-text search need the text.
 * The webview asks for that with `thread/details` once the list is painted. For the same
 * reason the fields marked "absent when …" are left out in their common case.
 */
export interface ThreadView {
  readonly id: string;
  readonly file: string;
  readonly startLine: number;
  readonly endLine: number;
  readonly workflowState: WorkflowState;
  readonly anchorState: AnchorState;
  readonly author: Author;
  /** The body's first non-blank line as plain text, at most TITLE_MAX characters: what a row shows. */
  readonly title: string;
  /** Newest activity (creation, reply, edit, state change). */
  readonly lastActivityAt: string;
  /** Open thread with human activity the agent has not read yet; absent when false. */
  readonly unseen?: true;
  /** Why the anchor is stale/orphaned, in words. */
  readonly reason?: string;
  /**
   * A rejected change that left its file (model.ts rejectedChangeLeft): `reverted` by the
   * developer, or `gone` (taken out or rewritten since). Its badge says so instead of "stale":
   * its code did not change under it. Absent otherwise.
   */
  readonly rejectedLeft?: 'reverted' | 'gone';
  /** The code the thread was written about (stored target lines); absent for anchored threads (only triage shows it). */
  readonly targetContent?: string;
  /** Number of replies; absent when none. */
  readonly replyCount?: number;
  /** Who wrote the newest reply; absent when there is none. */
  readonly lastReplyAuthor?: Author;
  /** The distinct authors of the replies (the author filter matches a thread either one took part in); absent when none. */
  readonly replyAuthors?: readonly Author[];
  /** Part of the human's pending review, not sent to the agent yet; absent when false. */
  readonly pending?: true;
  /** The review round that delivered the thread; absent when it came outside a review (or is pending). */
  readonly round?: number;
  /** The newest agent disposition (model.ts dispositionOf); absent when the agent gave none. */
  readonly disposition?: Disposition;
  /** Addressed by the agent and not yet checked by the human (model.ts awaitsHumanCheck); absent when false. */
  readonly awaitingCheck?: true;
  /** Where its code was before it moved into this file (model.ts Comment.movedFrom); absent when it never moved. */
  readonly movedFrom?: PlaceView;
  /**
   * Stale or orphaned, and its code was found once in another file but not followed (model.ts
   * Anchor.suggestedMove): "may have moved to …", with why; absent otherwise.
   */
  readonly suggestedMove?: SuggestedMoveView;
  /** Addressed and awaiting the check, but its code is exactly what it was written on (shared/changes/proof.ts); absent when false. */
  readonly addressedUnchanged?: true;
  /** Its code differs from what it was written on: the detail pane offers Show Changes; absent when false or unknown. */
  readonly codeChanged?: true;
  /** About code that was removed (model.ts Comment.removed): the name of the baseline it was in; absent otherwise. */
  readonly removedIn?: string;
  /** Also a pull request's review thread (model.ts Comment.pr): its number, author, link; absent for a thread that lives only here. */
  readonly pr?: PullRequestView;
}

/** Where a thread came from on a pull request (ThreadView.pr). */
export interface PullRequestView {
  readonly number: number;
  /** pulled: came in from it; pushed: written here and posted to it. */
  readonly via: 'pulled' | 'pushed';
  /** The login of who opened it there. */
  readonly author: string;
  readonly bot?: true;
  readonly url: string;
}

/** A place in a workspace file (lines 1-based, inclusive). */
export interface PlaceView {
  readonly file: string;
  readonly startLine: number;
  readonly endLine: number;
}

/** A place a flagged thread's code may have moved to, and why it was not followed (ThreadView.suggestedMove). */
export interface SuggestedMoveView extends PlaceView {
  readonly reason: string;
}

/** A submitted review round as the board shows it (model.ts ReviewRound, without the agent's bookkeeping). */
export interface ReviewView {
  readonly round: number;
  readonly submittedAt: string;
  /** How many threads it delivered. */
  readonly threads: number;
  /** The review's overall message, if the human wrote one. */
  readonly message?: string;
  /** Its threads' newest dispositions, counted; absent when the agent gave none yet. */
  readonly dispositions?: { readonly addressed: number; readonly declined: number; readonly question: number };
  /** Its threads still open. */
  readonly open?: number;
  /** The capture taken at its submit is kept: "Changes since this round" can be shown; absent when not. */
  readonly hasBaseline?: true;
  /**
   * "12 of 31 changes reviewed": the changes (hunks) since this round's baseline and how many are
   * reviewed there, when the Changes view shows this round's changes; absent otherwise
   * (extension/board/snapshot.ts withRoundProgress says why).
   */
  readonly changes?: { readonly reviewed: number; readonly total: number };
  /**
   * The agent session the round is addressed to (model.ts ReviewRound.forSession; issue 39), with
   * what the hooks last recorded of it here (shared/store/agent-turns.ts): `working` while its turn
   * runs, else when it last acted; neither when no turn of it is recorded (any more). Absent: any session.
   */
  readonly forSession?: { readonly session: string; readonly lastActedAt?: string; readonly working?: true };
}

export const TITLE_MAX = 200;

/**
 * A thread's `title`: the body's first non-blank line as plain text, capped. Markdown marks are
 * dropped only where they are marks: a heading, quote or list marker at the start, emphasis
 * around words, inline code. `MAX_ATTEMPTS`, `a * b` and `min > max` keep every character.
 */
export function titleOf(body: string): string {
  const line = body.split('\n', 50).find((l) => l.trim()) ?? '';
  return line
    .replace(/^\s*(?:#{1,6}\s+|>\s*|[-*+]\s+|\d+[.)]\s+)+/, '') // heading, quote, list item
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2') // **strong**, __strong__
    .replace(/(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])/g, '$1') // *emphasis*
    .replace(/(?<!\w)_(?=[^\s_])(.+?)(?<=[^\s_])_(?!\w)/g, '$1') // _emphasis_ (never inside a word)
    .replace(/`([^`]+)`/g, '$1') // `code`
    .trim()
    .slice(0, TITLE_MAX);
}

/** A thread's conversation, sent on request (`thread/details`). */
export interface ThreadDetails {
  readonly id: string;
  readonly body: string;
  readonly createdAt: string;
  readonly replies: readonly ReplyView[];
  /**
   * Proof of fix: the lines the thread was written on (`then`) and, when its code changed and
   * is still anchored, today's (`now`), for the detail pane's few changed lines; absent when the
   * thread keeps no origin or its code did not change.
   */
  readonly code?: { readonly then: string; readonly now?: string };
}

export interface FolderDetails {
  readonly root: string;
  readonly threads: readonly ThreadDetails[];
}

export interface FolderSnapshot {
  readonly root: string;
  readonly name: string;
  /** False when the folder has no store yet (setup not run, no comment added). */
  readonly hasStore: boolean;
  readonly threads: readonly ThreadView[];
  /** The store exists but cannot be read: the recovery banner explains it. */
  readonly error?: { readonly code: string; readonly message: string; readonly hint?: string };
  /** Readable but written by a newer version: shown, never written. */
  readonly readOnlyReason?: string;
  /** A last good copy exists (store.json.bak), so "restore" is offered. */
  readonly hasBackup?: boolean;
  /** Threads of the pending review (the review bar's count); absent when none. */
  readonly pendingCount?: number;
  /** The submitted review rounds, oldest first; absent when none. */
  readonly reviews?: readonly ReviewView[];
  /**
   * The git worktree this folder is (issue 39, docs/worktrees.md): set only when the repository
   * has more than one worktree holding a Consider store, so the board groups threads by worktree.
   * A folder with `current: false` is another worktree's, read by the host, never written.
   */
  readonly worktree?: WorktreeView;
}

/** A worktree as the board's group header shows it (FolderSnapshot.worktree). */
export interface WorktreeView {
  /** Its branch, short; absent when its HEAD is detached. */
  readonly branch?: string;
  /** Its folder, absolute, as `git worktree list` names it. */
  readonly folder: string;
  /** The checkout this window is on (shown first). */
  readonly current: boolean;
  /** Its place in git's list (0: the main worktree). */
  readonly order: number;
  /** When an agent's hook last recorded a turn there (shared/store/agent-turns.ts); absent when none did. */
  readonly lastAgentAt?: string;
  /** That turn's session, `<agent>:<session id>` (shown as `claude 7f3e2a91`). */
  readonly lastAgentSession?: string;
  /** That turn is running now. */
  readonly agentWorking?: true;
}

export interface Visibility {
  readonly showResolved: boolean;
  readonly showStale: boolean;
}

// ---------------------------------------------------------------------------------------------
// The shapes both sides check, each a schema (schema.ts).

const MAX_REFS = 10_000;
const MAX_ID = 200;
const MAX_PATH = 4096;

export const VIEW_NAME = oneOf(VIEW_NAMES);
const workflow = oneOf<WorkflowState>(['open', 'resolved']);
const anchorState = oneOf<AnchorState>(['anchored', 'stale', 'orphaned']);
const author = oneOf<Author>(['human', 'agent']);
const disposition = oneOf<Disposition>(DISPOSITIONS);
const scope = oneOf<InstallScope>(['project', 'home']);

const rootPath = str(MAX_PATH);
const threadId = str(MAX_ID);
const threadRef = object({ root: rootPath, id: threadId });
const refs = arrayOf(threadRef, MAX_REFS);
const nonEmptyRefs = refine(refs, (v) => (v.length === 0 ? ' must not be empty' : undefined));
const none = object({});

const replyView = object({ id: anyStr, author, body: anyStr, createdAt: anyStr, disposition: optional(disposition), prAuthor: optional(anyStr) });
/** What a ThreadView is (exported for the test that holds isThreadView to it). */
export const threadViewShape = object({
  id: anyStr, file: anyStr, startLine: int(0), endLine: int(0), workflowState: workflow, anchorState, author,
  title: anyStr, lastActivityAt: anyStr, unseen: optional(onlyTrue), reason: optional(anyStr), rejectedLeft: optional(oneOf(['reverted', 'gone'] as const)), targetContent: optional(anyStr),
  replyCount: optional(int(1)), lastReplyAuthor: optional(author), replyAuthors: optional(arrayOf(author, 2)),
  pending: optional(onlyTrue), round: optional(int(1)), disposition: optional(disposition), awaitingCheck: optional(onlyTrue),
  movedFrom: optional(object({ file: anyStr, startLine: int(1), endLine: int(1) })),
  suggestedMove: optional(object({ file: anyStr, startLine: int(1), endLine: int(1), reason: anyStr })),
  addressedUnchanged: optional(onlyTrue), codeChanged: optional(onlyTrue), removedIn: optional(anyStr),
  pr: optional(object({ number: int(1), via: oneOf(['pulled', 'pushed'] as const), author: anyStr, bot: optional(onlyTrue), url: anyStr })),
});
/** A whole number from 0 up to Number.MAX_SAFE_INTEGER, as the schema's int(0) has it. */
const isCount = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;
const isAuthor = (v: unknown): boolean => v === 'human' || v === 'agent';
const optionalString = (v: unknown): boolean => v === undefined || typeof v === 'string';
const optionalTrue = (v: unknown): boolean => v === undefined || v === true;
const isDisposition = (v: unknown): boolean => v === 'addressed' || v === 'declined' || v === 'question';
/**
 * The same test as threadViewShape, written out: a snapshot holds thousands of threads and
 * this runs on the webview's critical path (generic checks cost ~10x more). On a failure the
 * generic check runs to say where. test/protocol.test.ts holds the two to the same answers.
 */
export function isThreadView(v: unknown): boolean {
  if (!isObject(v)) return false;
  const a = v.replyAuthors;
  return typeof v.id === 'string' && typeof v.file === 'string' && isCount(v.startLine) && isCount(v.endLine)
    && (v.workflowState === 'open' || v.workflowState === 'resolved')
    && (v.anchorState === 'anchored' || v.anchorState === 'stale' || v.anchorState === 'orphaned')
    && isAuthor(v.author) && typeof v.title === 'string' && typeof v.lastActivityAt === 'string'
    && optionalTrue(v.unseen) && optionalString(v.reason) && (v.rejectedLeft === undefined || v.rejectedLeft === 'reverted' || v.rejectedLeft === 'gone') && optionalString(v.targetContent)
    && (v.replyCount === undefined || (isCount(v.replyCount) && (v.replyCount as number) > 0))
    && (v.lastReplyAuthor === undefined || isAuthor(v.lastReplyAuthor))
    && (a === undefined || (Array.isArray(a) && a.length <= 2 && a.every(isAuthor)))
    && optionalTrue(v.pending) && optionalTrue(v.awaitingCheck) && optionalTrue(v.addressedUnchanged) && optionalTrue(v.codeChanged) && optionalString(v.removedIn)
    && (v.round === undefined || (isCount(v.round) && (v.round as number) > 0))
    && (v.disposition === undefined || isDisposition(v.disposition))
    && (v.movedFrom === undefined || isPlace(v.movedFrom))
    && (v.suggestedMove === undefined || (isPlace(v.suggestedMove) && typeof (v.suggestedMove as { reason?: unknown }).reason === 'string'))
    && (v.pr === undefined || isPullRequestView(v.pr));
}

function isPullRequestView(v: unknown): boolean {
  return isObject(v) && isCount(v.number) && (v.number as number) > 0 && (v.via === 'pulled' || v.via === 'pushed')
    && typeof v.author === 'string' && optionalTrue(v.bot) && typeof v.url === 'string';
}

function isPlace(v: unknown): boolean {
  return isObject(v) && typeof v.file === 'string' && isCount(v.startLine) && (v.startLine as number) > 0 && isCount(v.endLine) && (v.endLine as number) > 0;
}
export const checkThreadView = schema<ThreadView>((v) => (isThreadView(v) ? undefined : threadViewShape(v) ?? ' is not a thread view'));
const threadDetails = object({ id: anyStr, body: anyStr, createdAt: anyStr, replies: arrayOf(replyView, 100_000), code: optional(object({ then: anyStr, now: optional(anyStr) })) });
const folderDetailsList = arrayOf(object({ root: anyStr, threads: arrayOf(threadDetails, 1_000_000) }), 10_000);
const reviewView = object({
  round: int(1), submittedAt: anyStr, threads: int(0), message: optional(anyStr),
  dispositions: optional(object({ addressed: int(0), declined: int(0), question: int(0) })), open: optional(int(0)), hasBaseline: optional(onlyTrue),
  changes: optional(object({ reviewed: int(0), total: int(0) })),
  forSession: optional(object({ session: anyStr, lastActedAt: optional(anyStr), working: optional(onlyTrue) })),
});
const worktreeView = object({
  branch: optional(anyStr), folder: anyStr, current: bool, order: int(0),
  lastAgentAt: optional(anyStr), lastAgentSession: optional(anyStr), agentWorking: optional(onlyTrue),
});
const folderSnapshot = object({
  root: anyStr, name: anyStr, hasStore: bool, threads: arrayOf(checkThreadView, 1_000_000),
  error: optional(object({ code: anyStr, message: anyStr, hint: optional(anyStr) })),
  readOnlyReason: optional(anyStr), hasBackup: optional(bool),
  pendingCount: optional(int(1)),
  reviews: optional(arrayOf(reviewView, 100_000)),
  worktree: optional(worktreeView),
});
const visibility = object({ showResolved: bool, showStale: bool });

// The documented view interfaces above and their schemas accept the same values (checked here, at compile time).
type Agrees<T extends true> = T;
export type ViewsAgreeWithSchemas = [
  Agrees<Same<Infer<typeof threadViewShape>, ThreadView>>,
  Agrees<Same<Infer<typeof replyView>, ReplyView>>,
  Agrees<Same<Infer<typeof threadDetails>, ThreadDetails>>,
  Agrees<Same<Infer<typeof reviewView>, ReviewView>>,
  Agrees<Same<Infer<typeof worktreeView>, WorktreeView>>,
  Agrees<Same<Infer<typeof folderSnapshot>, FolderSnapshot>>,
  Agrees<Same<Infer<typeof visibility>, Visibility>>,
];

// ---------------------------------------------------------------------------------------------
// Request results: their types are their schemas'.

const bulkFields = {
  done: int(0),
  failed: arrayOf(object({ id: anyStr, message: anyStr }), 1_000_000),
  /** Set when the action can be undone with `store/undo`. */
  undoId: optional(anyStr),
};
const bulkResult = object(bulkFields);
export type BulkResult = Infer<typeof bulkResult>;

/** What `review/submit` did: `done` counts the threads delivered; one round per folder that had a review. */
const submitReviewResult = object({
  ...bulkFields, rounds: arrayOf(object({ root: anyStr, round: int(1) }), 10_000),
  /** The user closed the session question (which agent session is the round for?): nothing was sent. */
  cancelled: optional(onlyTrue),
});
export type SubmitReviewResult = Infer<typeof submitReviewResult>;

/** What `review/copyDigest` put on the clipboard: nothing (no review, the folder pick cancelled) or the page's size. */
const copyDigestResult = object({ copied: bool, chars: int(0), pendingLeftOut: int(0) });
export type CopyDigestResult = Infer<typeof copyDigestResult>;

/**
 * Where the current code is today, for the triage diff: a suggested place in today's file
 * (1-based, inclusive) when something fits — 'match': the same code found there; 'edited': the
 * code in its place was changed — and today's lines there (or at the stored range when there is
 * no suggestion), from currentStartLine.
 */
const anchorSuggestion = object({
  fileExists: bool,
  startLine: optional(int(1)),
  endLine: optional(int(1)),
  kind: optional(oneOf(['match', 'edited'] as const)),
  method: optional(anyStr),
  confidence: optional(num),
  reason: optional(anyStr),
  currentLines: arrayOf(anyStr, 1_000_000),
  currentStartLine: int(1),
});
export type AnchorSuggestion = Infer<typeof anchorSuggestion>;

const reconcileSummary = object({
  folders: int(0), checked: int(0), moved: int(0), stale: int(0), orphaned: int(0), restored: int(0),
  failed: arrayOf(object({ root: anyStr, message: anyStr }), 10_000),
});
export type ReconcileSummary = Infer<typeof reconcileSummary>;

const installedAt = arrayOf(object({ scope, path: anyStr }), 100);
/** What setup finds in a folder; per integration, where its skill (and hook, for agents that have one) is installed now. */
const setupStateView = object({
  root: anyStr,
  storeExists: bool,
  runtimeVersion: optional(anyStr),
  gitignoreHasEntry: bool,
  integrations: arrayOf(object({
    target: oneOf(INTEGRATION_IDS),
    label: anyStr,
    projectPath: anyStr,
    homePath: anyStr,
    installed: installedAt,
    hook: optional(object({ installed: installedAt })),
    /** Agents that take MCP servers: the project file setup registers the server in, and whether it is there now. */
    mcp: optional(object({ path: anyStr, installed: bool })),
    /** Agents with a plan hook (docs/plan-gate.md): where the plan gate is installed now, and what to know about it. */
    planGate: optional(object({ installed: installedAt, note: optional(anyStr) })),
  }), 100),
});
export type SetupStateView = Infer<typeof setupStateView>;

export const SETUP_ACTION_KINDS = ['created', 'updated', 'unchanged', 'removed', 'skipped', 'refused'] as const;
export type SetupActionKind = (typeof SETUP_ACTION_KINDS)[number];
export const AGENT_NEED_STATES = ['done', 'todo', 'info'] as const;
const setupReportView = object({
  actions: arrayOf(object({ kind: oneOf(SETUP_ACTION_KINDS), path: anyStr, detail: optional(anyStr) }), 100_000),
  /** After setup: what each agent set up still needs from the user, once (setup/prerequisites.ts). */
  needs: optional(arrayOf(object({ agent: anyStr, label: anyStr, step: anyStr, state: oneOf(AGENT_NEED_STATES), where: optional(anyStr) }), 1_000)),
});
export type SetupReportView = Infer<typeof setupReportView>;

// ---------------------------------------------------------------------------------------------
// Webview → host: requests (parameters and result) and notifications.

/** Every request the webview can make: its parameters and the host's result, as schemas. */
export const REQUESTS = {
  /** The conversations of every thread in every readable folder (the snapshot has summaries only). */
  'thread/details': { params: none, result: object({ folders: folderDetailsList }) },
  'thread/reply': { params: object({ root: rootPath, id: threadId, body: refine(str(MAX_BODY_CHARS), (v) => (v.trim() ? undefined : ' must not be blank')) }), result: bulkResult },
  'thread/setState': { params: object({ refs: nonEmptyRefs, state: workflow }), result: bulkResult },
  'thread/delete': { params: object({ refs: nonEmptyRefs }), result: bulkResult },
  'anchor/suggest': { params: threadRef, result: anchorSuggestion },
  /** To the in-file suggestion (`anchor/suggest`), the editor's selection, or the place in another file the thread was offered (ThreadView.suggestedMove). */
  'anchor/reanchor': { params: object({ refs: nonEmptyRefs, to: oneOf(['suggestion', 'selection', 'suggestedMove'] as const) }), result: bulkResult },
  'anchor/confirm': { params: object({ refs: nonEmptyRefs }), result: bulkResult },
  'store/archiveResolved': { params: none, result: bulkResult },
  /** Submits every folder's pending review (extension/board/handlers/review.ts). */
  'review/submit': { params: object({ message: optional(str(MAX_BODY_CHARS, { nonEmpty: false })) }), result: submitReviewResult },
  /** Re-addresses a submitted round to any agent session (the one it was for has ended, or was the wrong one). */
  'review/sendToAnySession': { params: object({ root: rootPath, round: int(1) }), result: bulkResult },
  /** Deletes every folder's pending threads; undoable with `store/undo`. */
  'review/discard': { params: none, result: bulkResult },
  /** Copy Review Digest (the CLI's `digest` page onto the clipboard), without VS Code's notification. */
  'review/copyDigest': { params: none, result: copyDigestResult },
  'store/reconcileAll': { params: none, result: reconcileSummary },
  'store/undo': { params: object({ undoId: str(MAX_ID) }), result: bulkResult },
  'store/recover': { params: object({ root: rootPath, action: oneOf(['retry', 'restoreBackup'] as const) }), result: bulkResult },
  'setup/describe': { params: object({ root: rootPath }), result: setupStateView },
  'setup/run': {
    params: object({
      root: rootPath,
      gitignore: bool,
      integrations: arrayOf(object({ target: oneOf(INTEGRATION_IDS), scope }), INTEGRATION_IDS.length),
      /** Delivery hooks, chosen apart from the skills; absent = none. */
      hooks: optional(arrayOf(object({ target: oneOf(HOOK_AGENT_IDS), scope }), HOOK_AGENT_IDS.length)),
      /** Agents to register the MCP server with (always in the project); absent = none. */
      mcpServers: optional(arrayOf(object({ target: oneOf(MCP_AGENT_IDS) }), MCP_AGENT_IDS.length)),
      /** Plan gates (the agent's plan hook), chosen apart from the skills; absent = none. */
      planGates: optional(arrayOf(object({ target: oneOf(PLAN_GATE_AGENT_IDS), scope }), PLAN_GATE_AGENT_IDS.length)),
    }),
    result: setupReportView,
  },
  'uninstall/run': {
    params: object({
      root: rootPath, mode: oneOf(['full', 'skills-only'] as const), removeGitignoreEntry: bool,
      /** Also delete skill files the user edited or added (kept otherwise). */
      removeEdited: optional(bool),
    }),
    result: setupReportView,
  },
} as const satisfies Record<string, { readonly params: Schema<unknown>; readonly result: Schema<unknown> }>;

export type RequestType = keyof typeof REQUESTS;
export type RequestParams<K extends RequestType> = Infer<(typeof REQUESTS)[K]['params']>;
export type RequestResult<K extends RequestType> = Infer<(typeof REQUESTS)[K]['result']>;
export const REQUEST_TYPES = Object.keys(REQUESTS) as RequestType[];

export type WebviewRequest = {
  readonly [K in RequestType]: { readonly type: K; readonly requestId: string; readonly params: RequestParams<K> };
}[RequestType];

/** Webview → host messages that expect no answer, by type. */
const NOTIFICATIONS = {
  'webview/ready': object({ protocolVersion: int(0) }),
  'webview/viewChanged': object({ view: VIEW_NAME }),
  'thread/reveal': object({ root: rootPath, id: threadId }),
  'link/open': object({ href: str(2048) }),
  'visibility/set': object({ showResolved: optional(bool), showStale: optional(bool) }),
  'store/openFile': object({ root: rootPath }),
  /** Proof of fix: the diff of the code a thread was written on with today's (the Changes view's documents). */
  'thread/showChanges': object({ root: rootPath, id: threadId }),
  /** Opens the Changes view on the baseline of a submitted round. */
  'changes/showSince': object({ root: rootPath, round: int(1) }),
} as const;
type NotificationType = keyof typeof NOTIFICATIONS;
type Notification = { readonly [K in NotificationType]: { readonly type: K } & Infer<(typeof NOTIFICATIONS)[K]> }[NotificationType];

/** Webview → host. */
export type WebviewMessage = Notification | WebviewRequest;

// ---------------------------------------------------------------------------------------------
// Host → webview.

const HOST_MESSAGE_SHAPES = {
  'host/snapshot': object({
    folders: arrayOf(folderSnapshot, 10_000),
    visibility,
    /**
     * The conversations, in every snapshot but the first after `ready`: that one must be small
     * to paint fast (the webview asks for them with `thread/details` once it is painted); later
     * ones are updates, where a reply should show at once, without a second round trip.
     */
    details: optional(folderDetailsList),
  }),
  'host/view': object({ view: VIEW_NAME }),
  'host/visibility': object({ visibility }),
  'host/progress': object({ requestId: anyStr, done: int(0), total: int(0) }),
  'host/incompatible': object({ hostVersion: int(0) }),
} as const;
type HostNotificationType = keyof typeof HOST_MESSAGE_SHAPES;
type HostNotification = { readonly [K in HostNotificationType]: { readonly type: K } & Infer<(typeof HOST_MESSAGE_SHAPES)[K]> }[HostNotificationType];

/** The answer to one request: its result (checked against the request's result schema by the webview) or an error. */
export type HostResponse =
  | { readonly type: 'host/response'; readonly requestId: string; readonly ok: true; readonly result: unknown }
  | { readonly type: 'host/response'; readonly requestId: string; readonly ok: false; readonly error: { readonly message: string; readonly code?: string } };
const responseBase = object({ requestId: anyStr, ok: bool });
const responseError = object({ error: object({ message: anyStr, code: optional(anyStr) }) });
const hostResponse: Check = (v) => responseBase(v) ?? ((v as Record<string, unknown>).ok ? undefined : responseError(v));

/** Host → webview. */
export type HostMessage = HostNotification | HostResponse;

export type Parsed<T> = { readonly ok: true; readonly message: T } | { readonly ok: false; readonly error: string };

/** Validates a message from the webview. The host acts only on `ok` results. */
export function parseWebviewMessage(raw: unknown): Parsed<WebviewMessage> {
  if (!isObject(raw)) return { ok: false, error: 'message must be an object' };
  const type = raw.type;
  if (typeof type !== 'string') return { ok: false, error: 'message.type must be a string' };
  if (Object.prototype.hasOwnProperty.call(REQUESTS, type)) {
    const e = check(str(MAX_ID), raw.requestId, 'requestId') ?? check(REQUESTS[type as RequestType].params, raw.params, 'params');
    return e ? { ok: false, error: `${type}: ${e}` } : { ok: true, message: raw as unknown as WebviewMessage };
  }
  const shape = Object.prototype.hasOwnProperty.call(NOTIFICATIONS, type) ? NOTIFICATIONS[type as NotificationType] : undefined;
  if (!shape) return { ok: false, error: `unknown message type ${JSON.stringify(type.slice(0, 80))}` };
  const e = check(shape, raw, 'message');
  return e ? { ok: false, error: `${type}: ${e}` } : { ok: true, message: raw as unknown as WebviewMessage };
}

/** The wire form of a snapshot: everything but `type`, as one JSON string (see the header). */
interface PackedSnapshot { readonly type: 'host/snapshot'; readonly packed: string }

// Snapshot folder lists already serialised (prepareFolders): packing one reuses its string.
const preparedJson = new WeakMap<readonly FolderSnapshot[], string>();

/** Serialises a snapshot's folder list ahead of time, while the host is idle; packHostMessage then reuses it. */
export function prepareFolders(folders: readonly FolderSnapshot[]): void {
  preparedJson.set(folders, JSON.stringify(folders));
}

/** What the host posts: snapshots packed into one JSON string, every other message as it is. */
export function packHostMessage(m: HostMessage): HostMessage | PackedSnapshot {
  if (m.type !== 'host/snapshot') return m;
  const folders = preparedJson.get(m.folders) ?? JSON.stringify(m.folders);
  const details = m.details ? `,"details":${JSON.stringify(m.details)}` : '';
  return { type: 'host/snapshot', packed: `{"folders":${folders},"visibility":${JSON.stringify(m.visibility)}${details}}` };
}

/**
 * Validates a message from the host (a packed snapshot is unpacked first; the unpacked form is
 * accepted too). The webview ignores (and logs) anything that fails. A response's result is
 * checked by parseResult, against the request it answers.
 */
export function parseHostMessage(wire: unknown): Parsed<HostMessage> {
  const raw = unpack(wire);
  if (typeof raw === 'string') return { ok: false, error: raw };
  if (!isObject(raw)) return { ok: false, error: 'message must be an object' };
  const type = raw.type;
  const shape: Check | undefined = type === 'host/response' ? hostResponse
    : typeof type === 'string' && Object.prototype.hasOwnProperty.call(HOST_MESSAGE_SHAPES, type) ? HOST_MESSAGE_SHAPES[type as HostNotificationType] : undefined;
  if (!shape) return { ok: false, error: `unknown message type ${JSON.stringify(String(type).slice(0, 80))}` };
  const e = check(shape, raw, 'message');
  return e ? { ok: false, error: `${type}: ${e}` } : { ok: true, message: raw as unknown as HostMessage };
}

/** A packed snapshot as the message it stands for; anything else as it is; a string says why it cannot be unpacked. */
function unpack(wire: unknown): unknown {
  if (!isObject(wire) || wire.type !== 'host/snapshot' || typeof wire.packed !== 'string') return wire;
  let body: unknown;
  try { body = JSON.parse(wire.packed); } catch { return 'host/snapshot: packed is not valid JSON'; }
  return isObject(body) ? { ...body, type: 'host/snapshot' } : 'host/snapshot: packed must hold an object';
}

/** Validates the result of a request against that request's result schema (results are data like snapshots: checked before use). */
export function parseResult<K extends RequestType>(type: K, raw: unknown): Parsed<RequestResult<K>> {
  const e = check(REQUESTS[type].result, raw, 'result');
  return e ? { ok: false, error: `${type}: ${e}` } : { ok: true, message: raw as RequestResult<K> };
}

/** parseResult for `thread/details`. */
export function parseThreadDetails(raw: unknown): Parsed<RequestResult<'thread/details'>> {
  return parseResult('thread/details', raw);
}
