/**
 * The typed protocol between the extension host and the board webview (DESIGN.md §8).
 *
 * - One readonly discriminated union per direction: `WebviewMessage` (webview → host) and
 *   `HostMessage` (host → webview), every message named `scope/verb`.
 * - Handshake: the webview's first message is `webview/ready` carrying PROTOCOL_VERSION; the
 *   host queues everything until then and answers a different version with `host/incompatible`.
 * - Requests carry a `requestId`; the host answers each with exactly one `host/response`
 *   (and may send `host/progress` with the same id before that). `RequestMap` pairs every
 *   request with its typed result.
 * - Both sides validate what they receive with the hand-written validators below (no
 *   dependencies: this file is shared by the extension bundle and the Vite webview build).
 * - On the wire a snapshot travels packed (packHostMessage): its body as one JSON string, so
 *   thousands of threads cross VS Code's message passing and the webview's postMessage as one
 *   string (serialised once, parsed once) instead of being serialised, parsed and structurally
 *   cloned object by object on the way. parseHostMessage unpacks it before validating.
 *
 * No `vscode` import here.
 */
import { DISPOSITIONS, MAX_BODY_CHARS, type AnchorState, type Author, type Disposition, type WorkflowState } from '../model';

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
}

/** A submitted review round as the board shows it (model.ts ReviewRound, without the agent's bookkeeping). */
export interface ReviewView {
  readonly round: number;
  readonly submittedAt: string;
  /** How many threads it delivered. */
  readonly threads: number;
  /** The review's overall message, if the human wrote one. */
  readonly message?: string;
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
}

export interface Visibility {
  readonly showResolved: boolean;
  readonly showStale: boolean;
}

/** Where the current code is today, for the triage diff. */
export interface AnchorSuggestion {
  readonly fileExists: boolean;
  /** Suggested place in today's file (1-based, inclusive); absent when nothing fits. */
  readonly startLine?: number;
  readonly endLine?: number;
  /** 'match': the same code found there; 'edited': the code in its place was changed. */
  readonly kind?: 'match' | 'edited';
  readonly method?: string;
  readonly confidence?: number;
  readonly reason?: string;
  /** Today's lines at the suggested place (or at the stored range when there is no suggestion). */
  readonly currentLines: readonly string[];
  /** First line number of currentLines. */
  readonly currentStartLine: number;
}

export interface BulkResult {
  readonly done: number;
  readonly failed: readonly { readonly id: string; readonly message: string }[];
  /** Set when the action can be undone with `store/undo`. */
  readonly undoId?: string;
}

/** What `review/submit` did: `done` counts the threads delivered; one round per folder that had a review. */
export interface SubmitReviewResult extends BulkResult {
  readonly rounds: readonly { readonly root: string; readonly round: number }[];
}

export interface ReconcileSummary {
  readonly folders: number;
  readonly checked: number;
  readonly moved: number;
  readonly stale: number;
  readonly orphaned: number;
  readonly restored: number;
  readonly failed: readonly { readonly root: string; readonly message: string }[];
}

export { HOOK_AGENT_IDS, INTEGRATION_IDS, type HookAgent, type InstallScope, type Integration } from '../agents';
import { HOOK_AGENT_IDS, INTEGRATION_IDS, type HookAgent, type InstallScope, type Integration } from '../agents';

export interface SetupStateView {
  readonly root: string;
  readonly storeExists: boolean;
  readonly runtimeVersion?: string;
  readonly gitignoreHasEntry: boolean;
  readonly integrations: readonly {
    readonly target: Integration;
    readonly label: string;
    readonly projectPath: string;
    readonly homePath: string;
    readonly installed: readonly { readonly scope: InstallScope; readonly path: string }[];
    /** The agent has a delivery hook setup can install; where one is installed now. */
    readonly hook?: { readonly installed: readonly { readonly scope: InstallScope; readonly path: string }[] };
  }[];
}

export type SetupActionKind = 'created' | 'updated' | 'unchanged' | 'removed' | 'skipped' | 'refused';
export interface SetupReportView {
  readonly actions: readonly { readonly kind: SetupActionKind; readonly path: string; readonly detail?: string }[];
}

/** Every request the webview can make, with its parameters and the host's typed result. */
export interface RequestMap {
  /** The conversations of every thread in every readable folder (the snapshot has summaries only). */
  'thread/details': { params: Record<string, never>; result: { readonly folders: readonly FolderDetails[] } };
  'thread/reply': { params: { readonly root: string; readonly id: string; readonly body: string }; result: BulkResult };
  'thread/setState': { params: { readonly refs: readonly ThreadRef[]; readonly state: WorkflowState }; result: BulkResult };
  'thread/delete': { params: { readonly refs: readonly ThreadRef[] }; result: BulkResult };
  'anchor/suggest': { params: ThreadRef; result: AnchorSuggestion };
  'anchor/reanchor': { params: { readonly refs: readonly ThreadRef[]; readonly to: 'suggestion' | 'selection' }; result: BulkResult };
  'anchor/confirm': { params: { readonly refs: readonly ThreadRef[] }; result: BulkResult };
  'store/archiveResolved': { params: Record<string, never>; result: BulkResult };
  /** Submits every folder's pending review (extension/board/handlers/review.ts). */
  'review/submit': { params: { readonly message?: string }; result: SubmitReviewResult };
  /** Deletes every folder's pending threads; undoable with `store/undo`. */
  'review/discard': { params: Record<string, never>; result: BulkResult };
  'store/reconcileAll': { params: Record<string, never>; result: ReconcileSummary };
  'store/undo': { params: { readonly undoId: string }; result: BulkResult };
  'store/recover': { params: { readonly root: string; readonly action: 'retry' | 'restoreBackup' }; result: BulkResult };
  'setup/describe': { params: { readonly root: string }; result: SetupStateView };
  'setup/run': {
    params: {
      readonly root: string; readonly gitignore: boolean; readonly integrations: readonly { readonly target: Integration; readonly scope: InstallScope }[];
      /** Delivery hooks, chosen apart from the skills; absent = none. */
      readonly hooks?: readonly { readonly target: HookAgent; readonly scope: InstallScope }[];
    };
    result: SetupReportView;
  };
  'uninstall/run': { params: { readonly root: string; readonly mode: 'full' | 'skills-only'; readonly removeGitignoreEntry: boolean }; result: SetupReportView };
}
export type RequestType = keyof RequestMap;
export type RequestParams<K extends RequestType> = RequestMap[K]['params'];
export type RequestResult<K extends RequestType> = RequestMap[K]['result'];

export type WebviewRequest = {
  readonly [K in RequestType]: { readonly type: K; readonly requestId: string; readonly params: RequestParams<K> };
}[RequestType];

/** Webview → host. */
export type WebviewMessage =
  | { readonly type: 'webview/ready'; readonly protocolVersion: number }
  | { readonly type: 'webview/viewChanged'; readonly view: ViewName }
  | { readonly type: 'thread/reveal'; readonly root: string; readonly id: string }
  | { readonly type: 'link/open'; readonly href: string }
  | { readonly type: 'visibility/set'; readonly showResolved?: boolean; readonly showStale?: boolean }
  | { readonly type: 'store/openFile'; readonly root: string }
  | WebviewRequest;

/** Host → webview. */
export type HostMessage =
  | {
    readonly type: 'host/snapshot'; readonly folders: readonly FolderSnapshot[]; readonly visibility: Visibility;
    /**
     * The conversations, in every snapshot but the first after `ready`: that one must be small
     * to paint fast (the webview asks for them with `thread/details` once it is painted); later
     * ones are updates, where a reply should show at once, without a second round trip.
     */
    readonly details?: readonly FolderDetails[];
  }
  | { readonly type: 'host/view'; readonly view: ViewName }
  | { readonly type: 'host/visibility'; readonly visibility: Visibility }
  | { readonly type: 'host/progress'; readonly requestId: string; readonly done: number; readonly total: number }
  | { readonly type: 'host/response'; readonly requestId: string; readonly ok: true; readonly result: unknown }
  | { readonly type: 'host/response'; readonly requestId: string; readonly ok: false; readonly error: { readonly message: string; readonly code?: string } }
  | { readonly type: 'host/incompatible'; readonly hostVersion: number };

export type Parsed<T> = { readonly ok: true; readonly message: T } | { readonly ok: false; readonly error: string };

// ---------------------------------------------------------------------------------------------
// Validators: each checks one shape and returns a reason when it does not match. They reject
// anything unexpected in what matters (types, enums, sizes) and ignore extra fields.

/**
 * A check returns undefined when `v` matches, else the path below `v` plus the reason
 * (" must be a string", ".folders[0].threads[3].id must be a string"); the caller puts the
 * name of what it checked in front. Paths are built only on failure: a 5,000-thread snapshot
 * runs these checks ~100,000 times and building a path string for each cost more than the checks.
 */
type Check = (v: unknown) => string | undefined;

const MAX_REFS = 10_000;
const MAX_ID = 200;
const MAX_PATH = 4096;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (max: number, { nonEmpty = true } = {}): Check => (v) =>
  typeof v !== 'string' ? ' must be a string' : nonEmpty && v.length === 0 ? ' must not be empty' : v.length > max ? ' is too long' : undefined;
const int = (min: number, max = Number.MAX_SAFE_INTEGER): Check => (v) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? undefined : ` must be an integer in ${min}..${max}`;
const bool: Check = (v) => (typeof v === 'boolean' ? undefined : ' must be true or false');
const oneOf = <T extends string>(values: readonly T[]): Check => (v) =>
  typeof v === 'string' && (values as readonly string[]).includes(v) ? undefined : ` must be one of ${values.join(', ')}`;
const optional = (c: Check): Check => (v) => (v === undefined ? undefined : c(v));
const arrayOf = (c: Check, max: number): Check => (v) => {
  if (!Array.isArray(v)) return ' must be an array';
  if (v.length > max) return ' has too many items';
  for (let i = 0; i < v.length; i++) {
    const e = c(v[i]);
    if (e) return `[${i}]${e}`;
  }
  return undefined;
};
const object = (fields: Record<string, Check>): Check => {
  const entries = Object.entries(fields); // once: snapshots run this check thousands of times
  return (v) => {
    if (!isObject(v)) return ' must be an object';
    for (const [k, c] of entries) {
      const e = c(v[k]);
      if (e) return `.${k}${e}`;
    }
    return undefined;
  };
};
/** Runs `c` on `v`, naming it `at` in the message. */
const check = (c: Check, v: unknown, at: string): string | undefined => {
  const e = c(v);
  return e === undefined ? undefined : at + e;
};

const rootPath = str(MAX_PATH);
const threadId = str(MAX_ID);
const threadRef = object({ root: rootPath, id: threadId });
const refs = arrayOf(threadRef, MAX_REFS);
const nonEmptyRefs: Check = (v) => refs(v) ?? ((v as unknown[]).length === 0 ? ' must not be empty' : undefined);

const REQUEST_PARAMS: { readonly [K in RequestType]: Check } = {
  'thread/details': object({}),
  'thread/reply': object({ root: rootPath, id: threadId, body: (v) => str(MAX_BODY_CHARS)(v) ?? ((v as string).trim() ? undefined : ' must not be blank') }),
  'thread/setState': object({ refs: nonEmptyRefs, state: oneOf<WorkflowState>(['open', 'resolved']) }),
  'thread/delete': object({ refs: nonEmptyRefs }),
  'anchor/suggest': threadRef,
  'anchor/reanchor': object({ refs: nonEmptyRefs, to: oneOf(['suggestion', 'selection'] as const) }),
  'anchor/confirm': object({ refs: nonEmptyRefs }),
  'store/archiveResolved': object({}),
  'review/submit': object({ message: optional(str(MAX_BODY_CHARS, { nonEmpty: false })) }),
  'review/discard': object({}),
  'store/reconcileAll': object({}),
  'store/undo': object({ undoId: str(MAX_ID) }),
  'store/recover': object({ root: rootPath, action: oneOf(['retry', 'restoreBackup'] as const) }),
  'setup/describe': object({ root: rootPath }),
  'setup/run': object({
    root: rootPath,
    gitignore: bool,
    integrations: arrayOf(object({ target: oneOf(INTEGRATION_IDS), scope: oneOf<InstallScope>(['project', 'home']) }), INTEGRATION_IDS.length),
    hooks: optional(arrayOf(object({ target: oneOf(HOOK_AGENT_IDS), scope: oneOf<InstallScope>(['project', 'home']) }), HOOK_AGENT_IDS.length)),
  }),
  'uninstall/run': object({ root: rootPath, mode: oneOf(['full', 'skills-only'] as const), removeGitignoreEntry: bool }),
};
export const REQUEST_TYPES = Object.keys(REQUEST_PARAMS) as RequestType[];

const NOTIFICATIONS: Record<string, Check> = {
  'webview/ready': object({ protocolVersion: int(0) }),
  'webview/viewChanged': object({ view: oneOf(VIEW_NAMES) }),
  'thread/reveal': object({ root: rootPath, id: threadId }),
  'link/open': object({ href: str(2048) }),
  'visibility/set': object({ showResolved: optional(bool), showStale: optional(bool) }),
  'store/openFile': object({ root: rootPath }),
};

/** Validates a message from the webview. The host acts only on `ok` results. */
export function parseWebviewMessage(raw: unknown): Parsed<WebviewMessage> {
  if (!isObject(raw)) return { ok: false, error: 'message must be an object' };
  const type = raw.type;
  if (typeof type !== 'string') return { ok: false, error: 'message.type must be a string' };
  if (Object.prototype.hasOwnProperty.call(REQUEST_PARAMS, type)) {
    const e = check(str(MAX_ID), raw.requestId, 'requestId') ?? check(REQUEST_PARAMS[type as RequestType], raw.params, 'params');
    return e ? { ok: false, error: `${type}: ${e}` } : { ok: true, message: raw as unknown as WebviewMessage };
  }
  const shape = Object.prototype.hasOwnProperty.call(NOTIFICATIONS, type) ? NOTIFICATIONS[type] : undefined;
  if (!shape) return { ok: false, error: `unknown message type ${JSON.stringify(type.slice(0, 80))}` };
  const e = check(shape, raw, 'message');
  return e ? { ok: false, error: `${type}: ${e}` } : { ok: true, message: raw as unknown as WebviewMessage };
}

const workflow = oneOf<WorkflowState>(['open', 'resolved']);
const anchorState = oneOf<AnchorState>(['anchored', 'stale', 'orphaned']);
const author = oneOf<Author>(['human', 'agent']);
const anyStr: Check = (v) => (typeof v === 'string' ? undefined : ' must be a string');
const disposition = oneOf<Disposition>(DISPOSITIONS);
const replyView = object({ id: anyStr, author, body: anyStr, createdAt: anyStr, disposition: optional(disposition) });
const onlyTrue: Check = (v) => (v === true ? undefined : ' must be true (or absent)');
const threadViewShape = object({
  id: anyStr, file: anyStr, startLine: int(0), endLine: int(0), workflowState: workflow, anchorState, author,
  title: anyStr, lastActivityAt: anyStr, unseen: optional(onlyTrue), reason: optional(anyStr), targetContent: optional(anyStr),
  replyCount: optional(int(1)), lastReplyAuthor: optional(author), replyAuthors: optional(arrayOf(author, 2)),
  pending: optional(onlyTrue), round: optional(int(1)), disposition: optional(disposition), awaitingCheck: optional(onlyTrue),
});
const isCount = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isAuthor = (v: unknown): boolean => v === 'human' || v === 'agent';
const optionalString = (v: unknown): boolean => v === undefined || typeof v === 'string';
const optionalTrue = (v: unknown): boolean => v === undefined || v === true;
const isDisposition = (v: unknown): boolean => v === 'addressed' || v === 'declined' || v === 'question';
/**
 * The same test as threadViewShape, written out: a snapshot holds thousands of threads and
 * this runs on the webview's critical path (generic checks cost ~10x more). On a failure the
 * generic check runs to say where.
 */
function isThreadView(v: unknown): boolean {
  if (!isObject(v)) return false;
  const a = v.replyAuthors;
  return typeof v.id === 'string' && typeof v.file === 'string' && isCount(v.startLine) && isCount(v.endLine)
    && (v.workflowState === 'open' || v.workflowState === 'resolved')
    && (v.anchorState === 'anchored' || v.anchorState === 'stale' || v.anchorState === 'orphaned')
    && isAuthor(v.author) && typeof v.title === 'string' && typeof v.lastActivityAt === 'string'
    && optionalTrue(v.unseen) && optionalString(v.reason) && optionalString(v.targetContent)
    && (v.replyCount === undefined || (isCount(v.replyCount) && (v.replyCount as number) > 0))
    && (v.lastReplyAuthor === undefined || isAuthor(v.lastReplyAuthor))
    && (a === undefined || (Array.isArray(a) && a.length <= 2 && a.every(isAuthor)))
    && optionalTrue(v.pending) && optionalTrue(v.awaitingCheck)
    && (v.round === undefined || (isCount(v.round) && (v.round as number) > 0))
    && (v.disposition === undefined || isDisposition(v.disposition));
}
export const checkThreadView: Check = (v) => (isThreadView(v) ? undefined : threadViewShape(v) ?? ' is not a thread view');
const checkThreadDetails = object({ id: anyStr, body: anyStr, createdAt: anyStr, replies: arrayOf(replyView, 100_000) });
const folderDetailsList = arrayOf(object({ root: anyStr, threads: arrayOf(checkThreadDetails, 1_000_000) }), 10_000);
const threadDetailsResult = object({ folders: folderDetailsList });
const folderSnapshot = object({
  root: anyStr, name: anyStr, hasStore: bool, threads: arrayOf(checkThreadView, 1_000_000),
  error: optional(object({ code: anyStr, message: anyStr, hint: optional(anyStr) })),
  readOnlyReason: optional(anyStr), hasBackup: optional(bool),
  pendingCount: optional(int(1)),
  reviews: optional(arrayOf(object({ round: int(1), submittedAt: anyStr, threads: int(0), message: optional(anyStr) }), 100_000)),
});
const visibility = object({ showResolved: bool, showStale: bool });
const responseBase = object({ requestId: anyStr, ok: bool });
const responseError = object({ error: object({ message: anyStr, code: optional(anyStr) }) });

const HOST_MESSAGES: Record<HostMessage['type'], Check> = {
  'host/snapshot': object({ folders: arrayOf(folderSnapshot, 10_000), visibility, details: optional(folderDetailsList) }),
  'host/view': object({ view: oneOf(VIEW_NAMES) }),
  'host/visibility': object({ visibility }),
  'host/progress': object({ requestId: anyStr, done: int(0), total: int(0) }),
  'host/response': (v) => {
    const base = responseBase(v);
    if (base) return base;
    return (v as Record<string, unknown>).ok ? undefined : responseError(v);
  },
  'host/incompatible': object({ hostVersion: int(0) }),
};

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
 * accepted too). The webview ignores (and logs) anything that fails.
 */
export function parseHostMessage(wire: unknown): Parsed<HostMessage> {
  const raw = unpack(wire);
  if (typeof raw === 'string') return { ok: false, error: raw };
  if (!isObject(raw)) return { ok: false, error: 'message must be an object' };
  const type = raw.type;
  if (typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(HOST_MESSAGES, type)) {
    return { ok: false, error: `unknown message type ${JSON.stringify(String(type).slice(0, 80))}` };
  }
  const e = check(HOST_MESSAGES[type as HostMessage['type']], raw, 'message');
  return e ? { ok: false, error: `${type}: ${e}` } : { ok: true, message: raw as unknown as HostMessage };
}

/** A packed snapshot as the message it stands for; anything else as it is; a string says why it cannot be unpacked. */
function unpack(wire: unknown): unknown {
  if (!isObject(wire) || wire.type !== 'host/snapshot' || typeof wire.packed !== 'string') return wire;
  let body: unknown;
  try { body = JSON.parse(wire.packed); } catch { return 'host/snapshot: packed is not valid JSON'; }
  return isObject(body) ? { ...body, type: 'host/snapshot' } : 'host/snapshot: packed must hold an object';
}

/** Validates the result of `thread/details` (request results are data like snapshots: checked before use). */
export function parseThreadDetails(raw: unknown): Parsed<RequestResult<'thread/details'>> {
  const e = check(threadDetailsResult, raw, 'result');
  return e ? { ok: false, error: `thread/details: ${e}` } : { ok: true, message: raw as RequestResult<'thread/details'> };
}

/** Link schemes the host will open from a comment body; everything else stays inert. */
export const SAFE_LINK_SCHEMES: readonly string[] = ['http:', 'https:', 'mailto:'];

/** True when `href` is an absolute http(s)/mailto URL (no javascript:, command:, file:, relative). */
export function isSafeLink(href: string): boolean {
  try {
    const url = new URL(href.trim());
    return SAFE_LINK_SCHEMES.includes(url.protocol);
  } catch {
    return false;
  }
}
