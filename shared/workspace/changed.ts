/**
 * What changed in the workspace since a commit, as git sees it: the working tree (staged or
 * not) against the commit — git's renames, git's line counts — plus the files git does not
 * track and does not ignore, which a diff leaves out but an agent's new files are. The paths
 * that count are the workspace's files (files.ts: never `.consider/`, a `.git/` or a
 * `node_modules/` folder). Used by the Changes view and the digest (shared/changes/git-changes.ts
 * adds what each file is now), and meant for the work on pull requests and worktrees that comes
 * next: one answer to "what changed since that commit".
 *
 * `git diff-index`, not `git diff`: `git diff` refreshes the index and writes it back under
 * `index.lock` — GIT_OPTIONAL_LOCKS does not stop it (git 2.39) — so the user's own `git commit`
 * could fail on our lock (test/workspace-git.test.ts). diff-index never writes; a file it
 * reports only because its stat changed (touched, checked out again) has the same content, and
 * is left out here as a refreshed index would leave it out (sameAsCommitted).
 */
import { nulFields, runGit } from './git';
import { isNeverListed, untrackedFiles } from './files';

export type ChangeKind = 'added' | 'deleted' | 'modified' | 'renamed';

/** One path that changed since the commit. */
export interface ChangedPath {
  /** Workspace-relative path now (a deleted file: where it was). */
  path: string;
  /** A renamed (or copied) file's path in the commit. */
  oldPath?: string;
  kind: ChangeKind;
  /** git's line counts; absent for a binary file (`binary`) and for an untracked one (git counts none). */
  added?: number;
  removed?: number;
  binary?: true;
  /** Not tracked by git yet: every line of it is new. */
  untracked?: true;
}

/** A diff-index record's own facts, beside the path's change: its modes and blob ids. */
interface RawRecord extends ChangedPath {
  sameMode: boolean;
  /** The commit's blob id. */
  fromBlob: string;
  /** The working tree's: all zeros where git did not read the file (its stat changed). */
  toBlob: string;
}

const STATUS_KIND: Readonly<Record<string, ChangeKind>> = { A: 'added', D: 'deleted', M: 'modified', T: 'modified', R: 'renamed', C: 'added' };

/**
 * Parses `git diff-index -z --raw --numstat`: the raw records, then the numstat records, matched
 * by path — diff-index gives no numstat record for a file whose content turned out the same.
 * No counts (`-` in numstat): a binary file.
 */
export function parseRawNumstat(out: Buffer): RawRecord[] {
  const f = nulFields(out);
  const raw: Omit<RawRecord, 'added' | 'removed' | 'binary'>[] = [];
  const stats = new Map<string, Pick<ChangedPath, 'added' | 'removed' | 'binary'>>();
  for (let i = 0; i < f.length; i++) {
    const field = f[i]!;
    if (field.startsWith(':')) {
      // `:<old mode> <new mode> <old blob> <new blob> <letter>[score]`
      const [fromMode, toMode, fromBlob = '', toBlob = '', status = ''] = field.slice(1).split(' ');
      const letter = status.slice(0, 1);
      const facts = { kind: STATUS_KIND[letter] ?? 'modified', sameMode: fromMode === toMode, fromBlob, toBlob };
      if (letter === 'R' || letter === 'C') raw.push({ ...facts, oldPath: f[++i]!, path: f[++i]! });
      else raw.push({ ...facts, path: f[++i]! });
      continue;
    }
    const [a, r, p] = field.split('\t');
    let rel = p ?? '';
    if (rel === '') rel = f[(i += 2)] ?? ''; // a rename or copy: its old path, then its new one
    stats.set(rel, a === '-' ? { binary: true } : { added: Number(a), removed: Number(r) });
  }
  return raw.map((entry) => ({ ...entry, ...stats.get(entry.path) }));
}

const unread = (blob: string): boolean => /^0+$/.test(blob);

/**
 * The records of files diff-index listed only because their stat changed: the same mode and,
 * for text, no line added or removed (no numstat record at all); for binary content, git's own
 * hash of the file equal to the commit's (one `git hash-object` for all of them).
 */
function sameAsCommitted(root: string, records: readonly RawRecord[]): Set<RawRecord> {
  const same = new Set<RawRecord>();
  const binary: RawRecord[] = [];
  for (const r of records) {
    if (r.kind !== 'modified' || !r.sameMode || !unread(r.toBlob)) continue;
    if (r.binary) binary.push(r);
    else if ((r.added ?? 0) === 0 && (r.removed ?? 0) === 0) same.add(r);
  }
  if (binary.length) {
    const hashed = runGit(root, ['hash-object', '--', ...binary.map((r) => r.path)]);
    const ids = hashed.ok ? hashed.stdout.toString('utf8').trim().split('\n') : [];
    binary.forEach((r, i) => { if (ids[i] === r.fromBlob) same.add(r); });
  }
  return same;
}

/** The paths changed since `sha`, sorted; or git's message when it could not tell. */
export function changedSinceCommit(root: string, sha: string): { ok: true; files: ChangedPath[] } | { ok: false; message: string } {
  // --relative: paths from the workspace folder, which may be a subfolder of the repository.
  const diff = runGit(root, ['diff-index', '--ignore-submodules=all', '--relative', '-z', '--raw', '--numstat', '-M', sha, '--']);
  if (!diff.ok) return { ok: false, message: `git diff failed: ${diff.stderr.split('\n')[0] || 'no message'}` };
  const records = parseRawNumstat(diff.stdout).filter((f) => !isNeverListed(f.path));
  const unchanged = sameAsCommitted(root, records);
  const files: ChangedPath[] = records.filter((r) => !unchanged.has(r)).map(({ sameMode: _s, fromBlob: _f, toBlob: _t, ...change }) => change);
  for (const rel of untrackedFiles(root)) files.push({ path: rel, kind: 'added', untracked: true });
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { ok: true, files };
}
