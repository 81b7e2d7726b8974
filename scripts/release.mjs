#!/usr/bin/env node
// `npm run release`: package Consider once and publish that same VSIX to the VS Code Marketplace
// (vsce) and to Open VSX (ovsx: what Cursor, VSCodium, Windsurf and code-server install from).
// (Not `npm run publish`: a script named "publish" would also run on every `npm publish`.)
//
//   npm run release -- --dry-run        build, package, validate, print what would be published;
//                                        needs no token and publishes nothing
//   npm run release                     the same, then publish (tokens: VSCE_PAT, OVSX_PAT)
//   options: --only marketplace|openvsx, --no-build (use dist/ as it is), --out DIR (default dist/release)
//
// Channels follow VS Code's convention: an odd minor version (0.1.x, 1.3.x) is a pre-release,
// packaged and published with --pre-release; an even minor is a release. Before a real publish
// the version needs its own CHANGELOG section ("## 0.2.0 …"), the working tree must be clean, and
// both tokens must be set; a dry run reports those as things to do, and still validates the package.
// Exit codes: 0 ok, 1 not ready (what to do is said), 2 usage, 3 a command failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** VS Code's convention: odd minor versions are pre-releases. */
export function isPreRelease(version) {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!m) throw new Error(`version "${version}" is not major.minor.patch (the Marketplace takes no suffixes; pre-releases are odd minors)`);
  return Number(m[2]) % 2 === 1;
}

// The Marketplace's categories (extension manifest reference; "AI" and "Chat" added in 2024).
const CATEGORIES = new Set(['AI', 'Azure', 'Chat', 'Data Science', 'Debuggers', 'Education', 'Extension Packs', 'Formatters', 'Keymaps', 'Language Packs',
  'Linters', 'Machine Learning', 'Notebooks', 'Other', 'Programming Languages', 'SCM Providers', 'Snippets', 'Testing', 'Themes', 'Visualization']);

/** What the listing needs from package.json; returns the problems, none when it is complete. */
export function manifestProblems(pkg) {
  const problems = [];
  for (const field of ['name', 'displayName', 'description', 'version', 'publisher', 'license', 'icon', 'homepage']) {
    if (!pkg[field]) problems.push(`package.json has no "${field}"`);
  }
  if (!pkg.engines?.vscode) problems.push('package.json has no engines.vscode');
  if (!pkg.repository?.url) problems.push('package.json has no repository.url (the Marketplace links the README\'s relative links there)');
  if (!pkg.bugs?.url) problems.push('package.json has no bugs.url (Report Issue and the listing link there)');
  if (!Array.isArray(pkg.keywords) || pkg.keywords.length === 0) problems.push('package.json has no keywords');
  else if (pkg.keywords.length > 30) problems.push(`package.json has ${pkg.keywords.length} keywords; the Marketplace takes 30`);
  for (const c of pkg.categories ?? []) if (!CATEGORIES.has(c)) problems.push(`category "${c}" is not one of the Marketplace's`);
  if (!pkg.categories?.length) problems.push('package.json has no categories');
  return problems;
}

/** The files a listing-quality VSIX must carry and must not carry; returns the problems. */
export function vsixProblems(listing) {
  const problems = [];
  for (const must of ['extension/package.json', 'extension/readme.md', 'extension/changelog.md', 'extension/LICENSE.txt', 'extension/images/icon.png', 'extension/dist/extension/extension.js', 'extension/dist/extension/changes-worker.js']) {
    if (!listing.includes(must)) problems.push(`the VSIX lacks ${must}`);
  }
  const unwanted = listing.filter((f) => /(^|\/)(test|e2e|bench|node_modules|\.vscode)\//.test(f.replace(/^extension\//, '')) || /\.(test|spec)\.[cm]?[jt]sx?$|\.map$|\.ts$/.test(f));
  for (const f of unwanted) problems.push(`the VSIX carries ${f}, which is not for users`);
  return problems;
}

function run(cmd, args, { capture = false } = {}) {
  const r = spawnSync(cmd, args, { cwd: repo, encoding: 'utf8', stdio: capture ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) {
    const detail = capture ? `\n${(r.stdout + r.stderr).trim()}` : '';
    const e = new Error(`${path.basename(cmd)} ${args.join(' ')} failed (exit ${r.status})${detail}`);
    e.exitCode = 3;
    throw e;
  }
  return r.stdout;
}

async function main(argv) {
  let opts;
  try {
    ({ values: opts } = parseArgs({ args: argv, options: { 'dry-run': { type: 'boolean' }, only: { type: 'string' }, 'no-build': { type: 'boolean' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (e) {
    return usage(e.message);
  }
  if (opts.help) {
    console.log(fs.readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').filter((l) => l.startsWith('//')).map((l) => l.slice(3)).join('\n'));
    return 0;
  }
  if (opts.only && opts.only !== 'marketplace' && opts.only !== 'openvsx') return usage(`--only takes marketplace or openvsx, not "${opts.only}"`);
  const dryRun = opts['dry-run'] === true;
  const targets = opts.only ? [opts.only] : ['marketplace', 'openvsx'];
  const pkg = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
  const preRelease = isPreRelease(pkg.version);
  const say = (m) => console.log(`release: ${m}`);
  say(`${pkg.publisher}.${pkg.name} ${pkg.version}, a ${preRelease ? 'pre-release (odd minor)' : 'release (even minor)'}, to ${targets.join(' and ')}${dryRun ? ' — dry run' : ''}`);

  // Not ready to publish: said now, before building anything. A dry run lists them and goes on.
  const notReady = [...manifestProblems(pkg)];
  const changelog = fs.readFileSync(path.join(repo, 'CHANGELOG.md'), 'utf8');
  if (!new RegExp(`^## \\[?${pkg.version.replace(/\./g, '\\.')}\\]?\\b`, 'm').test(changelog)) notReady.push(`CHANGELOG.md has no "## ${pkg.version}" section (rename "## Unreleased" to it, with the date)`);
  const dirty = spawnSync('git', ['status', '--porcelain'], { cwd: repo, encoding: 'utf8' }).stdout?.trim();
  if (dirty) notReady.push('the working tree has uncommitted changes (publish what is committed)');
  const tokens = { marketplace: 'VSCE_PAT', openvsx: 'OVSX_PAT' };
  for (const t of targets) if (!process.env[tokens[t]]) notReady.push(`${tokens[t]} is not set (the ${t === 'marketplace' ? 'Marketplace' : 'Open VSX'} token)`);
  const blocking = manifestProblems(pkg);
  if (blocking.length || (!dryRun && notReady.length)) {
    for (const p of dryRun ? blocking : notReady) console.error(`release: not ready: ${p}`);
    return 1;
  }

  if (!opts['no-build']) {
    say('building');
    run(process.execPath, ['scripts/build.mjs', '--production']);
  }
  const outDir = path.resolve(opts.out ?? path.join(repo, 'dist', 'release'));
  fs.mkdirSync(outDir, { recursive: true });
  const vsix = path.join(outDir, `${pkg.name}-${pkg.version}.vsix`);
  const vsce = path.join(repo, 'node_modules/@vscode/vsce/vsce');
  say(`packaging ${path.relative(repo, vsix) || vsix}`);
  run(process.execPath, [vsce, 'package', '--no-dependencies', ...(preRelease ? ['--pre-release'] : []), '--out', vsix], { capture: true });

  const listing = spawnSync('unzip', ['-Z1', vsix], { encoding: 'utf8' }).stdout.trim().split('\n');
  const manifest = spawnSync('unzip', ['-p', vsix, 'extension.vsixmanifest'], { encoding: 'utf8' }).stdout;
  const packaged = [...vsixProblems(listing)];
  if (preRelease && !/Microsoft\.VisualStudio\.Code\.PreRelease" Value="true"/.test(manifest)) packaged.push('the VSIX is not marked as a pre-release');
  if (packaged.length) {
    for (const p of packaged) console.error(`release: ${p}`);
    return 1;
  }
  const kib = (fs.statSync(vsix).size / 1024).toFixed(0);
  say(`packaged and checked: ${listing.length} files, ${kib} KiB (readme, changelog, license, icon; no tests, sources or maps)`);

  const commands = {
    marketplace: [process.execPath, vsce, 'publish', '--packagePath', vsix, ...(preRelease ? ['--pre-release'] : []), '--skip-duplicate'],
    openvsx: [process.execPath, path.join(repo, 'node_modules/ovsx/lib/ovsx'), 'publish', vsix, ...(preRelease ? ['--pre-release'] : []), '--skip-duplicate'],
  };
  if (dryRun) {
    for (const t of targets) say(`would run: ${[path.basename(commands[t][1]), ...commands[t].slice(2)].join(' ')}  (token from ${tokens[t]})`);
    if (notReady.length) say(`before a real release:\n  - ${notReady.join('\n  - ')}`);
    else say('ready: run it without --dry-run');
    return 0;
  }
  for (const t of targets) {
    say(`publishing to ${t}`);
    run(commands[t][0], commands[t].slice(1));
  }
  say(`published ${pkg.version}${preRelease ? ' (pre-release)' : ''} to ${targets.join(' and ')}: the same VSIX, ${path.relative(repo, vsix)}`);
  return 0;
}

function usage(message) {
  console.error(`release: ${message} (see npm run release -- --help)`);
  return 2;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then((code) => process.exit(code), (e) => {
    console.error(`release: ${e.message}`);
    process.exit(e.exitCode ?? 3);
  });
}
