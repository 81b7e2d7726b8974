/**
 * What the stand-in knows about a repository it learns from git, as GitHub does from its own
 * copy: the branch heads (a force-push shows at once), the pull request's diff, the diff hunk a
 * review comment quotes, whether a line is part of the diff (GitHub refuses a comment on a line
 * outside it), whether a commit exists at all (a force-pushed commit can be gone).
 */
import { spawnSync } from 'node:child_process';

function run(gitDir, args) {
  const r = spawnSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, LC_ALL: 'C', GIT_OPTIONAL_LOCKS: '0' } });
  return r.status === 0 ? r.stdout : undefined;
}

/** Branch heads move (pushes, force-pushes): remembered only within one request (forgetRefs). */
const refs = new Map();
export function forgetRefs() {
  refs.clear();
}

export function refOid(gitDir, branch) {
  const key = `${gitDir}\0${branch}`;
  if (!refs.has(key)) refs.set(key, run(gitDir, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`])?.trim() || undefined);
  return refs.get(key);
}

export function hasCommit(gitDir, oid) {
  return /^[0-9a-f]{40}$/.test(oid) && run(gitDir, ['cat-file', '-e', `${oid}^{commit}`]) !== undefined;
}

/** A file at a commit never changes: remembered (a commit that is later collected still answered as before is fine for a stand-in). */
const files = new Map();
export function fileAt(gitDir, oid, file) {
  const key = `${gitDir}\0${oid}\0${file}`;
  if (!files.has(key)) files.set(key, run(gitDir, ['show', `${oid}:${file}`]));
  return files.get(key);
}

const bases = new Map();
export function mergeBase(gitDir, a, b) {
  const key = `${gitDir}\0${a}\0${b}`;
  if (!bases.has(key)) bases.set(key, run(gitDir, ['merge-base', a, b])?.trim() || undefined);
  return bases.get(key);
}

/** Every file the diff base..head touches. */
export function changedPaths(gitDir, base, head) {
  return (run(gitDir, ['diff', '--name-only', '-z', base, head]) ?? '').split('\0').filter(Boolean);
}

/** The hunks of `git diff base head -- file`, as GitHub's pull request diff shows them (3 lines of context). */
const hunkCache = new Map();
export function hunksOf(gitDir, base, head, file) {
  const key = `${gitDir}\0${base}\0${head}\0${file}`;
  if (!hunkCache.has(key)) hunkCache.set(key, readHunks(gitDir, base, head, file));
  return hunkCache.get(key);
}

function readHunks(gitDir, base, head, file) {
  const out = run(gitDir, ['diff', '--no-color', '--no-ext-diff', '-U3', base, head, '--', file]) ?? '';
  const hunks = [];
  let current;
  for (const line of out.split('\n')) {
    const h = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (h) {
      current = { header: line, oldStart: Number(h[1]), newStart: Number(h[3]), lines: [] };
      hunks.push(current);
      continue;
    }
    if (!current) continue;
    if (line.startsWith(' ') || line.startsWith('+') || line.startsWith('-')) current.lines.push(line);
    else if (line.startsWith('\\')) continue; // "\ No newline at end of file"
    else current = undefined;
  }
  return hunks;
}

/** The hunk's lines with their line number on each side (undefined on the side a line is not on). */
function numbered(hunk) {
  let oldLine = hunk.oldStart;
  let newLine = hunk.newStart;
  return hunk.lines.map((text) => {
    const kind = text[0];
    const row = { text, left: kind === '+' ? undefined : oldLine, right: kind === '-' ? undefined : newLine };
    if (kind !== '+') oldLine++;
    if (kind !== '-') newLine++;
    return row;
  });
}

/** Where `line` of `side` (LEFT: the base, RIGHT: the head) is in the diff, or undefined when it is not part of it. */
function findLine(hunks, side, line) {
  for (const hunk of hunks) {
    const rows = numbered(hunk);
    const i = rows.findIndex((r) => (side === 'LEFT' ? r.left : r.right) === line);
    if (i >= 0) return { hunk, rows, i };
  }
  return undefined;
}

export function lineInDiff(hunks, side, line) {
  return findLine(hunks, side, line) !== undefined;
}

/** The diff hunk GitHub stores with a review comment: the hunk's header and its lines up to the commented one. */
export function diffHunkFor(hunks, side, line) {
  const found = findLine(hunks, side, line);
  if (!found) return undefined;
  return [found.hunk.header, ...found.rows.slice(0, found.i + 1).map((r) => r.text)].join('\n');
}
