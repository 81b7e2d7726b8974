#!/usr/bin/env node
// Installs the few Debian packages `npm start` and `npm test` need, only those that are missing:
//   git          the demo workspace and the tests make git repositories
//   libkrb5-dev  headers code-server's kerberos addon compiles against (only while code-server is
//                not yet installed in its cache: after that it is never needed again)
//   chromium     the browser the board and real-VS-Code tests drive (`npm test` only; Playwright
//                cannot download one here)
//   fonts-dejavu-extra  DejaVu Sans Condensed, the one font the board's Playwright tests draw in
//                (`npm test` only): their screenshots and layout checks must not depend on what
//                Chromium's version makes of VS Code's system-font stack
// As root with apt-get it says in one line what it installs and why, then runs
// `apt-get install --no-install-recommends` for exactly those packages: nothing else is upgraded
// except what they require at an exact version (the line names those too). `apt-get update` runs
// only when apt knows no candidate for a package. Otherwise it prints the command to run and fails.
// While another apt run holds apt's lock (unattended upgrades on a fresh VM) it waits, a line a
// minute, up to 15 minutes, then fails with the command to run again (scripts/apt-get.mjs).
//
//   node scripts/ensure-system-packages.mjs [--for start|test]     (default: test)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptGetWaitingForLock } from './apt-get.mjs';
import { codeServerPaths, isCodeServerInstalled } from './ensure-code-server.mjs';

const WHY = {
  git: 'the demo and the tests make git repositories',
  'libkrb5-dev': 'headers code-server compiles against, needed once',
  chromium: 'the browser the board and VS Code tests drive',
  'fonts-dejavu-extra': 'the font the board tests draw in',
};

/** The board tests' font (e2e/webview/themes/*.css): DejaVu Sans Condensed. */
const TEST_FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf';

/** The packages `purpose` ('start' or 'test') needs that this machine lacks. */
export function missingPackages(purpose, { exists = fs.existsSync, onPath = commandOnPath, codeServerReady = isCodeServerInstalled(codeServerPaths()) } = {}) {
  const missing = [];
  if (!onPath('git')) missing.push('git');
  if (!codeServerReady && !exists('/usr/include/krb5.h') && !exists('/usr/include/krb5/krb5.h')) missing.push('libkrb5-dev');
  if (purpose === 'test' && !exists('/usr/bin/chromium')) missing.push('chromium');
  if (purpose === 'test' && !exists(TEST_FONT_FILE)) missing.push('fonts-dejavu-extra');
  return missing;
}

function commandOnPath(name) {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try { fs.accessSync(path.join(dir, name), fs.constants.X_OK); return true; } catch { return false; }
  });
}

/**
 * What `apt-get install` would do, from its simulation (-s): the packages it would newly install
 * besides `wanted`, and the installed packages it would upgrade. Exported for its test.
 */
export function parseAptSimulation(text, wanted) {
  const installs = [];
  const upgrades = [];
  for (const line of text.split('\n')) {
    const m = /^Inst (\S+) (\[[^\]]*\] )?\(/.exec(line);
    if (!m) continue;
    const name = m[1].replace(/:.*$/, '');
    if (m[2]) upgrades.push(name);
    else if (!wanted.includes(name)) installs.push(name);
  }
  return { installs, upgrades };
}

function hasCandidate(pkg) {
  const r = spawnSync('apt-cache', ['policy', pkg], { encoding: 'utf8' });
  return r.status === 0 && /Candidate: (?!\(none\))\S+/.test(r.stdout);
}

/** Installs what `purpose` needs and the machine lacks (see the top of this file); resolves to what it did. */
export async function ensureSystemPackages(purpose = 'test', { say = (m) => process.stderr.write(`${m}\n`) } = {}) {
  const missing = missingPackages(purpose);
  if (!missing.length) return { installed: [] };
  const list = missing.map((p) => `${p} (${WHY[p]})`).join(', ');
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !commandOnPath('apt-get')) {
    throw new Error(`missing system packages: ${list}. Install them (Debian/Ubuntu: sudo apt-get install --no-install-recommends ${missing.join(' ')}) and run again`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = { env, say, rerun: purpose === 'start' ? 'npm start' : 'npm test' };
  if (!missing.every(hasCandidate)) {
    say(`apt-get update (apt's package lists do not know ${missing.filter((p) => !hasCandidate(p)).join(', ')} yet)`);
    const u = await aptGetWaitingForLock(['update', '-qq'], apt);
    if (u.status !== 0) throw new Error(`apt-get update failed (exit ${u.status}):\n${lastLines(u)}\nFix apt, then run ${apt.rerun} again`);
  }
  const args = ['install', '-y', '-q', '--no-install-recommends', ...missing];
  const sim = spawnSync('apt-get', ['-s', ...args], { env, encoding: 'utf8' });
  const { installs, upgrades } = parseAptSimulation(sim.stdout ?? '', missing);
  const extra = [
    installs.length ? `${installs.length} dependencies` : '',
    upgrades.length ? `upgrading ${upgrades.join(', ')} (required at their exact version)` : '',
  ].filter(Boolean).join(', ');
  say(`installing with apt-get: ${list}${extra ? `; with ${extra}` : ''}`);
  const r = await aptGetWaitingForLock(args, apt);
  if (r.status !== 0) throw new Error(`apt-get install ${missing.join(' ')} failed (exit ${r.status}):\n${lastLines(r)}`);
  const still = missingPackages(purpose);
  if (still.length) throw new Error(`apt-get finished but ${still.join(', ')} is still missing`);
  return { installed: missing, installs, upgrades };
}

const lastLines = (r) => (r.stdout + r.stderr).trim().split('\n').slice(-15).join('\n');

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--for');
  const purpose = i > 0 ? process.argv[i + 1] : 'test';
  if (purpose !== 'start' && purpose !== 'test') {
    process.stderr.write(`ensure-system-packages: --for must be start or test, got "${purpose}"\n`);
    process.exit(1);
  }
  try {
    await ensureSystemPackages(purpose);
  } catch (e) {
    process.stderr.write(`ensure-system-packages: ${e.message}\n`);
    process.exit(1);
  }
}
