// Scores re-anchoring methods on benchmark cases (the corpus format of
// ../shared/anchoring-corpus/manifest.json) and prints per-category figures side by side.
//
// A case: a target range at version A of a file, the file at version B, and the truth from
// `git diff` (category + expected). Every method gets the anchor captured at A and the text
// of B; "ours" also gets the snapshot (= the text at A), as the store keeps one per anchor.

/**
 * The methods compared in every run: ours, ours without snapshots, and the two baselines.
 * `workspace(c)`: how "ours" runs a case that needs the whole workspace (moved_file; see
 * moved-file.mjs); without it, such a case is re-anchored in its own file only.
 */
export function methods(algo, { workspace } = {}) {
  const { reanchor, captureAnchor, splitLines } = algo;
  const capture = (c) => captureAnchor(c.textA, c.start, c.end, '2026-01-01T00:00:00.000Z');
  const followRename = (c, run) => (c.textRenamed !== undefined ? run(c.textRenamed) : { state: 'orphaned' });
  const asOutcome = (r) => ({ state: r.anchorState, start: r.startLine, end: r.endLine, method: r.method });
  return {
    ours: (c) => {
      if (c.category === 'moved_file' && workspace) return workspace(c);
      const anchor = capture(c);
      const run = (text) => asOutcome(reanchor(anchor, text, { snapshotText: c.textA }));
      return c.textB === undefined ? followRename(c, run) : run(c.textB);
    },
    'ours, no snapshot': (c) => {
      const anchor = capture(c);
      const run = (text) => asOutcome(reanchor(anchor, text));
      return c.textB === undefined ? followRename(c, run) : run(c.textB);
    },
    'line numbers': (c) => {
      if (c.textB === undefined) return { state: 'orphaned' };
      const n = splitLines(c.textB).length;
      return c.end <= n ? { state: 'anchored', start: c.start, end: c.end } : { state: 'stale' };
    },
    'exact unique': (c) => {
      if (c.textB === undefined) return { state: 'orphaned' };
      const target = splitLines(c.textA).slice(c.start - 1, c.end);
      const lines = splitLines(c.textB);
      const hits = [];
      for (let p = 0; p + target.length <= lines.length && hits.length < 2; p++) {
        if (target.every((t, k) => lines[p + k] === t)) hits.push(p);
      }
      return hits.length === 1
        ? { state: 'anchored', start: hits[0] + 1, end: hits[0] + target.length }
        : { state: 'stale' };
    },
  };
}

/**
 * Where a stale thread on edited code is shown (not an outcome class: a stale thread is safe
 * wherever it is shown, but *Re-anchor to suggestion* puts it there): on lines of the region
 * its code became, or elsewhere. Undefined when the case or outcome is not a stale `modified` one.
 */
export function stalePlacement(c, o) {
  if (c.category !== 'modified' || o.state !== 'stale' || c.expected.hi < c.expected.lo) return undefined;
  return o.start >= c.expected.lo && o.end <= c.expected.hi ? 'in-region' : 'outside';
}

const atMoved = (c, expected, o) => (expected.moved ?? []).some(([s, e]) => s === o.start && e === o.end) || reindentedMove(c, o);

const squeeze = (l) => l.replace(/\s+/g, '');
const splitText = (t) => t.split(/\r\n|\r|\n/);

/**
 * `expected.moved` lists exact copies only (git-cases.mjs, and the corpus's own truth), but
 * code that is moved is often re-indented with it (into or out of a block), and a re-indented
 * line is the same code by the `whitespace` category's own definition. So a thread on deleted
 * or edited code that lands on a copy of its lines equal up to whitespace also counts as moved,
 * when that code leaves no doubt whose copy it is: it occurred exactly once at A (the thread's
 * own lines) and occurs exactly once at B (the place found), and is at least two lines long:
 * one line alone, re-indented among changed lines, is as often new code written the same way
 * (an error code, a `return x;`). A twin (two copies at A or at B) never counts.
 */
function reindentedMove(c, o) {
  if (c.textA === undefined || c.textB === undefined) return false;
  const target = splitText(c.textA).slice(c.start - 1, c.end).map(squeeze);
  const linesB = splitText(c.textB);
  const n = target.length;
  if (n < 2 || o.end - o.start + 1 !== n || !target.every((t, k) => squeeze(linesB[o.start - 1 + k] ?? '') === t)) return false;
  const count = (lines) => {
    const keys = lines.map(squeeze);
    let found = 0;
    for (let p = 0; p + n <= keys.length; p++) if (target.every((t, k) => keys[p + k] === t)) found++;
    return found;
  };
  return count(splitText(c.textA)) === 1 && count(linesB) === 1;
}

/**
 * good / misplaced / flagged for one outcome. "misplaced" is the failure that matters most:
 * a thread shown as valid on code it was not written about.
 *
 * An `ambiguous` case (git's Myers and histogram diffs disagree) built by git-cases.mjs v3 also
 * carries the histogram diff's answer (`histogram: {category, expected}`). When both diffs put
 * it in the same category (or both say the line kept its place, `unchanged`/`whitespace`), a place either diff gives is right: Myers with its cost cut-off on a
 * large rewrite pairs a lone `end` with one 1,300 lines away, where histogram, patience and
 * `--minimal` all agree (bench/anchoring/RESULTS.md, sinatra #403–#409). Cases without it (the
 * public corpus, older case files) are scored on the Myers truth alone, as before.
 */
export function classify(c, o) {
  return classifyWithTruth(c, o).cls;
}

/**
 * `classify`, and which truth decided: `myers` (the case's own), `histogram` (see above) or
 * `equal-diff` (an equally minimal diff keeps the thread's lines where they landed; see
 * `keptByAnEquallyMinimalDiff`). The benchmarks count the last apart, so a table can say how
 * many answers only that rule made right.
 */
export function classifyWithTruth(c, o) {
  const cls = classifyAgainst(c, c.expected, o);
  if (cls !== 'misplaced') return { cls, truth: 'myers' };
  const h = c.histogram;
  if (h && sameKindOfTruth(c.category, h.category)) {
    const alt = classifyAgainst(c, h.expected, o);
    if (alt !== 'misplaced') return { cls: alt, truth: 'histogram' };
  }
  if (keptByAnEquallyMinimalDiff(c, o)) return { cls: EXACT_PLACE.has(c.category) ? 'exact' : 'kept', truth: 'equal-diff' };
  return { cls, truth: 'myers' };
}

/**
 * Whether some minimal line diff of A → B (a longest common subsequence, as git's diffs aim at)
 * keeps every line of the thread, unchanged, exactly where the answer put it. Git picks one of
 * the equally minimal diffs by convention: where an inserted or deleted block sits next to lines
 * identical to its own (two `/**` in a row, a second `reader.skipValue();`, a new test whose last
 * eleven lines repeat the one before), the block can slide over them, and which copy is called
 * "kept" is the convention's choice, not the code's (Myers leaves it first, `--indent-heuristic`
 * moves it by blank lines). An answer on one of those places shows the thread's own text at a
 * place an equally good diff gives, so it is not a misplaced thread. The test is exact: the
 * lines at the place equal the thread's lines, and the best alignment of what comes before plus
 * the thread plus the best alignment of what comes after is as long as the best alignment of the
 * whole files. A copy anywhere else (a twin further off, code in another order) fails it, since
 * matching there gives up lines in between (test/anchoring-bench-scoring.test.ts).
 * Only in-file answers are looked at (moved_file and renames have their own truth).
 */
export function keptByAnEquallyMinimalDiff(c, o) {
  if (o.state !== 'anchored' || c.textA === undefined || c.textB === undefined) return false;
  if (c.category === 'moved_file' || c.category === 'file_deleted' || (o.file !== undefined && o.file !== c.path)) return false;
  const ids = new Map();
  const idsOf = (lines) => lines.map((l) => { let id = ids.get(l); if (id === undefined) ids.set(l, (id = ids.size)); return id; });
  const a = idsOf(splitText(c.textA));
  const b = idsOf(splitText(c.textB));
  const n = c.end - c.start + 1;
  const [s, p] = [c.start - 1, o.start - 1]; // 0-based first lines of the thread at A and of the answer at B
  if (o.end - o.start + 1 !== n || p < 0 || p + n > b.length) return false;
  for (let k = 0; k < n; k++) if (a[s + k] !== b[p + k]) return false;
  const through = commonLength(a.slice(0, s), b.slice(0, p)) + n + commonLength(a.slice(s + n), b.slice(p + n));
  return through === commonLength(a, b);
}

/** The length of a longest common subsequence of two id arrays (Myers's O((N+M)D) greedy search for D). */
function commonLength(a, b) {
  let lo = 0;
  while (lo < a.length && lo < b.length && a[lo] === b[lo]) lo++;
  let ea = a.length;
  let eb = b.length;
  while (ea > lo && eb > lo && a[ea - 1] === b[eb - 1]) { ea--; eb--; }
  const N = ea - lo;
  const M = eb - lo;
  const max = N + M;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  for (let d = 0; d <= max; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < N && y < M && a[lo + x] === b[lo + y]) { x++; y++; }
      v[offset + k] = x;
      if (x >= N && y >= M) return lo + (a.length - ea) + (N + M - d) / 2;
    }
  }
  return lo + (a.length - ea);
}

/**
 * Whether the histogram diff's place can stand in for the Myers one: the same category, or both
 * categories of a line kept in place (`unchanged` and `whitespace` differ only in whether its
 * indentation changed: okio #138, a lone `}` re-indented into a new block, is `unchanged` to
 * Myers, paired far away, and `whitespace` to histogram, paired where we put it).
 */
const EXACT_PLACE = new Set(['unchanged', 'whitespace']);
function sameKindOfTruth(myers, histogram) {
  return myers === histogram || (EXACT_PLACE.has(myers) && EXACT_PLACE.has(histogram));
}

function classifyAgainst(c, e, o) {
  switch (c.category) {
    case 'unchanged':
    case 'whitespace':
      if (o.state !== 'anchored') return 'false-stale';
      return o.start === e.start && o.end === e.end ? 'exact' : 'misplaced';
    case 'modified':
      if (o.state !== 'anchored') return 'stale';
      if (o.start >= e.lo && o.end <= e.hi) return 'inside';
      return atMoved(c, e, o) ? 'moved' : 'misplaced';
    case 'deleted':
      if (o.state !== 'anchored') return 'stale';
      return atMoved(c, e, o) ? 'moved' : 'misplaced';
    case 'file_deleted':
      if (o.state !== 'anchored') return o.state; // orphaned, or stale in the renamed file
      return e.renamedTo && o.start >= e.lo && o.end <= e.hi ? 'followed' : 'misplaced';
    case 'moved_file': {
      // The code left its file for another: good is following it to exactly those lines
      // there, or flagging the thread (stale/orphaned: safe, but lost to its code).
      if (o.state !== 'anchored') return 'flagged';
      const to = e.movedTo;
      return o.file === to.path && o.start === to.start && o.end === to.end ? 'followed_cross_file' : 'misplaced';
    }
    default:
      throw new Error(`unknown category ${c.category}`);
  }
}

const pct = (n, d) => (d === 0 ? '   -  ' : `${((100 * n) / d).toFixed(2).padStart(6)}%`);

/** Runs every method on every case; returns per-method tallies { [category]: { total, [class]: n } }. */
export async function evaluate(cases, methodTable, { onFailure } = {}) {
  const tallies = {};
  for (const [name, run] of Object.entries(methodTable)) {
    const t = (tallies[name] = {});
    for (const c of cases) {
      let o;
      try {
        o = await run(c);
      } catch (err) {
        o = { state: 'crash', error: err };
      }
      const { cls, truth } = o.state === 'crash' ? { cls: 'crash' } : classifyWithTruth(c, o);
      const cat = (t[c.category] ??= { total: 0 });
      cat.total++;
      cat[cls] = (cat[cls] ?? 0) + 1;
      if (truth === 'equal-diff') cat['by-equal-diff'] = (cat['by-equal-diff'] ?? 0) + 1;
      const place = o.state === 'crash' ? undefined : stalePlacement(c, o);
      if (place) cat[`stale-${place}`] = (cat[`stale-${place}`] ?? 0) + 1;
      if (onFailure && name === 'ours' && (cls === 'misplaced' || cls === 'false-stale' || cls === 'crash')) onFailure(c, o, cls);
    }
  }
  return tallies;
}

/** The figures DESIGN.md §6 sets targets for, one row per method. */
export function summaryRows(tallies) {
  const rows = [];
  for (const [name, t] of Object.entries(tallies)) {
    const get = (cat, cls) => t[cat]?.[cls] ?? 0;
    const total = (cat) => t[cat]?.total ?? 0;
    const all = Object.values(t).reduce((s, x) => s + x.total, 0);
    const misplaced = Object.values(t).reduce((s, x) => s + (x.misplaced ?? 0) + (x.crash ?? 0), 0);
    rows.push({
      method: name,
      cases: all,
      'misplaced (all)': pct(misplaced, all),
      'misplaced (unchanged)': pct(get('unchanged', 'misplaced'), total('unchanged')),
      'unchanged exact': pct(get('unchanged', 'exact'), total('unchanged')),
      'whitespace exact': pct(get('whitespace', 'exact'), total('whitespace')),
      'false stale (unchanged)': pct(get('unchanged', 'false-stale'), total('unchanged')),
      'deleted flagged/moved': pct(get('deleted', 'stale') + get('deleted', 'moved'), total('deleted')),
      'deleted misplaced': pct(get('deleted', 'misplaced'), total('deleted')),
      'modified misplaced': pct(get('modified', 'misplaced'), total('modified')),
      'modified stale shown in region': pct(get('modified', 'stale-in-region'), get('modified', 'stale-in-region') + get('modified', 'stale-outside')),
      'file_deleted good': pct(total('file_deleted') - get('file_deleted', 'misplaced'), total('file_deleted')),
      'renames followed': `${get('file_deleted', 'followed')}`,
      'right only by an equally minimal diff': `${Object.values(t).reduce((s, x) => s + (x['by-equal-diff'] ?? 0), 0)}`,
    });
    if (total('moved_file') > 0) {
      Object.assign(rows.at(-1), {
        'moved_file followed': pct(get('moved_file', 'followed_cross_file'), total('moved_file')),
        'moved_file flagged': pct(get('moved_file', 'flagged'), total('moved_file')),
        'moved_file misplaced': pct(get('moved_file', 'misplaced') + get('moved_file', 'crash'), total('moved_file')),
      });
    }
  }
  return rows;
}

/** Prints rows as a Markdown table (figures go into notes as they are). */
export function printTable(title, rows) {
  if (rows.length === 0) return;
  const cols = Object.keys(rows[0]);
  console.log(`\n### ${title}\n`);
  console.log(`| ${cols.join(' | ')} |`);
  console.log(`| ${cols.map(() => '---').join(' | ')} |`);
  for (const r of rows) console.log(`| ${cols.map((c) => String(r[c]).trim()).join(' | ')} |`);
}

/** Category counts, to print under each table. */
export function categoryCounts(cases) {
  const counts = {};
  for (const c of cases) counts[c.category] = (counts[c.category] ?? 0) + 1;
  return Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ');
}
