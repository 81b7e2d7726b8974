/** What a command is, and the helpers every command shares (root, store loading, messages). */
import fs from 'node:fs';
import path from 'node:path';
import type { ParseArgsConfig } from 'node:util';
import type { Comment, ReadResult, StoreFile } from '../shared';
import { ConsiderError, findWorkspaceRoot, readStore, READ_SIDE_WRITE_WAIT_MS, reconcileWorkspace, visibleToAgent } from '../shared';
import { noteReanchoringRan } from './compile-cache';
import { inert } from './output';
import { writeStderr } from './stdio';

export type OptionSpecs = NonNullable<ParseArgsConfig['options']>;
export type Values = Record<string, string | boolean | string[] | boolean[] | undefined>;

export interface Ctx {
  root: string;
  /** JSON output: `--json` (the store's shapes) or `--lean`. */
  json: boolean;
  /** `--lean`: JSON in the agent view (agent-view.ts), what the MCP tools return. */
  lean: boolean;
  values: Values;
  positionals: string[];
}

export interface Command {
  name: string;
  aliasOf?: string;
  summary: string;
  usage: string;
  /** Command-specific options (the common ones are added by main). */
  options: OptionSpecs;
  /** [flag, description] pairs for --help. */
  optionHelp: [string, string][];
  examples: string[];
  /** Positional arguments: [min, max, name for messages]. */
  positionals: [number, number, string];
  /** Resolves with the exit code when it is not 0 for an answer that is not an error (`plan`: 7 changes requested). */
  run(ctx: Ctx): Promise<void | number>;
}

export const COMMON_OPTIONS: OptionSpecs = {
  json: { type: 'boolean' },
  lean: { type: 'boolean' },
  root: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

export const COMMON_HELP: [string, string][] = [
  ['--json', 'machine-readable output on stdout, threads in the store\'s own shape (errors too: {"error":{code,message,hint,words?}})'],
  ['--lean', 'compact JSON with only what an agent acts on, as the MCP tools answer (no anchoring internals)'],
  ['--root DIR', 'workspace root (default: nearest folder up from here with .consider/, else with .git, else here)'],
  ['-h, --help', 'show this help'],
];

export function workspaceRoot(rootFlag: unknown): string {
  if (typeof rootFlag !== 'string') return findWorkspaceRoot(process.cwd());
  if (rootFlag.trim() === '') throw new ConsiderError('usage', '--root is empty', 'give the workspace folder, e.g. --root .');
  const root = path.resolve(rootFlag);
  let isDir = false;
  try { isDir = fs.statSync(root).isDirectory(); } catch { /* missing */ }
  if (!isDir) throw new ConsiderError('usage', `--root ${rootFlag}: no such folder`, 'give an existing workspace folder');
  return root;
}

/**
 * Every read command first re-anchors lazily (spec §4.3: only files that changed are
 * looked at, results are written back), then reads the store. A store we may not write
 * (newer version) is read as it is. Writing the results back is best effort: when another
 * process holds the lock, or `.consider/` cannot be written (read-only, disk full), the read
 * answers from the results in memory (a warning says so in the second case) and a later
 * read works them out again. `files`: only threads on these files (a read of one thread).
 */
export async function loadReconciled(root: string, files?: string[]): Promise<ReadResult> {
  // The pass itself does nothing on a missing or read-only store, and reports an unreadable one.
  const report = await reconcileWorkspace(root, {
    ...(files ? { files } : {}),
    bestEffortWrite: true,
    lockWaitMs: READ_SIDE_WRITE_WAIT_MS,
    deferRefresh: (write) => { pendingRefreshes.push(write); },
  });
  if (report.checked > 0) noteReanchoringRan();
  if (report.store) {
    if (report.notSaved && report.notSaved.code !== 'busy') warn(`re-anchoring results were not saved: ${report.notSaved.message}; shown for this read only`);
    return { store: report.store, exists: true };
  }
  // Usually nothing moved: reuse the pass's parse of the store instead of parsing it again.
  return readStore(root, { reuseUnchanged: true });
}

/**
 * The store as the agent sees it, re-anchored: the threads of the human's pending review are
 * left out (for the agent they do not exist until the review is submitted, docs/agent-loop.md).
 * `store` keeps the file's own comments array, for jsonOfEach's positions.
 */
export async function loadForRead(ctx: Ctx): Promise<{ store: StoreFile; visible: Comment[]; readOnly: boolean }> {
  const r = await loadReconciled(ctx.root);
  if (r.readOnlyReason) note(r.readOnlyReason);
  return { store: r.store, visible: r.store.comments.filter(visibleToAgent), readOnly: !!r.readOnlyReason };
}

/** The stat refreshes the read's re-anchoring passes found to record (ReconcileOptions.deferRefresh): one per store read (list --worktree reads several). */
const pendingRefreshes: (() => Promise<void>)[] = [];

/**
 * After a command succeeded: records the refreshed file stats its read found, so later reads
 * trust `stat` instead of hashing those files. Only then: a command that fails leaves the store
 * as it was. Best effort: a busy lock only means the next read finds the same and tries again.
 */
export async function afterSuccess(): Promise<void> {
  for (const write of pendingRefreshes.splice(0)) {
    try {
      await write();
    } catch {
      /* the next read does it */
    }
  }
}

/** Notes that do not change the outcome go to stderr, one line, so stdout stays parseable. */
export function note(text: string): void {
  writeStderr(`consider-cli: note: ${inert(text).replace(/[\r\n]+/g, ' ')}\n`);
}

let warned = false;

/**
 * Something went wrong on the side, the command still did its job: one line on stderr, once
 * per command (a read-only `.consider/` fails the re-anchoring save and the seen mark alike;
 * the first says what is wrong).
 */
export function warn(text: string): void {
  if (warned) return;
  warned = true;
  writeStderr(`consider-cli: warning: ${inert(text).replace(/[\r\n]+/g, ' ')}\n`);
}

function readStdin(): string {
  try {
    return fs.readFileSync(0, 'utf8');
  } catch (e) {
    throw new ConsiderError('io', `cannot read the message from stdin: ${(e as Error).message}`);
  }
}

/** The --message value; `-` reads it from stdin (for long texts: the command line holds only ~128 KB). */
export function messageOf(values: Values): string {
  const m = values.message;
  if (m === undefined) throw new ConsiderError('usage', 'missing --message', 'pass the text with --message "…" (or --message - to read it from stdin)');
  const text = m === '-' ? readStdin() : String(m);
  if (text.trim() === '') throw new ConsiderError('usage', 'the message is empty', 'pass the text with --message "…"');
  return text;
}

export function oneOfFlag<T extends string>(values: Values, flag: string, allowed: readonly T[], fallback: T): T {
  const v = values[flag];
  if (v === undefined) return fallback;
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) {
    throw new ConsiderError('usage', `--${flag} must be one of ${allowed.join('|')} (got ${JSON.stringify(v)})`);
  }
  return v as T;
}
