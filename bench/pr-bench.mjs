#!/usr/bin/env node
// Figures for the pull request bridge (issue 37, docs/pull-requests.md), against the GitHub API
// stand-in (test/github-standin/) and real git repositories:
//
//  1. scale: `consider-cli pr pull` of 500 review threads in a 10,000-file repository (wall time,
//     API calls);
//  2. accuracy: outdated threads imported from real histories. Built from the anchoring corpus
//     (../shared/anchoring-corpus): each case's file at version A is the commit a review comment was
//     written on, version B the pull request's head and the working tree. A thread per case is
//     created on the stand-in at A (lines start..end), one pull brings them all in, and each is
//     judged by the corpus's own rule (bench/anchoring/evaluate.mjs classify): misplaced = shown as
//     anchored on code it was not written about.
//
// Usage: node bench/pr-bench.mjs [--skip-scale] [--skip-accuracy] [--per-path N]
// Needs the built CLI (node scripts/build.mjs). Takes a few minutes on 2 cores.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startGitHubStandIn } from '../test/github-standin/server.mjs';
import { makePrRepo } from '../test/github-standin/pr-repo.mjs';
import { loadCorpus, selectCategory } from './anchoring/corpus.mjs';
import { classify } from './anchoring/evaluate.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(repoRoot, 'dist/runtime/bin/consider-cli.cjs');
const argv = process.argv.slice(2);
const arg = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);

function runCli(gh, root, args) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [CLI, ...args, '--root', root], {
      cwd: root, env: { ...process.env, GH_TOKEN: gh.token, GITHUB_TOKEN: '', GITHUB_API_URL: gh.url, GITHUB_GRAPHQL_URL: gh.graphqlUrl, CONSIDER_NO_GH: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
  });
}

/**
 * The stand-in runs in this process and reads files from git to say whether a thread is outdated
 * (one `git show` per file and version, then remembered): done before the timed pull, so the figure
 * is the client's work and the requests, not the stand-in's first reads of git.
 */
function warm(gh, pull) {
  for (const t of gh.threadsOf(pull)) gh.isOutdated(t);
}

const lines = (n, tag) => Array.from({ length: n }, (_, i) => `export const ${tag}_${i + 1} = ${i + 1};`).join('\n') + '\n';

async function scale() {
  const FILES = 10_000;
  const THREADS = 500;
  const t0 = Date.now();
  const files = {};
  for (let i = 0; i < FILES; i++) files[`src/m${Math.floor(i / 100)}/f${i}.ts`] = lines(20, `f${i}`);
  const repo = makePrRepo({ files });
  repo.branch('feature');
  // The pull request changes 100 files; 5 threads on each.
  const changed = {};
  for (let i = 0; i < 100; i++) changed[`src/m${i}/f${i * 100}.ts`] = lines(20, `f${i * 100}`).replace(`f${i * 100}_10 = 10`, `f${i * 100}_10 = 10 * 2`);
  const a = repo.commit(changed);
  repo.push();
  const gh = await startGitHubStandIn({ viewer: 'dev' });
  try {
    gh.addRepo({ owner: 'acme', name: 'widgets', gitDir: repo.bare });
    const pull = gh.openPull({ owner: 'acme', name: 'widgets', head: 'feature', author: 'alice' });
    let n = 0;
    for (const file of Object.keys(changed)) {
      for (const line of [7, 8, 10, 12, 13]) {
        gh.addThread(pull, { path: file, line, commit: a, body: `Thread ${++n}`, author: n % 3 ? 'alice' : 'coderabbitai', bot: n % 3 === 0, replies: n % 2 ? [{ author: 'bob', body: 'Agreed.' }] : [] });
      }
    }
    // The head moved on: two lines added at the top of each changed file (every thread outdated).
    const moved = {};
    for (const [file, text] of Object.entries(changed)) moved[file] = `// a\n// b\n${text}`;
    repo.commit(moved);
    repo.push();
    warm(gh, pull);
    console.log(`scale: ${FILES} files, ${THREADS} threads set up in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    gh.resetCalls();
    const r = await runCli(gh, repo.work, ['pr', 'pull', '--json']);
    if (r.code !== 0) throw new Error(`pull failed: ${r.stderr}`);
    const report = JSON.parse(r.stdout);
    const store = JSON.parse(fs.readFileSync(path.join(repo.work, '.consider/store.json'), 'utf8'));
    const anchored = store.comments.filter((c) => c.anchorState === 'anchored').length;
    const again = await runCli(gh, repo.work, ['pr', 'pull', '--json']);
    console.log(JSON.stringify({
      scale: {
        files: FILES, threads: THREADS, pullWallMs: Math.round(r.ms), apiCalls: report.apiCalls, requestsSeen: gh.calls.length,
        added: report.added, anchored, secondPullWallMs: Math.round(again.ms), secondPullAdded: JSON.parse(again.stdout).added, violations: gh.violations.length,
      },
    }));
  } finally {
    await gh.close();
    fs.rmSync(repo.top, { recursive: true, force: true });
  }
}

async function accuracy() {
  const corpusDir = path.resolve(repoRoot, '../shared/anchoring-corpus');
  const perPath = Number(arg('--per-path', '1'));
  const cases = selectCategory(loadCorpus(corpusDir), 'default');
  // One pair of versions per source path (a workspace holds one version of a file), at most
  // `perPath` pairs; every case of a chosen pair is a thread on that file.
  const groups = new Map();
  for (const c of cases) {
    const key = `${c.repo}\0${c.path}\0${c.commitA}\0${c.commitB}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(c);
  }
  const chosen = [];
  const takenPaths = new Map();
  for (const [key, list] of groups) {
    const pathKey = key.split('\0').slice(0, 2).join('\0');
    if ((takenPaths.get(pathKey) ?? 0) >= perPath) continue;
    takenPaths.set(pathKey, (takenPaths.get(pathKey) ?? 0) + 1);
    chosen.push(list);
  }
  // One workspace holds every chosen file side by side, from different histories. A case whose
  // removed code (deleted, modified, file gone) is found verbatim in another chosen file at B would
  // be, in one real repository, code that moved there, which the re-anchoring rightly follows; the
  // corpus's single-file truth cannot judge that, so such cases are left out and counted.
  const bTexts = chosen.map((l) => [l[0].textB, l[0].textRenamed].filter((t) => t !== undefined));
  let leftOut = 0;
  for (let g = 0; g < chosen.length; g++) {
    const keep = chosen[g].filter((c) => {
      if (c.category === 'unchanged' || c.category === 'whitespace') return true;
      const target = c.textA.split('\n').slice(c.start - 1, c.end).join('\n');
      return !bTexts.some((texts, h) => h !== g && texts.some((t) => t.includes(target)));
    });
    leftOut += chosen[g].length - keep.length;
    chosen[g] = keep;
  }
  for (let g = chosen.length - 1; g >= 0; g--) if (chosen[g].length === 0) chosen.splice(g, 1);
  const repo = makePrRepo({ name: 'corpus', files: { 'README.md': 'base\n' } });
  repo.branch('feature');
  const fileOf = (g, c, p = c.path) => `g${g}/${c.repo.replace('/', '-')}/${p}`;
  const atA = {};
  chosen.forEach((list, g) => { atA[fileOf(g, list[0])] = list[0].textA; });
  const a = repo.commit(atA, 'A: the reviewed versions');
  repo.push();
  const gh = await startGitHubStandIn({ viewer: 'dev' });
  try {
    gh.addRepo({ owner: 'acme', name: 'corpus', gitDir: repo.bare });
    const pull = gh.openPull({ owner: 'acme', name: 'corpus', head: 'feature', author: 'alice' });
    const byThread = new Map();
    let refused = 0;
    chosen.forEach((list, g) => {
      for (const c of list) {
        try {
          const t = gh.addThread(pull, { path: fileOf(g, c), line: c.end, ...(c.start !== c.end ? { startLine: c.start } : {}), commit: a, body: `case ${c.id}`, author: 'alice' });
          byThread.set(t.id, { c, g });
        } catch {
          refused++; // a line GitHub would not take (e.g. an empty file's)
        }
      }
    });
    // B: the head and the working tree. A file gone at B is deleted (or renamed, as git saw it).
    const atB = {};
    chosen.forEach((list, g) => {
      const c = list[0];
      if (c.textB !== undefined) atB[fileOf(g, c)] = c.textB;
      else {
        atB[fileOf(g, c)] = null;
        if (c.renamedTo && c.textRenamed !== undefined) atB[fileOf(g, c, c.renamedTo)] = c.textRenamed;
      }
    });
    repo.commit(atB, 'B: the head');
    repo.push();
    warm(gh, pull);
    console.log(`accuracy: ${byThread.size} threads on ${chosen.length} files (${refused} lines refused as GitHub would; ${leftOut} cases left out: their removed code is in another of the bench's files)`);
    const r = await runCli(gh, repo.work, ['pr', 'pull', '--json']);
    if (r.code !== 0) throw new Error(`pull failed: ${r.stderr}`);
    const store = JSON.parse(fs.readFileSync(path.join(repo.work, '.consider/store.json'), 'utf8'));
    const tally = {};
    const misplaced = [];
    let otherFile = 0;
    for (const t of store.comments) {
      const { c, g } = byThread.get(t.pr.threadId);
      const expectedFile = c.textB !== undefined ? fileOf(g, c) : c.renamedTo ? fileOf(g, c, c.renamedTo) : fileOf(g, c);
      const elsewhere = t.anchorState === 'anchored' && t.file !== expectedFile;
      if (elsewhere) otherFile++;
      const cls = elsewhere ? 'misplaced' : classify(c, { state: t.anchorState, start: t.anchor.startLine, end: t.anchor.endLine });
      tally[c.category] ??= { total: 0 };
      tally[c.category].total++;
      tally[c.category][cls] = (tally[c.category][cls] ?? 0) + 1;
      if (cls === 'misplaced') misplaced.push({ id: c.id, category: c.category, at: [t.file, t.anchor.startLine, t.anchor.endLine] });
    }
    const total = store.comments.length;
    const figures = { threads: total, pullWallMs: Math.round(r.ms), misplaced: misplaced.length, misplacedInAnotherFile: otherFile, byCategory: tally, violations: gh.violations.length };
    console.log(JSON.stringify({ accuracy: figures }, null, 1));
    if (misplaced.length) console.log('misplaced:', JSON.stringify(misplaced.slice(0, 20)));
  } finally {
    await gh.close();
    fs.rmSync(repo.top, { recursive: true, force: true });
  }
}

if (!fs.existsSync(CLI)) throw new Error('build first: node scripts/build.mjs');
if (!argv.includes('--skip-scale')) await scale();
if (!argv.includes('--skip-accuracy')) await accuracy();
