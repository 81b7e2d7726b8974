/**
 * The body of *Consider: Report Issue* (issue 27): the facts a maintainer needs to make sense of
 * a bug report — versions, platform, each folder's store health and which agents are set up, and
 * the last lines of the Consider log — and nothing of the user's work. The store is reduced to
 * counts here, so no comment body, reply, quoted code, file name or thread title can reach the
 * body whatever the store holds; log lines are scrubbed of quoted text (a JSON parse error quotes
 * the file it failed on), of the workspace folders' roots and names and the home folder (the
 * extension's own lines name them: "store of my-project: …", "refreshed 3 file(s) in /home/…"),
 * and of any other path (an fs error names its file). Pure: no `vscode`, so it is unit-tested with
 * a real store's contents and the log lines the extension writes.
 */
import type { StoreFile } from '../../shared/model';
import type { SetupState } from '../../setup/index';

/** How many log lines the report carries (the newest). */
export const REPORT_LOG_LINES = 30;
/** A log line longer than this is cut: a line is a fact, not a dump. */
const MAX_LOG_LINE_CHARS = 300;

export interface FolderFacts {
  /** Which folder of a multi-root workspace: its position, never its name or path (a name can say what the user works on). */
  index: number;
  store: {
    exists: boolean;
    /** The parsed store (last good contents when it is unreadable now); reduced to counts below. */
    contents?: StoreFile;
    /** The store cannot be read now: its error code only (the message can quote the file). */
    errorCode?: string;
    readOnly?: boolean;
    sizeBytes?: number;
    backupExists?: boolean;
  };
  /** `.consider/bin/VERSION`: the CLI deployed into this folder. */
  deployedCliVersion?: string;
  /** Setup's description of the folder (setup/describeSetup), reduced to agent names and scopes. */
  agents?: AgentFacts;
}

export interface AgentFacts {
  skills: string[];
  hooks: string[];
  planGates: string[];
  mcpServers: string[];
  /** Steps the agents set up here still need from the user ("to do"). */
  stepsToDo: number;
}

export interface IssueFacts {
  extension: { id: string; version: string };
  /** The CLI this extension carries (dist/runtime/VERSION). */
  bundledCliVersion?: string;
  /** The user's own copy of the CLI (~/.local/share/consider/bin), which hooks and MCP entries run. */
  userCliVersion?: string;
  /** The store format this extension writes. */
  supportedStoreVersion: number;
  editor: { appName: string; version: string; uiKind: string; appHost: string; remoteName?: string; language: string };
  platform: { os: string; release: string; arch: string; node: string };
  folders: FolderFacts[];
  /** The Consider log, oldest first (a ring buffer of what was logged this session). */
  log: readonly string[];
  /** What the log lines may name and the body must not: each folder's root and name (in `folders`' order), the home folder. */
  private?: PrivateNames;
}

export interface PrivateNames {
  folders: readonly { root: string; name: string }[];
  home?: string;
}

/** Setup's description reduced to which agents have what, and where ("project" or "home"): no paths. */
export function agentFactsOf(state: SetupState): AgentFacts {
  const where = (rows: { label: string; installed: { scope: string }[] }[]): string[] =>
    rows.filter((r) => r.installed.length).map((r) => `${r.label} (${[...new Set(r.installed.map((i) => i.scope))].join(', ')})`);
  return {
    skills: where(state.integrations),
    hooks: where(state.hooks),
    planGates: where(state.planGates),
    mcpServers: state.mcpServers.filter((m) => m.installed).map((m) => m.label),
    stepsToDo: state.needs.filter((n) => n.state === 'todo').length,
  };
}

/** Thread counts by state, the only thing the report takes from a store. */
export function threadCounts(store: StoreFile): Record<string, number> {
  const counts = { threads: 0, open: 0, resolved: 0, anchored: 0, stale: 0, orphaned: 0, pending: 0, replies: 0, aboutRemovedCode: 0, reviewRounds: 0 };
  for (const c of store.comments) {
    counts.threads++;
    if (c.workflowState === 'open') counts.open++; else if (c.workflowState === 'resolved') counts.resolved++;
    if (c.anchorState === 'anchored') counts.anchored++; else if (c.anchorState === 'stale') counts.stale++; else if (c.anchorState === 'orphaned') counts.orphaned++;
    if (c.pending) counts.pending++;
    if (c.removed) counts.aboutRemovedCode++;
    counts.replies += Array.isArray(c.thread) ? c.thread.length : 0;
  }
  counts.reviewRounds = store.reviews?.length ?? 0;
  return counts;
}

/**
 * One log line as the report may show it: quoted text (double quotes, backticks) replaced by
 * `"…"`, since the only place user text can enter a log line is a quoted excerpt (a JSON error
 * names the text it failed on, an error message quotes a value); cut to a bounded length.
 */
export function scrubLogLine(line: string, names: PrivateNames = { folders: [] }): string {
  // Left to right: a closed quote is replaced whole; a quote never closed (the excerpt was cut) takes the rest of the line.
  const unquoted = withoutPaths(line, names)
    // V8's JSON.parse error quotes the text it failed on, quotes and all: take it out whole first.
    .replace(/".*"(?:\.\.\.)? is not valid JSON/gs, '"…" is not valid JSON')
    .replace(/"(?:[^"\\\n]|\\.)*"|"[^"]*$/g, '"…"')
    .replace(/`[^`\n]*`|`[^`]*$/g, '`…`');
  const oneLine = unquoted.replace(/\s*\n\s*/g, ' ⏎ ');
  return oneLine.length > MAX_LOG_LINE_CHARS ? `${oneLine.slice(0, MAX_LOG_LINE_CHARS - 1)}…` : oneLine;
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The line without the user's paths and folder names: each folder's root (and what lies under it)
 * and its name become `<folder-N>`, the home folder `~`, and any other word holding a path
 * separator `<path>` — but Consider's own `.consider/…` names, which say which of its files failed.
 */
function withoutPaths(line: string, names: PrivateNames): string {
  let out = line;
  const swaps: [string, string][] = [];
  names.folders.forEach((f, i) => {
    if (f.root) swaps.push([f.root, `<folder-${i + 1}>`]);
    if (f.name) swaps.push([f.name, `<folder-${i + 1}>`]);
  });
  if (names.home) swaps.push([names.home, '~']);
  // Longest first: a root before the home folder it lies in, a name after the root that holds it.
  for (const [from, to] of swaps.sort((a, b) => b[0].length - a[0].length)) {
    out = out.replace(new RegExp(`(?<![\\w.-])${escapeRegExp(from)}(?![\\w-])`, 'g'), to);
  }
  // Node's fs errors quote the path in single quotes, spaces and all ("open '/a/My Project/x'"):
  // the quoted path goes whole, so no word of a folder name between its spaces is left behind.
  // (Only a quote that starts as a path does: "can't … it's" is prose.)
  out = out.replace(/'((?:[/~.<\\]|[A-Za-z]:[\\/])[^'\n]*)'/g, (_m, quoted: string) => `'${scrubPath(quoted)}'`);
  return out.replace(/(^|[\s'"([=,])([^\s'"()[\],]*[\\/][^\s'"()[\],]*)/g, (_m, pre: string, word: string) => {
    const trail = /[:;.!?]+$/.exec(word)?.[0] ?? '';
    return pre + scrubPath(word.slice(0, word.length - trail.length)) + trail;
  });
}

/** One path as the report may show it: Consider's own `.consider/…` names (which say which of its files failed) kept, the rest `<path>`. */
function scrubPath(p: string): string {
  if (/^\.consider\/[\w./-]*$/.test(p) || /^<folder-\d+>(\/\.consider\/[\w./-]*)?$/.test(p) || p === '~') return p;
  if (p.startsWith('<folder-')) return p.replace(/^(<folder-\d+>).*$/s, '$1/<path>');
  return p.startsWith('~/') ? '~/<path>' : '<path>';
}

function kib(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`;
}

function storeLine(f: FolderFacts, supported: number): string {
  const s = f.store;
  if (!s.exists) return 'no store (`.consider/store.json` absent: not set up, or nothing commented yet)';
  const parts: string[] = [];
  if (s.errorCode) parts.push(`**unreadable** (${s.errorCode})${s.backupExists ? ', a backup exists' : ', no backup'}`);
  else parts.push('readable');
  if (s.contents) parts.push(`format version ${s.contents.version}${s.contents.version > supported ? ` (newer than this extension's ${supported})` : ''}`);
  if (s.readOnly) parts.push('read-only');
  if (s.sizeBytes !== undefined) parts.push(kib(s.sizeBytes));
  return parts.join(', ');
}

function countsLine(store: StoreFile): string {
  const n = threadCounts(store);
  return `${n.threads} threads: ${n.open} open, ${n.resolved} resolved; ${n.anchored} anchored, ${n.stale} stale, ${n.orphaned} orphaned; `
    + `${n.pending} in the pending review; ${n.aboutRemovedCode} about removed code; ${n.replies} replies; ${n.reviewRounds} review rounds`;
}

function list(items: readonly string[]): string {
  return items.length ? items.join(', ') : 'none';
}

function folderSection(f: FolderFacts, facts: IssueFacts): string[] {
  const lines = [`### Folder ${f.index + 1}`, ''];
  lines.push(`- Store: ${storeLine(f, facts.supportedStoreVersion)}`);
  if (f.store.contents) lines.push(`- Threads${f.store.errorCode ? ' (last readable contents)' : ''}: ${countsLine(f.store.contents)}`);
  lines.push(`- CLI deployed in \`.consider/bin\`: ${f.deployedCliVersion ?? 'none'}`);
  if (f.agents) {
    lines.push(`- Agent skills: ${list(f.agents.skills)}`);
    lines.push(`- Delivery hooks: ${list(f.agents.hooks)}`);
    lines.push(`- Plan gate hooks: ${list(f.agents.planGates)}`);
    lines.push(`- MCP servers: ${list(f.agents.mcpServers)}`);
    lines.push(`- Agent steps still to do: ${f.agents.stepsToDo}`);
  } else {
    lines.push('- Agents: could not be described');
  }
  return [...lines, ''];
}

/**
 * The issue body: a place for the user's own words first (what they did, what they expected),
 * then the facts. Everything after the first heading is generated and holds no user text.
 */
export function buildIssueBody(facts: IssueFacts): string {
  const e = facts.editor;
  const p = facts.platform;
  const logLines = facts.log.slice(-REPORT_LOG_LINES).map((l) => scrubLogLine(l, facts.private));
  return [
    '<!-- What happened, and what did you expect? Steps to reproduce help most. -->',
    '',
    '',
    '## Environment (filled in by Consider: Report Issue)',
    '',
    `- Consider: ${facts.extension.id} ${facts.extension.version}`,
    `- CLI bundled with the extension: ${facts.bundledCliVersion ?? 'unknown'}`,
    `- Your copy of the CLI (used by hooks and MCP servers): ${facts.userCliVersion ?? 'none'}`,
    `- Store format this extension writes: version ${facts.supportedStoreVersion}`,
    `- Editor: ${e.appName} ${e.version} (${e.uiKind}, ${e.appHost}${e.remoteName ? `, remote: ${e.remoteName}` : ''}, ${e.language})`,
    `- OS: ${p.os} ${p.release} ${p.arch}; extension host Node ${p.node}`,
    `- Workspace folders: ${facts.folders.length}`,
    '',
    ...facts.folders.flatMap((f) => folderSection(f, facts)),
    `### The Consider log (last ${logLines.length} lines; quoted text, folder names and paths removed)`,
    '',
    '```',
    ...(logLines.length ? logLines : ['(empty)']),
    '```',
    '',
    'Consider collects no telemetry: this report holds only what you see here, and nothing is sent until you submit it.',
    '',
  ].join('\n');
}
