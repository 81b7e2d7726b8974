// Builds re-anchoring benchmark cases from any local git repository's history, in the format
// of ../shared/anchoring-corpus (manifest.json): two real versions of a file (commit A and a
// commit B a few commits later), a target range at A, and the truth from `git diff` A→B.
//
//   node bench/anchoring/git-cases.mjs --repo PATH [--repo PATH…] [--seed 1] [--pairs 600] [--ext c,h]
//                                      [--failures N] [--cache DIR]
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
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadAlgorithm } from './load-algorithm.mjs';
import { categoryCounts, evaluate, methods, printTable, summaryRows } from './evaluate.mjs';

const QUOTA = { unchanged: 300, modified: 250, deleted: 100, whitespace: 100, file_deleted: 100 };
const SOURCE_EXT = /\.(c|h|cc|cpp|hpp|go|rs|py|js|ts|tsx|jsx|java|kt|rb|sh|bash|lua|php|swift|cs|scala|m|mm|zig|ex|exs|erl|hs|ml|md)$/;
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
          push({ ...base, start: s, end: e, category: 'file_deleted', expected, textB: undefined, textRenamed, renamedTo: change.to });
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
        push({ ...base, start: s, end: e, ...c, textB, blobB, ...(ambiguous ? { ambiguous: true } : {}) });
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
    const cacheFile = values.cache && path.join(values.cache, `${repoLabel(repo)}-v2-seed${values.seed}-pairs${values.pairs}.json`);
    let cases;
    if (cacheFile && fs.existsSync(cacheFile)) cases = JSON.parse(fs.readFileSync(cacheFile, 'utf8'));
    else {
      cases = buildCases({ repo, seed: Number(values.seed), pairs: Number(values.pairs), ext: values.ext });
      if (cacheFile) {
        fs.mkdirSync(values.cache, { recursive: true });
        fs.writeFileSync(cacheFile, JSON.stringify(cases));
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
