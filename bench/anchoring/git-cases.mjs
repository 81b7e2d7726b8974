// Builds re-anchoring benchmark cases from any local git repository's history, in the format
// of ../shared/anchoring-corpus (manifest.json): two real versions of a file (commit A and a
// commit B a few commits later), a target range at A, and the truth from `git diff` A→B.
//
//   node bench/anchoring/git-cases.mjs --repo PATH [--repo PATH…] [--seed 1] [--pairs 600] [--ext c,h]
//                                      [--failures N] [--cache DIR] [--moved N]
//
// PATH is a work tree or a bare git directory. Categories (DESIGN.md §6):
//   unchanged   every target line outside the diff's hunks → expected {start, end} at B
//   whitespace  target lines changed only in whitespace: `git diff -w` leaves them untouched
//               → expected {start, end} where that diff maps them
//   modified    target lines edited (per `git diff -w`) → expected {lo, hi, kept}: the region they became
//   deleted     target lines removed with nothing in their place (per `git diff -w`) → expected {at}
//   file_deleted  file gone at B → expected {renamedTo, lo, hi} when git saw a rename
// plus expected.moved (exact copies of the target among added lines) and `ambiguous` (git's
// Myers and histogram diffs disagree about the case), exactly as the public corpus does.
//   moved_file  (--moved N, up to N cases; issue 35) 2–8 lines removed from a file X by one
//               commit that re-appear, exactly or up to whitespace, among the lines the same
//               commit added to another file Y, and nowhere else in the tree at B (nor in X)
//               → expected {movedTo: {path, start, end}, whitespaceOnly}, as the corpus's
//               moved_file. Only run by the figures of packed.mjs (the in-process methods here
//               see one file at a time).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadAlgorithm } from './load-algorithm.mjs';
import { categoryCounts, evaluate, methods, printTable, summaryRows } from './evaluate.mjs';

const QUOTA = { unchanged: 300, modified: 250, deleted: 100, whitespace: 100, file_deleted: 100 };
const SOURCE_EXTS = ['c', 'h', 'cc', 'cpp', 'hpp', 'go', 'rs', 'py', 'js', 'ts', 'tsx', 'jsx', 'java', 'kt', 'rb', 'sh', 'bash', 'lua', 'php', 'swift', 'cs', 'scala', 'm', 'mm', 'zig', 'ex', 'exs', 'erl', 'hs', 'ml', 'md'];
const SOURCE_EXT = new RegExp(`\\.(${SOURCE_EXTS.join('|')})$`);
const MAX_BYTES = 400_000;

function gitRunner(repo) {
  const gitDir = fs.existsSync(path.join(repo, '.git')) ? path.join(repo, '.git') : repo;
  return (args, opts = {}) => execFileSync('git', [`--git-dir=${gitDir}`, '-c', 'core.quotepath=off', ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'], ...opts });
}

/** Small seeded PRNG (mulberry32) so a run can be repeated exactly. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const lineList = (text) => {
  if (text === '') return [];
  const l = text.split(/\r\n|\r|\n/);
  if (l.length > 1 && l[l.length - 1] === '') l.pop();
  return l;
};

/** Parses `git diff -U0` output into hunks with their old and new lines. */
function parseHunks(diff) {
  const hunks = [];
  let h;
  for (const line of diff.split('\n')) {
    const m = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (m) {
      h = { oldStart: +m[1], oldCount: m[2] === undefined ? 1 : +m[2], newStart: +m[3], newCount: m[4] === undefined ? 1 : +m[4], oldLines: [], newLines: [] };
      hunks.push(h);
    } else if (h && line.startsWith('-') && !line.startsWith('---')) h.oldLines.push(line.slice(1));
    else if (h && line.startsWith('+') && !line.startsWith('+++')) h.newLines.push(line.slice(1));
  }
  return hunks;
}

/** Old line (1-based) → new line for untouched lines; hunk index for lines inside a hunk. */
function lineMap(hunks, oldCount) {
  const toNew = new Int32Array(oldCount + 2).fill(0);
  const hunkOf = new Int32Array(oldCount + 2).fill(-1);
  let shift = 0;
  let next = 0;
  for (let i = 1; i <= oldCount; i++) {
    while (next < hunks.length && hunks[next].oldCount === 0 && hunks[next].oldStart < i) {
      shift += hunks[next].newCount;
      next++;
    }
    const h = hunks[next];
    if (h && h.oldCount > 0 && i >= h.oldStart && i < h.oldStart + h.oldCount) {
      hunkOf[i] = next;
      if (i === h.oldStart + h.oldCount - 1) {
        shift += h.newCount - h.oldCount;
        next++;
      }
      continue;
    }
    toNew[i] = i + shift;
  }
  return { toNew, hunkOf };
}

/** Where target lines [s, e] went in one diff: images (0 = inside a hunk), touched hunks, kept lines. */
function trace(s, e, hunks, map) {
  const touched = new Set();
  const images = [];
  for (let i = s; i <= e; i++) {
    if (map.hunkOf[i] < 0) images.push(map.toNew[i]);
    else {
      touched.add(map.hunkOf[i]);
      images.push(0);
    }
  }
  const contiguous = images.every((j, k) => j > 0 && (k === 0 || j === images[k - 1] + 1));
  return { touched, images, contiguous, kept: images.filter((j) => j > 0).length };
}

/**
 * Categorises target lines [s, e] of A given two diffs A→B: `raw` (git diff) and `ws`
 * (git diff -w, which does not see whitespace-only changes).
 */
function categorise(s, e, raw, ws, linesA, linesB) {
  const r = trace(s, e, raw.hunks, raw.map);
  if (r.touched.size === 0 && r.contiguous) return { category: 'unchanged', expected: { start: r.images[0], end: r.images[r.images.length - 1] } };
  const w = trace(s, e, ws.hunks, ws.map);
  if (w.touched.size === 0 && w.contiguous) return { category: 'whitespace', expected: { start: w.images[0], end: w.images[w.images.length - 1] } };
  const moved = movedCopies(linesA.slice(s - 1, e), linesB, raw.hunks);
  if (w.kept === 0 && [...w.touched].every((hi) => ws.hunks[hi].newCount === 0)) {
    const h = ws.hunks[Math.min(...w.touched)];
    return { category: 'deleted', expected: { at: h.newStart + 1, ...(moved.length ? { moved } : {}) } };
  }
  const news = [];
  for (const hi of w.touched) if (ws.hunks[hi].newCount > 0) news.push(ws.hunks[hi].newStart, ws.hunks[hi].newStart + ws.hunks[hi].newCount - 1);
  for (const j of w.images) if (j > 0) news.push(j);
  return { category: 'modified', expected: { lo: Math.min(...news), hi: Math.max(...news), kept: w.kept, ...(moved.length ? { moved } : {}) } };
}

/** Places where the exact target text appears in B with at least one added line in it. */
function movedCopies(target, linesB, hunks) {
  const added = new Set();
  for (const h of hunks) for (let k = 0; k < h.newCount; k++) added.add(h.newStart + k);
  const out = [];
  for (let p = 1; p + target.length - 1 <= linesB.length; p++) {
    let ok = true;
    let anyAdded = false;
    for (let k = 0; k < target.length && ok; k++) {
      if (linesB[p - 1 + k] !== target[k]) ok = false;
      if (added.has(p + k)) anyAdded = true;
    }
    if (ok && anyAdded) out.push([p, p + target.length - 1]);
  }
  return out;
}

/** A readable name: the folder, or its parent for `…/name/.git` and fetched `…/owner+name/repo`. */
function repoLabel(repo) {
  const abs = path.resolve(repo);
  const base = path.basename(abs);
  return base === '.git' || base === 'repo' ? path.basename(path.dirname(abs)) : base;
}

function diffOf(git, blobA, blobB, algorithm, ignoreWhitespace = false) {
  return git(['diff', '--no-color', '--no-ext-diff', '-U0', `--diff-algorithm=${algorithm}`, ...(ignoreWhitespace ? ['-w'] : []), blobA, blobB]);
}

/** Both diffs (raw and whitespace-blind) with their line maps. */
function diffs(git, blobA, blobB, algorithm, oldCount) {
  const make = (ignoreWhitespace) => {
    const hunks = parseHunks(diffOf(git, blobA, blobB, algorithm, ignoreWhitespace));
    return { hunks, map: lineMap(hunks, oldCount) };
  };
  return { raw: make(false), ws: make(true) };
}

export function buildCases({ repo, seed = 1, pairs = 400, ext }) {
  const git = gitRunner(repo);
  const rand = random(seed);
  const pick = (n) => Math.floor(rand() * n);
  const commits = git(['rev-list', '--first-parent', '--no-merges', '-n', '5000', 'HEAD']).trim().split('\n');
  const extFilter = ext ? new RegExp(`\\.(${ext.split(',').join('|')})$`) : SOURCE_EXT;
  const counts = Object.fromEntries(Object.keys(QUOTA).map((k) => [k, 0]));
  const cases = [];
  const blobCache = new Map();
  const blob = (id) => {
    if (!blobCache.has(id)) blobCache.set(id, git(['cat-file', 'blob', id]));
    return blobCache.get(id);
  };
  const push = (c) => {
    if (counts[c.category] >= QUOTA[c.category]) return;
    counts[c.category]++;
    cases.push({ id: cases.length + 1, ...c });
  };
  const full = () => Object.keys(QUOTA).every((k) => counts[k] >= QUOTA[k]);
  for (let attempt = 0; attempt < pairs && !full(); attempt++) {
    const k = 1 + pick(10);
    const i = pick(Math.max(1, commits.length - k));
    const [A, B] = [commits[i + k], commits[i]];
    if (!A || !B) continue;
    const status = git(['diff', '--name-status', '-M', '-z', A, B]).split('\0').filter(Boolean);
    const changes = [];
    for (let f = 0; f < status.length; f++) {
      const st = status[f];
      if (st.startsWith('R')) { changes.push({ st: 'R', path: status[f + 1], to: status[f + 2] }); f += 2; } else { changes.push({ st: st[0], path: status[f + 1] }); f += 1; }
    }
    const eligible = changes.filter((c) => (c.st === 'M' || c.st === 'D' || c.st === 'R') && extFilter.test(c.path));
    for (let n = 0; n < 2 && eligible.length > 0; n++) {
      const change = eligible.splice(pick(eligible.length), 1)[0];
      let blobA;
      try { blobA = git(['rev-parse', `${A}:${change.path}`]).trim(); } catch { continue; }
      const textA = blob(blobA);
      if (textA.length > MAX_BYTES || textA.includes('\0')) continue;
      const linesA = lineList(textA);
      if (linesA.length < 10) continue;
      const base = { repo: repoLabel(repo), path: change.path, commitA: A, commitB: B, k, textA, blobA };
      const ranges = () => {
        const len = 1 + pick(5);
        const s = 1 + pick(Math.max(1, linesA.length - len));
        return [s, Math.min(linesA.length, s + len - 1)];
      };
      if (change.st === 'D' || change.st === 'R') {
        let textRenamed;
        let d;
        if (change.st === 'R') {
          const blobR = git(['rev-parse', `${B}:${change.to}`]).trim();
          textRenamed = blob(blobR);
          d = diffs(git, blobA, blobR, 'myers', linesA.length);
        }
        for (let r = 0; r < 3; r++) {
          const [s, e] = ranges();
          let expected = { renamedTo: change.to ?? null };
          if (textRenamed !== undefined) {
            const cat = categorise(s, e, d.raw, d.ws, linesA, lineList(textRenamed));
            const lo = cat.expected.start ?? cat.expected.lo ?? cat.expected.at;
            const hi = cat.expected.end ?? cat.expected.hi ?? cat.expected.at;
            expected = { renamedTo: change.to, lo, hi };
          }
          push({ ...base, start: s, end: e, category: 'file_deleted', expected, textB: undefined, textRenamed, renamedTo: change.to, ...(change.st === 'R' ? { blobRenamed: git(['rev-parse', `${B}:${change.to}`]).trim() } : {}) });
        }
        continue;
      }
      const blobB = git(['rev-parse', `${B}:${change.path}`]).trim();
      const textB = blob(blobB);
      if (textB.length > MAX_BYTES || textB.includes('\0')) continue;
      const linesB = lineList(textB);
      const myers = diffs(git, blobA, blobB, 'myers', linesA.length);
      const histogram = diffs(git, blobA, blobB, 'histogram', linesA.length);
      const candidates = [];
      for (let r = 0; r < 4; r++) candidates.push(ranges()); // uniform
      for (const h of myers.raw.hunks) {
        if (h.oldCount === 0 || rand() < 0.5) continue; // ranges overlapping a hunk
        const s = Math.max(1, h.oldStart - pick(3));
        candidates.push([s, Math.min(linesA.length, s + pick(5))]);
      }
      for (const [s, e] of candidates) {
        const c = categorise(s, e, myers.raw, myers.ws, linesA, linesB);
        const alt = categorise(s, e, histogram.raw, histogram.ws, linesA, linesB);
        const ambiguous = JSON.stringify(c) !== JSON.stringify(alt);
        // Where the histogram diff places it too: Myers with its cost cut-off can pair a lone line
        // non-minimally, far from where histogram, patience and --minimal all put it (evaluate.mjs).
        push({ ...base, start: s, end: e, ...c, textB, blobB, ...(ambiguous ? { ambiguous: true, histogram: alt } : {}) });
      }
    }
  }
  return cases;
}

const squash = (l) => l.replace(/\s+/g, '');
/** A line that says something on its own: at least 12 characters that are not whitespace, with a letter. */
const substantial = (l) => squash(l).length >= 12 && /[A-Za-z]/.test(l);

/** Start lines (0-based) in `lines` where `window` occurs, equal once whitespace is removed. */
function occurrences(lines, window) {
  const keys = window.map(squash);
  const out = [];
  for (let p = 0; p + keys.length <= lines.length; p++) if (keys.every((k, i) => squash(lines[p + i]) === k)) out.push(p);
  return out;
}

/** One commit's patch (`git log -p -U0 -w`), per file: removed runs (old lines) and added lines (new line numbers). */
function parsePatches(log) {
  const commits = [];
  let commit;
  let file;
  let hunk;
  for (const line of log.split('\n')) {
    if (/^[0-9a-f]{40}$/.test(line)) {
      commit = { sha: line, files: new Map() };
      commits.push(commit);
      continue;
    }
    if (!commit) continue;
    if (line.startsWith('diff --git ')) { file = undefined; commit.pendingOld = undefined; hunk = undefined; continue; }
    if (line.startsWith('+++ ')) {
      const p = line.slice(4);
      file = p === '/dev/null' ? undefined : p.replace(/^b\//, '');
      continue;
    }
    if (line.startsWith('--- ')) {
      const p = line.slice(4);
      const old = p === '/dev/null' ? undefined : p.replace(/^a\//, '');
      commit.pendingOld = old;
      continue;
    }
    const m = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (m) {
      const key = file ?? commit.pendingOld;
      if (!commit.files.has(key)) commit.files.set(key, { path: key, deleted: file === undefined, added: file !== undefined && commit.pendingOld === undefined, hunks: [] });
      hunk = { oldStart: +m[1], oldCount: m[2] === undefined ? 1 : +m[2], newStart: +m[3], newCount: m[4] === undefined ? 1 : +m[4], oldLines: [], newLines: [] };
      commit.files.get(key).hunks.push(hunk);
      continue;
    }
    if (hunk && line.startsWith('-')) hunk.oldLines.push(line.slice(1));
    else if (hunk && line.startsWith('+')) hunk.newLines.push(line.slice(1));
  }
  return commits;
}

/**
 * moved_file cases (see the header). The patches of the history's commits (not merges) come from one
 * `git log -p -U0 -w`; a window of removed lines is matched against every other file's added
 * lines of the same commit (up to whitespace) in memory, and only a candidate costs git reads.
 */
export function buildMovedCases({ repo, seed = 1, max = 150, ext }) {
  const git = gitRunner(repo);
  const rand = random(seed + 1000);
  const extFilter = ext ? new RegExp(`\\.(${ext.split(',').join('|')})$`) : SOURCE_EXT;
  // Only source files' patches (a repository's built bundles can be hundreds of MB of history).
  const exts = ext ? ext.split(',') : SOURCE_EXTS;
  const log = git(['log', '--no-merges', '-n', '6000', '-p', '-U0', '-w', '--no-renames', '--no-color', '--format=%H', '--', ...exts.map((e) => `:(glob)**/*.${e}`)], { maxBuffer: 1024 * 1024 * 1024 });
  const commits = parsePatches(log);
  // Random order, so that `max` does not take only the newest history.
  for (let i = commits.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [commits[i], commits[j]] = [commits[j], commits[i]];
  }
  const text = (rev, p) => { try { const x = git(['show', `${rev}:${p}`]); return x.length > MAX_BYTES || x.includes('\0') ? null : x; } catch { return undefined; } };
  const rev = (r, f) => { try { return git(['rev-parse', `${r}:${f}`]).trim(); } catch { return null; } };
  const cases = [];
  for (const commit of commits) {
    if (cases.length >= max) break;
    const files = [...commit.files.values()].filter((f) => f.path && extFilter.test(f.path));
    if (files.length < 2 || files.length > 40) continue;
    // Every added line of the commit, squashed → the files and new line numbers it was added at.
    const addedAt = new Map();
    for (const f of files) {
      for (const h of f.hunks) h.newLines.forEach((l, k) => {
        const key = squash(l);
        if (!key) return;
        if (!addedAt.has(key)) addedAt.set(key, []);
        addedAt.get(key).push({ file: f.path, line: h.newStart + k });
      });
    }
    for (const x of files) {
      if (x.added || cases.length >= max) continue;
      for (const h of x.hunks) {
        if (h.oldLines.length < 2) continue;
        const len = 2 + Math.floor(rand() * Math.min(7, h.oldLines.length - 1));
        const off = Math.floor(rand() * (h.oldLines.length - len + 1));
        const window = h.oldLines.slice(off, off + len);
        if (window.filter(substantial).length < 2) continue;
        // Added elsewhere, line after line, in exactly one place of one other file.
        const starts = (addedAt.get(squash(window[0])) ?? []).filter((a) => a.file !== x.path
          && window.every((w, i) => (addedAt.get(squash(w)) ?? []).some((b) => b.file === a.file && b.line === a.line + i)));
        if (starts.length !== 1) continue;
        const { file: yPath, line: yStart } = starts[0];
        const B = commit.sha;
        const A = `${B}^`;
        const ta = text(A, x.path);
        const tyB = text(B, yPath);
        if (!ta || !tyB) continue;
        const linesA = lineList(ta);
        const s0 = h.oldStart + off; // 1-based at A
        if (occurrences(linesA.slice(s0 - 1, s0 - 1 + len), window).length !== 1) continue;
        const tbX = x.deleted ? undefined : text(B, x.path);
        if (tbX === null) continue;
        if (tbX !== undefined && occurrences(lineList(tbX), window).length > 0) continue; // still in its own file
        const linesY = lineList(tyB);
        const inY = occurrences(linesY, window);
        if (inY.length !== 1 || inY[0] !== yStart - 1) continue;
        // Nowhere else in the tree at B (up to whitespace): the moved copy is the only one.
        const pivot = window.find(substantial).trim();
        let elsewhere = 0;
        try {
          for (const line of git(['grep', '-l', '-F', '-e', pivot, B]).trim().split('\n')) {
            const f = line.slice(B.length + 1);
            if (!f || f === yPath) continue;
            const tf = text(B, f);
            if (tf && occurrences(lineList(tf), window).length > 0) elsewhere++;
          }
        } catch { /* git grep: no match */ }
        if (elsewhere > 0) continue;
        const tyA = text(A, yPath);
        if (tyA === null) continue;
        cases.push({
          id: 100000 + cases.length + 1, repo: repoLabel(repo), path: x.path, commitA: git(['rev-parse', A]).trim(), commitB: B, k: 1,
          start: s0, end: s0 + len - 1, category: 'moved_file',
          expected: { movedTo: { path: yPath, start: yStart, end: yStart + len - 1 }, whitespaceOnly: !window.every((l, i) => linesY[yStart - 1 + i] === l) },
          textA: ta, blobA: rev(A, x.path), textB: tbX, blobB: tbX === undefined ? null : rev(B, x.path),
          movedPath: yPath, textMovedA: tyA, blobMovedA: tyA === undefined ? null : rev(A, yPath), textMovedB: tyB, blobMovedB: rev(B, yPath),
        });
        if (cases.length >= max) break;
      }
    }
  }
  return cases;
}

async function main() {
  const { values } = parseArgs({
    options: {
      repo: { type: 'string', multiple: true },
      seed: { type: 'string', default: '1' },
      pairs: { type: 'string', default: '600' },
      ext: { type: 'string' },
      failures: { type: 'string', default: '0' },
      cache: { type: 'string' },
      moved: { type: 'string', default: '0' },
    },
  });
  if (!values.repo?.length) {
    console.error('usage: node bench/anchoring/git-cases.mjs --repo PATH [--repo PATH…] [--seed N] [--pairs N] [--ext c,h]');
    process.exit(1);
  }
  const algo = await loadAlgorithm();
  for (const repo of values.repo) {
    const t0 = performance.now();
    // Building cases runs git a few thousand times; --cache keeps them (outside the repository) for reruns.
    // v3: ambiguous cases carry the histogram diff's category and place (`histogram`).
    const cacheFile = values.cache && path.join(values.cache, `${repoLabel(repo)}-v3-seed${values.seed}-pairs${values.pairs}.json`);
    let cases;
    if (cacheFile && fs.existsSync(cacheFile)) cases = JSON.parse(fs.readFileSync(cacheFile, 'utf8'));
    else {
      cases = buildCases({ repo, seed: Number(values.seed), pairs: Number(values.pairs), ext: values.ext });
      if (cacheFile) {
        fs.mkdirSync(values.cache, { recursive: true });
        fs.writeFileSync(cacheFile, JSON.stringify(cases));
      }
    }
    if (Number(values.moved) > 0) {
      const movedFile = cacheFile && cacheFile.replace(/\.json$/, `-moved${values.moved}.json`);
      if (!movedFile || !fs.existsSync(movedFile)) {
        const moved = buildMovedCases({ repo, seed: Number(values.seed), max: Number(values.moved), ext: values.ext });
        if (movedFile) fs.writeFileSync(movedFile, JSON.stringify(moved));
        console.log(`${moved.length} moved_file cases${movedFile ? ` in ${movedFile}` : ''} (for packed.mjs --cases)`);
      }
    }
    const built = performance.now() - t0;
    let shown = 0;
    const tallies = await evaluate(cases, methods(algo), {
      onFailure: (c, o, cls) => {
        if (shown++ >= Number(values.failures)) return;
        console.log(`${cls} #${c.id} ${c.path} ${c.commitA.slice(0, 8)}..${c.commitB.slice(0, 8)} ${c.category} ${c.start}-${c.end} expected ${JSON.stringify(c.expected)} got ${JSON.stringify(o)}${c.ambiguous ? ' (ambiguous)' : ''}`);
      },
    });
    printTable(`${repo} (seed ${values.seed}; ${cases.length} cases: ${categoryCounts(cases)}; built in ${(built / 1000).toFixed(1)} s)`, summaryRows(tallies));
    const amb = cases.filter((c) => c.ambiguous).length;
    console.log(`\n${amb} cases where git's Myers and histogram diffs disagree are included.`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
