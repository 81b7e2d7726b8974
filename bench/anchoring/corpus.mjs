// Runs the public anchoring corpus (../shared/anchoring-corpus: cases.jsonl + gzip blobs) through
// our re-anchoring and the two baselines, and prints per-category figures.
//
//   node bench/anchoring/corpus.mjs [--corpus DIR | --cases FILE…] [--part tune|check|all] [--category default|all|NAME] [--git] [--failures N]
//
// --cases: case files written by git-cases.mjs --cache (held-out repositories), run in-process
// instead of the corpus: every in-file category of a 600-pair file in a few seconds (packed.mjs
// runs the same cases through the CLI, in about 20 minutes).
//
// --category: moved_file (each case in a temporary workspace, through the store module) runs only
// when asked for, by name or with `all`; --git makes those workspaces git repositories.
//
// --part: the corpus is our test set, so tuning uses one repository (sindresorhus/got, "tune")
// and the figures that count are on the two others (psf/requests, sharkdp/fd: "check").
// The corpus is read in place and never copied into the repository.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { loadAlgorithm, loadStoreModule } from './load-algorithm.mjs';
import { throughStore } from './moved-file.mjs';
import { categoryCounts, evaluate, methods, printTable, summaryRows } from './evaluate.mjs';

export const TUNE_REPOS = ['sindresorhus/got'];

/**
 * `default`: every category but moved_file (which needs the whole workspace, and which the
 * corpus itself leaves out unless asked); `all`; or one category by name.
 */
export function selectCategory(cases, category) {
  if (category === 'all') return cases;
  if (category === 'default') return cases.filter((c) => c.category !== 'moved_file');
  const chosen = cases.filter((c) => c.category === category);
  if (chosen.length === 0) throw new Error(`no cases of category ${category}`);
  return chosen;
}

export function loadCorpus(dir) {
  const blob = (id) => zlib.gunzipSync(fs.readFileSync(path.join(dir, 'blobs', id.slice(0, 2), `${id.slice(2)}.gz`))).toString('utf8');
  const cache = new Map();
  const text = (id) => {
    if (id == null) return undefined;
    if (!cache.has(id)) cache.set(id, blob(id));
    return cache.get(id);
  };
  return fs.readFileSync(path.join(dir, 'cases.jsonl'), 'utf8').trim().split('\n').map((line) => {
    const c = JSON.parse(line);
    return { ...c, textA: text(c.blobA), textB: text(c.blobB), textRenamed: text(c.blobRenamed), textMovedA: text(c.blobMovedA), textMovedB: text(c.blobMovedB) };
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string', default: '/work/shared/anchoring-corpus' },
      part: { type: 'string', default: 'all' },
      failures: { type: 'string', default: '0' },
      category: { type: 'string', default: 'default' },
      git: { type: 'boolean', default: false },
      cases: { type: 'string', multiple: true },
    },
  });
  const algo = await loadAlgorithm();
  const store = await loadStoreModule();
  const table = () => methods(algo, { workspace: (c) => throughStore(store, c, { git: values.git }) });
  const all = values.cases?.length ? values.cases.flatMap((file) => JSON.parse(fs.readFileSync(file, 'utf8'))) : loadCorpus(values.corpus);
  let cases = selectCategory(all, values.category);
  if (values.part === 'tune') cases = cases.filter((c) => TUNE_REPOS.includes(c.repo));
  if (values.part === 'check') cases = cases.filter((c) => !TUNE_REPOS.includes(c.repo));
  const showFailures = Number(values.failures);
  let shown = 0;
  const t0 = performance.now();
  const tallies = await evaluate(cases, table(), {
    onFailure: (c, o, cls) => {
      if (shown++ >= showFailures) return;
      console.log(`${cls} #${c.id} ${c.repo} ${c.path} ${c.category} ${c.start}-${c.end} expected ${JSON.stringify(c.expected)} got ${JSON.stringify({ ...o, error: o.error?.stack })}${c.ambiguous ? ' (ambiguous)' : ''}`);
    },
  });
  const ms = performance.now() - t0;
  printTable(`${values.cases?.length ? values.cases.map((f) => path.basename(f)).join(', ') : 'anchoring corpus'}, part "${values.part}" (${cases.length} cases: ${categoryCounts(cases)})`, summaryRows(tallies));
  const amb = cases.filter((c) => c.ambiguous);
  if (amb.length > 0) {
    printTable(`same, without the ${amb.length} cases git's Myers and histogram diffs disagree on`,
      summaryRows(await evaluate(cases.filter((c) => !c.ambiguous), table())));
  }
  console.log(`\n(${cases.length} cases × 4 methods in ${(ms / 1000).toFixed(1)} s)`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
