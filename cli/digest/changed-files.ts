/**
 * The digest's "files changed since the baseline", from git: the working tree (staged or not)
 * against a commit — the last one (`head`) or the merge-base with a ref (`branch:<ref>`) — plus
 * the untracked files git does not ignore, which `git diff` leaves out but an agent's new
 * files are. Line counts are git's (`--numstat`, renames as git detects them); an untracked
 * file's lines are counted here.
 *
 * One function, changedFilesSince, with the shapes of the Changes view's change list
 * (shared/changes: BaselineRef, FileChange), so the digest can count from that module's
 * captured baselines (a review round's, a Mark All Reviewed): such a baseline is read by that
 * module itself, in its own file (captured-changes.ts). Every git call is read-only and never throws: no git, not a
 * repository, no commit yet and an unknown ref are answers the page states.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { isConsiderStoredPath, splitLines } from '../../shared/store';

/** What the changes are counted from (shared/changes' BaselineRef). */
export type DigestBaseline =
  | { kind: 'head' }
  | { kind: 'branch'; ref: string }
  /** A capture of the workspace (a review round's, a Mark All Reviewed): the Changes view's. */
  | { kind: 'capture'; id: string };

export type ChangeKind = 'added' | 'deleted' | 'modified' | 'renamed';

/** One changed file (shared/changes' FileChange, without what only its view needs). */
export interface ChangedFile {
  /** Workspace-relative path now (a deleted file: where it was). */
  path: string;
  /** A renamed file's path in the baseline. */
  oldPath?: string;
  kind: ChangeKind;
  /** Lines added and removed, when both sides are text that could be read. */
  added?: number;
  removed?: number;
  /** Why there are no counts. */
  note?: 'binary' | 'too-large' | 'unreadable';
}

export type ChangedFiles =
  | { ok: true; files: ChangedFile[]; label: string; sha?: string }
  /** `bad-ref`: the ref asked for does not exist (or shares no history with HEAD); `unavailable`: git cannot say (no git, no repository, no commit). */
  | { ok: false; code: 'unavailable' | 'bad-ref'; reason: string; label: string; /** git's own message, as it said it. */ detail?: string };

/** Untracked files larger than this are listed without a line count. */
const MAX_COUNTED_BYTES = 1024 * 1024;
const GIT_TIMEOUT_MS = 15_000;

interface GitAnswer { ok: boolean; stdout: Buffer; stderr: string; missing: boolean }

function git(root: string, args: readonly string[]): GitAnswer {
  const r = spawnSync('git', ['-C', root, ...args], {
    timeout: GIT_TIMEOUT_MS,
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
    // No pager, no credential prompt, English messages, no optional locks (never block the user's own git).
    env: { ...process.env, GIT_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', GIT_OPTIONAL_LOCKS: '0' },
    windowsHide: true,
  });
  return {
    ok: !r.error && r.status === 0,
    stdout: r.stdout ?? Buffer.alloc(0),
    stderr: (r.stderr ?? Buffer.alloc(0)).toString('utf8').trim().split('\n')[0] ?? '',
    missing: (r.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT',
  };
}

const text = (a: GitAnswer): string => a.stdout.toString('utf8').trim();

/** NUL-separated output as fields, without the empty tail. */
function nulFields(out: Buffer): string[] {
  const fields = out.toString('utf8').split('\0');
  if (fields.at(-1) === '') fields.pop();
  return fields;
}

type Failure = Extract<ChangedFiles, { ok: false }>;

/** The commit to count from and the words for it (as the Changes view titles it), or why there is none. */
function resolveCommit(root: string, baseline: Exclude<DigestBaseline, { kind: 'capture' }>): { sha: string; label: string } | Failure {
  const label = baseline.kind === 'head' ? 'HEAD' : `merge-base with ${baseline.ref}`;
  const unavailable = (reason: string): Failure => ({ ok: false, code: 'unavailable', reason, label });
  // One git call for the three facts (each git process costs the page several milliseconds): the repository, HEAD, its branch.
  const head = git(root, ['rev-parse', '--show-toplevel', 'HEAD', '--abbrev-ref', 'HEAD']);
  if (head.missing) return unavailable('git is not installed (or not on PATH)');
  if (!head.ok) return unavailable(/not a git repository/i.test(head.stderr) ? 'this folder is not in a git repository' : 'the repository has no commit yet');
  const [, headSha = '', branch = 'HEAD'] = text(head).split('\n');
  if (baseline.kind === 'head') return { sha: headSha, label: `HEAD (${branch === 'HEAD' ? 'detached at ' : `${branch}, `}${headSha.slice(0, 7)})` };
  const badRef = (reason: string): Failure => ({ ok: false, code: 'bad-ref', reason, label });
  if (baseline.ref.startsWith('-')) return badRef(`there is no branch or commit named ${JSON.stringify(baseline.ref)}`);
  const base = git(root, ['merge-base', headSha, baseline.ref]);
  if (!base.ok) {
    const unknown = /not a valid (object|commit)|unknown revision/i.test(base.stderr);
    return badRef(unknown ? `there is no branch or commit named ${JSON.stringify(baseline.ref)}` : `HEAD and ${JSON.stringify(baseline.ref)} have no common ancestor`);
  }
  const sha = text(base);
  return { sha, label: `merge-base with ${baseline.ref} (${sha.slice(0, 7)})` };
}

const STATUS_KIND: Readonly<Record<string, ChangeKind>> = { A: 'added', D: 'deleted', M: 'modified', T: 'modified', R: 'renamed', C: 'added' };

/** `git diff -z --raw --numstat`: every raw record (status, paths), then one numstat record each, in the same order. */
function parseRawNumstat(out: Buffer): ChangedFile[] {
  const f = nulFields(out);
  const files: ChangedFile[] = [];
  const counts: { added?: number; removed?: number }[] = [];
  for (let i = 0; i < f.length; i++) {
    const field = f[i]!;
    if (field.startsWith(':')) {
      const letter = field.slice(field.lastIndexOf(' ') + 1, field.lastIndexOf(' ') + 2);
      const kind = STATUS_KIND[letter] ?? 'modified';
      if (letter === 'R' || letter === 'C') {
        const oldPath = f[++i]!;
        files.push({ kind, ...(letter === 'R' ? { oldPath } : {}), path: f[++i]! });
      } else {
        files.push({ kind, path: f[++i]! });
      }
      continue;
    }
    const [added, removed, p] = field.split('\t');
    if (p === '') i += 2; // a rename or copy: its two paths follow
    counts.push(added === '-' ? {} : { added: Number(added), removed: Number(removed) });
  }
  return files.map((file, i) => {
    const c = counts[i] ?? {};
    return c.added === undefined ? { ...file, note: 'binary' } : { ...file, added: c.added, removed: c.removed! };
  });
}

/** An untracked file: all its lines are added. */
function untrackedFile(root: string, rel: string): ChangedFile {
  const abs = path.join(root, ...rel.split('/'));
  try {
    if (fs.statSync(abs).size > MAX_COUNTED_BYTES) return { path: rel, kind: 'added', note: 'too-large' };
    const bytes = fs.readFileSync(abs);
    if (bytes.subarray(0, 8000).includes(0)) return { path: rel, kind: 'added', note: 'binary' };
    return { path: rel, kind: 'added', added: splitLines(bytes.toString('utf8')).length, removed: 0 };
  } catch {
    return { path: rel, kind: 'added', note: 'unreadable' };
  }
}

/** A captured baseline, through the Changes view's module in its own file (captured-changes.ts). */
function filesSinceCapture(root: string, id: string): ChangedFiles {
  const file = path.join(__dirname, 'consider-changes.cjs');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded at run time, by design (captured-changes.ts)
  const { capturedChanges } = require(file) as typeof import('./captured-changes');
  const read = capturedChanges(root, id);
  const label = 'the captured baseline';
  if (!read.ok) return { ok: false, code: 'unavailable', label, reason: read.reason };
  const files = read.changes.filter((f) => !isConsiderStoredPath(f.path)).map(({ path: p, oldPath, kind, added, removed, note }): ChangedFile => ({
    path: p, kind, ...(oldPath !== undefined ? { oldPath } : {}), ...(added !== undefined ? { added } : {}), ...(removed !== undefined ? { removed } : {}),
    ...(note === 'binary' || note === 'too-large' || note === 'unreadable' ? { note } : {}),
  }));
  return { ok: true, files, label };
}

/** The files changed in the workspace at `root` since `baseline`, by path. */
export function changedFilesSince(root: string, baseline: DigestBaseline): ChangedFiles {
  if (baseline.kind === 'capture') return filesSinceCapture(root, baseline.id);
  const commit = resolveCommit(root, baseline);
  if ('reason' in commit) return commit;
  // --relative: paths from the workspace folder, which may be a subfolder of the repository.
  const diff = git(root, ['-c', 'core.quotepath=off', 'diff', '--no-ext-diff', '--no-textconv', '--ignore-submodules=all', '--relative', '-z', '--raw', '--numstat', '-M', commit.sha, '--']);
  if (!diff.ok) return { ok: false, code: 'unavailable', label: commit.label, reason: 'git diff failed', ...(diff.stderr ? { detail: diff.stderr } : {}) };
  const files = parseRawNumstat(diff.stdout).filter((f) => !isConsiderStoredPath(f.path)); // Consider's own folder is never a change of the project
  const untracked = git(root, ['ls-files', '-z', '-o', '--exclude-standard']);
  if (untracked.ok) for (const rel of nulFields(untracked.stdout)) if (!isConsiderStoredPath(rel)) files.push(untrackedFile(root, rel));
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { ok: true, files, label: commit.label, sha: commit.sha };
}
