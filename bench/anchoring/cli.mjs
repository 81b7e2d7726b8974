// Re-anchoring measured through the real CLI: for a sample of corpus cases, a thread is added
// with `consider-cli add` on version A of the file, the file is replaced by version B (deleted,
// or renamed with git when the case says so), and `consider-cli list --json` reports where the
// thread went. The outcomes must be the same as the in-process algorithm's.
//
//   node scripts/build.mjs --no-webview      # the CLI under test: dist/runtime/bin/consider-cli.cjs
//   node bench/anchoring/cli.mjs [--corpus DIR] [--per-category 40] [--seed 1] [--cli PATH] [--category default|all|NAME] [--git]
//
// moved_file (--category moved_file or all): both files at A, `add` on X, both at B, `list --json`
// (moved-file.mjs); --per-category 400 runs all 379.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadAlgorithm, loadStoreModule, projectRoot } from './load-algorithm.mjs';
import { classify, methods, printTable, summaryRows } from './evaluate.mjs';
import { loadCorpus, selectCategory } from './corpus.mjs';
import { moveToB, outcomeOf, throughStore, workspaceAtA } from './moved-file.mjs';

function sample(cases, perCategory, seed) {
  let a = seed >>> 0;
  const rand = () => ((a = (Math.imul(a ^ (a >>> 15), 1 | a) + 0x6d2b79f5) >>> 0) / 4294967296);
  const byCat = new Map();
  for (const c of cases) {
    if (!byCat.has(c.category)) byCat.set(c.category, []);
    byCat.get(c.category).push(c);
  }
  const out = [];
  for (const list of byCat.values()) {
    const pool = [...list];
    for (let i = 0; i < perCategory && pool.length > 0; i++) out.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]);
  }
  return out;
}

function git(ws, ...args) {
  execFileSync('git', ['-C', ws, '-c', 'user.email=bench@example.com', '-c', 'user.name=bench', ...args], { stdio: 'ignore' });
}

/** A moved_file case through the CLI: both files at A, `add` on X, both files at B, `list --json`. */
function movedThroughCli(cli, c, options) {
  const ws = workspaceAtA(c, options);
  try {
    const run = (...args) => execFileSync(process.execPath, [cli, ...args, '--root', ws, '--json'], { encoding: 'utf8' });
    const added = JSON.parse(run('add', c.path, '--lines', `${c.start}-${c.end}`, '--message', 'bench'));
    moveToB(ws, c);
    return outcomeOf(JSON.parse(run('list', '--workflow', 'all', '--anchor', 'all')).comments.find((x) => x.id === added.id));
  } finally {
    fs.rmSync(ws, { recursive: true, force: true });
  }
}

/** One case through the CLI; returns the thread's outcome as `list --json` shows it. */
function throughCli(cli, c, options) {
  if (c.category === 'moved_file') return movedThroughCli(cli, c, options);
  const ws = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-cli-bench-'));
  try {
    const file = path.join(ws, ...c.path.split('/'));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, c.textA);
    const renamed = c.category === 'file_deleted' && c.textRenamed !== undefined;
    if (renamed) {
      git(ws, 'init', '-q');
      git(ws, 'add', '.');
      git(ws, 'commit', '-qm', 'A');
    }
    const run = (...args) => execFileSync(process.execPath, [cli, ...args, '--root', ws, '--json'], { encoding: 'utf8' });
    const added = JSON.parse(run('add', c.path, '--lines', `${c.start}-${c.end}`, '--message', 'bench'));
    if (c.textB !== undefined) fs.writeFileSync(file, c.textB);
    else if (renamed) {
      const to = path.join(ws, ...c.renamedTo.split('/'));
      fs.mkdirSync(path.dirname(to), { recursive: true });
      git(ws, 'mv', c.path, c.renamedTo);
      fs.writeFileSync(to, c.textRenamed);
      git(ws, 'commit', '-qam', 'B');
    } else fs.rmSync(file);
    const listed = JSON.parse(run('list', '--workflow', 'all', '--anchor', 'all')).comments.find((x) => x.id === added.id);
    return { state: listed.anchorState, start: listed.anchor.startLine, end: listed.anchor.endLine, file: listed.file };
  } finally {
    fs.rmSync(ws, { recursive: true, force: true });
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string', default: '/work/shared/anchoring-corpus' },
      'per-category': { type: 'string', default: '40' },
      seed: { type: 'string', default: '1' },
      cli: { type: 'string', default: path.join(projectRoot, 'dist/runtime/bin/consider-cli.cjs') },
      category: { type: 'string', default: 'default' },
      git: { type: 'boolean', default: false },
    },
  });
  if (!fs.existsSync(values.cli)) {
    console.error(`no CLI at ${values.cli}: run \`node scripts/build.mjs --no-webview\` first`);
    process.exit(1);
  }
  const algo = await loadAlgorithm();
  const store = await loadStoreModule();
  const options = { git: values.git };
  const ours = methods(algo, { workspace: (c) => throughStore(store, c, options) }).ours;
  const cases = sample(selectCategory(loadCorpus(values.corpus), values.category), Number(values['per-category']), Number(values.seed));
  const tallies = { 'ours via CLI': {}, 'ours in-process': {} };
  let same = 0;
  const differences = [];
  const t0 = performance.now();
  for (const c of cases) {
    const viaCli = throughCli(values.cli, c, options);
    const inProcess = await ours(c);
    for (const [name, o] of [['ours via CLI', viaCli], ['ours in-process', inProcess]]) {
      const t = (tallies[name][c.category] ??= { total: 0 });
      const cls = classify(c, o);
      t.total++;
      t[cls] = (t[cls] ?? 0) + 1;
    }
    // An orphaned thread has no place in a file: only its state is compared.
    const agree = viaCli.state === inProcess.state
      && (viaCli.state === 'orphaned' || (viaCli.start === inProcess.start && viaCli.end === inProcess.end))
      && (inProcess.file === undefined || viaCli.file === inProcess.file);
    if (agree) same++;
    else differences.push(`#${c.id} ${c.category}: CLI ${JSON.stringify(viaCli)} vs in-process ${JSON.stringify(inProcess)}`);
  }
  const seconds = (performance.now() - t0) / 1000;
  printTable(`CLI path vs in-process, ${cases.length} corpus cases (${values['per-category']} per category, seed ${values.seed})`, summaryRows(tallies));
  console.log(`\nsame outcome (state and lines) for ${same} of ${cases.length} cases; ${cases.length - same} differ`);
  for (const d of differences.slice(0, 20)) console.log(`  ${d}`);
  console.log(`(${seconds.toFixed(1)} s, two CLI processes per case)`);
  process.exitCode = differences.length === 0 ? 0 : 1;
}

await main();
