// Many cases of one repository in one workspace, through the real CLI (issue 35). The other
// harnesses give each case a workspace of its own, so a copy of the target in some other file
// of the project is never there; a real tree holds many files at once, and a twin that was
// there all along looks exactly like code that moved. Here up to --per-workspace cases of one
// repository share a workspace (each file at the version its case needs: files from other
// commits stand side by side, as copies do in a real tree); every file is written at A, a
// thread is added on every case (`consider-cli add`), every file is written at B (deleted, or
// renamed with `git mv` / a plain delete and write), and one `consider-cli list --json` reports
// where all the threads went. Everything was written since the threads' checks: what a
// generator, a formatter over the tree, a sync or an unzip does.
//
//   node scripts/build.mjs --no-webview
//   node bench/anchoring/packed.mjs [--git] [--corpus DIR | --cases FILE.json…] [--category all|default|NAME]
//                                   [--repo NAME] [--per-workspace 100] [--failures N] [--cli PATH]
//
// --git: the workspace is a git repository with A committed (a minute before the threads are
// added), B left as uncommitted edits (renames staged with `git mv`).
// --cases: case files written by git-cases.mjs --cache (held-out repositories), instead of the corpus.
//
// Scoring (evaluate.mjs classify), with one rule for results in another file than the case's
// own (and than its expected rename or move target): that counts as a move ("moved_across",
// good) only when the lines shown there hold the thread's own text (exactly or once whitespace
// is removed) and that file did not hold that text at A; anything else there is misplaced
// ("misplaced_across", apart from the in-file "misplaced").
// A flagged thread may carry an offered place (anchor.suggestedMove): counted as "offered", and
// scored by the same rule as right or wrong (an offer is never applied without the user).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from './load-algorithm.mjs';
import { classify } from './evaluate.mjs';
import { loadCorpus, selectCategory } from './corpus.mjs';

const lineList = (text) => {
  if (text === '') return [];
  const l = text.split(/\r\n|\r|\n/);
  if (l.length > 1 && l[l.length - 1] === '') l.pop();
  return l;
};
const squash = (l) => l.replace(/\s+/g, '');

/** Whether lines[start …] hold `target` (exactly or equal without whitespace). */
function holdsAt(lines, start, target) {
  if (start < 0 || start + target.length > lines.length) return false;
  return target.every((t, k) => lines[start + k] === t || squash(lines[start + k]) === squash(t));
}

function holdsAnywhere(text, target) {
  if (text === undefined) return false;
  const lines = lineList(text);
  for (let s = 0; s + target.length <= lines.length; s++) if (holdsAt(lines, s, target)) return true;
  return false;
}

/** The files a case needs: path → { a, b } (text at A and B, undefined when absent), with an identity to detect clashes. */
function filesOf(c) {
  const files = [{ path: c.path, a: c.textA, b: c.textB, key: `${c.blobA}>${c.blobB ?? '-'}` }];
  if (c.category === 'file_deleted' && c.textRenamed !== undefined) {
    files[0].renamedTo = c.renamedTo;
    files.push({ path: c.renamedTo, a: undefined, b: c.textRenamed, key: `->${c.blobRenamed ?? c.textRenamed.length}`, renamedFrom: c.path });
  }
  if (c.category === 'moved_file') files.push({ path: c.movedPath, a: c.textMovedA, b: c.textMovedB, key: `${c.blobMovedA ?? '-'}>${c.blobMovedB}` });
  return files;
}

/** Whether the case's files fit the workspace: each path free or holding the very same versions, and no file where another needs a folder. */
function fits(ws, files) {
  for (const f of files) {
    const held = ws.files.get(f.path);
    if (held) {
      if (held.key !== f.key || held.renamedTo !== f.renamedTo || held.renamedFrom !== f.renamedFrom) return false;
      continue;
    }
    if (ws.folders.has(f.path)) return false;
    const parts = f.path.split('/');
    for (let i = 1; i < parts.length; i++) if (ws.files.has(parts.slice(0, i).join('/'))) return false;
  }
  return true;
}

/** Packs the cases into workspaces (first fit, in corpus order), up to `per` cases each, one repository per workspace. */
export function pack(cases, per) {
  const byRepo = new Map();
  for (const c of cases) {
    if (!byRepo.has(c.repo)) byRepo.set(c.repo, []);
    byRepo.get(c.repo).push(c);
  }
  const workspaces = [];
  for (const [repo, list] of byRepo) {
    const open = [];
    for (const c of list) {
      const files = filesOf(c);
      let ws = open.find((w) => w.cases.length < per && fits(w, files));
      if (!ws) {
        ws = { repo, cases: [], files: new Map(), folders: new Set() };
        open.push(ws);
        workspaces.push(ws);
      }
      ws.cases.push(c);
      for (const f of files) {
        ws.files.set(f.path, f);
        const parts = f.path.split('/');
        for (let i = 1; i < parts.length; i++) ws.folders.add(parts.slice(0, i).join('/'));
      }
    }
  }
  return workspaces;
}

function write(root, rel, text) {
  const file = path.join(root, ...rel.split('/'));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

function gitIn(root, args, env = {}) {
  execFileSync('git', ['-C', root, '-c', 'user.email=bench@example.com', '-c', 'user.name=bench', '-c', 'core.autocrlf=false', ...args], { stdio: 'ignore', env: { ...process.env, ...env } });
}

/** Runs one packed workspace; returns [case, outcome] pairs. */
function runWorkspace(cli, ws, { git }) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-packed-'));
  const run = (...args) => execFileSync(process.execPath, [cli, ...args, '--root', root, '--json'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  try {
    for (const f of ws.files.values()) if (f.a !== undefined) write(root, f.path, f.a);
    if (git) {
      // Committed a minute before the threads are added: git's history check looks for the
      // last commit made before a thread's check, and git's dates are whole seconds.
      const past = new Date(Date.now() - 60_000).toISOString();
      gitIn(root, ['init', '-q']);
      gitIn(root, ['add', '-A']);
      gitIn(root, ['commit', '-qm', 'A'], { GIT_AUTHOR_DATE: past, GIT_COMMITTER_DATE: past });
    }
    const ids = new Map();
    for (const c of ws.cases) ids.set(JSON.parse(run('add', c.path, '--lines', `${c.start}-${c.end}`, '--message', `case ${c.id}`)).id, c);
    const files = [...ws.files.values()];
    for (const f of files.filter((x) => x.renamedFrom !== undefined)) {
      if (git) {
        fs.mkdirSync(path.dirname(path.join(root, ...f.path.split('/'))), { recursive: true });
        gitIn(root, ['mv', f.renamedFrom, f.path]);
      }
    }
    for (const f of files) {
      const abs = path.join(root, ...f.path.split('/'));
      if (f.b !== undefined) write(root, f.path, f.b);
      else fs.rmSync(abs, { force: true });
    }
    const listed = JSON.parse(run('list', '--workflow', 'all', '--anchor', 'all')).comments;
    return listed.filter((t) => ids.has(t.id)).map((t) => [ids.get(t.id), t]);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** The place a case may rightly end up in another file (its rename or its move), else undefined. */
function expectedOtherFile(c) {
  if (c.category === 'file_deleted') return c.expected.renamedTo ?? undefined;
  if (c.category === 'moved_file') return c.expected.movedTo.path;
  return undefined;
}

/** Whether showing the case's thread at file:start-end (another file) is a move: its own text there, not there at A. */
function isMoveInto(ws, c, file, start, end) {
  const f = ws.files.get(file);
  if (!f || f.b === undefined) return false;
  const target = lineList(c.textA).slice(c.start - 1, c.end);
  if (end - start + 1 !== target.length || !holdsAt(lineList(f.b), start - 1, target)) return false;
  return !holdsAnywhere(f.a, target);
}

/** The outcome class of one case, with the cross-file rule (see the header). */
export function classifyPacked(ws, c, t) {
  const o = { state: t.anchorState, start: t.anchor.startLine, end: t.anchor.endLine, file: t.file };
  if (o.state !== 'anchored' || o.file === c.path) return classify(c, o);
  // In another file: its expected rename or move target, on the expected lines…
  const cls = o.file === expectedOtherFile(c) ? classify(c, o) : 'misplaced';
  if (cls !== 'misplaced') return cls;
  // …else good only by the rule of the header.
  return isMoveInto(ws, c, o.file, o.start, o.end) ? 'moved_across' : 'misplaced_across';
}

/** What an offered place would be, if taken: right (a move by the same rule, or the expected place) or wrong. */
function offerClass(ws, c, t) {
  const s = t.anchor.suggestedMove;
  if (t.anchorState === 'anchored' || !s) return undefined;
  const to = c.category === 'moved_file' ? c.expected.movedTo : undefined;
  if (to && s.file === to.path && s.startLine === to.start && s.endLine === to.end) return 'offered_right';
  return isMoveInto(ws, c, s.file, s.startLine, s.endLine) ? 'offered_right' : 'offered_wrong';
}

const CLASS_ORDER = ['exact', 'false-stale', 'inside', 'stale', 'moved', 'orphaned', 'followed', 'followed_cross_file', 'flagged', 'moved_across', 'misplaced', 'misplaced_across', 'offered_right', 'offered_wrong'];

function printTallies(title, tallies) {
  const classes = CLASS_ORDER.filter((k) => Object.values(tallies).some((t) => t[k]));
  console.log(`\n### ${title}\n`);
  console.log(`| category | cases | ${classes.join(' | ')} |`);
  console.log(`| --- | --- | ${classes.map(() => '---').join(' | ')} |`);
  for (const [cat, t] of Object.entries(tallies)) console.log(`| ${cat} | ${t.total} | ${classes.map((k) => t[k] ?? 0).join(' | ')} |`);
}

function loadCases(values) {
  if (!values.cases?.length) return loadCorpus(values.corpus);
  return values.cases.flatMap((file) => JSON.parse(fs.readFileSync(file, 'utf8')));
}

async function main() {
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string', default: '/work/shared/anchoring-corpus' },
      cases: { type: 'string', multiple: true },
      category: { type: 'string', default: 'all' },
      repo: { type: 'string', multiple: true },
      'per-workspace': { type: 'string', default: '100' },
      git: { type: 'boolean', default: false },
      failures: { type: 'string', default: '20' },
      cli: { type: 'string', default: path.join(projectRoot, 'dist/runtime/bin/consider-cli.cjs') },
    },
  });
  if (!fs.existsSync(values.cli)) {
    console.error(`no CLI at ${values.cli}: run \`node scripts/build.mjs --no-webview\` first`);
    process.exit(1);
  }
  let cases = selectCategory(loadCases(values), values.category);
  if (values.repo?.length) cases = cases.filter((c) => values.repo.includes(c.repo));
  const workspaces = pack(cases, Number(values['per-workspace']));
  const tallies = {};
  const byRepo = {};
  const failures = [];
  const t0 = performance.now();
  for (const ws of workspaces) {
    for (const [c, t] of runWorkspace(values.cli, ws, { git: values.git })) {
      const cls = classifyPacked(ws, c, t);
      for (const table of [tallies, (byRepo[c.repo] ??= {})]) {
        const row = (table[c.category] ??= { total: 0 });
        row.total++;
        row[cls] = (row[cls] ?? 0) + 1;
        const offered = offerClass(ws, c, t);
        if (offered) row[offered] = (row[offered] ?? 0) + 1;
      }
      const where = `${t.file}:${t.anchor.startLine}-${t.anchor.endLine}`;
      if (cls.startsWith('misplaced')) failures.push(`${cls} #${c.id} ${c.repo} ${c.category} ${c.path}:${c.start}-${c.end} → ${where} (${t.anchorState}) expected ${JSON.stringify(c.expected)}`);
      if (offerClass(ws, c, t) === 'offered_wrong') failures.push(`offered wrong #${c.id} ${c.repo} ${c.category} ${c.path}:${c.start}-${c.end} → ${JSON.stringify(t.anchor.suggestedMove)}`);
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  const mode = values.git ? 'git: A committed, B uncommitted' : 'no git';
  printTallies(`packed workspaces, ${mode} (${cases.length} cases in ${workspaces.length} workspaces of up to ${values['per-workspace']})`, tallies);
  for (const [repo, t] of Object.entries(byRepo)) printTallies(`${repo}, ${mode}`, t);
  console.log('');
  for (const f of failures.slice(0, Number(values.failures))) console.log(f);
  if (failures.length > Number(values.failures)) console.log(`… and ${failures.length - Number(values.failures)} more`);
  console.log(`\n(${seconds.toFixed(1)} s; one \`add\` per case and one \`list --json\` per workspace)`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
