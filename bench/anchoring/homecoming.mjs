// Threads come home (issue 39, docs/worktrees.md), measured on real histories: each case's file
// at commit A is a worktree's, with a thread on the case's lines (added through the store module,
// snapshot and all, as the CLI adds one); the same file at commit B is this checkout's. Bring-home
// plans (planBringHome, the store module's own) where the thread would land. A thread that lands
// is scored like any re-anchoring answer (evaluate.mjs classify: on the case's truth, or misplaced);
// one that does not land stays in its worktree (scored as flagged: stale, or orphaned without the file).
//
//   node bench/anchoring/homecoming.mjs [--corpus DIR | --cases FILE…] [--limit N]
//
// Only anchored threads come home (bring-home.ts), so misplaced here is the in-file algorithm's own
// misplaced anchored answers: the figure the issue asks for is that it stays 0.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadStoreModule } from './load-algorithm.mjs';
import { loadCorpus, selectCategory } from './corpus.mjs';
import { evaluate, printTable, summaryRows } from './evaluate.mjs';

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: '/work/shared/anchoring-corpus' },
    cases: { type: 'string', multiple: true },
    limit: { type: 'string' },
  },
});

const store = await loadStoreModule();
const write = (root, rel, text) => {
  const file = path.join(root, ...rel.split('/'));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
};

/** One case through bring-home: a thread at A in a "worktree", planned into a "checkout" holding B. */
async function bringHomeOutcome(c) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-bring-home-bench-'));
  try {
    const wt = path.join(dir, 'wt');
    const home = path.join(dir, 'home');
    write(wt, c.path, c.textA);
    fs.mkdirSync(home);
    if (c.textB !== undefined) write(home, c.path, c.textB);
    // A rename: the checkout has the file under its new name (git's renames are not asked here: no repository).
    else if (c.textRenamed !== undefined && c.renamedTo) write(home, c.renamedTo, c.textRenamed);
    await store.addThread(wt, { file: c.path, startLine: c.start, endLine: c.end, body: 'bench', author: 'human' });
    const plan = store.planBringHome(home, { root: wt, worktree: wt });
    const e = plan.entries[0];
    if (e.kind === 'lands') return { state: 'anchored', start: e.outcome.anchor.startLine, end: e.outcome.anchor.endLine, file: e.outcome.file };
    return { state: c.textB === undefined ? 'orphaned' : 'stale' };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

let cases = values.cases
  ? values.cases.flatMap((f) => JSON.parse(fs.readFileSync(f, 'utf8')))
  : loadCorpus(values.corpus);
cases = selectCategory(cases, 'default');
if (values.limit) cases = cases.slice(0, Number(values.limit));
const started = Date.now();
const tallies = await evaluate(cases, { 'bring-home': bringHomeOutcome });
printTable(`bring-home on ${values.cases ? values.cases.map((f) => path.basename(f)).join(', ') : 'the public corpus'} (${cases.length} cases, ${((Date.now() - started) / 1000).toFixed(0)} s)`, summaryRows(tallies));
