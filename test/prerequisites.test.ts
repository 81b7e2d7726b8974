// The first-run installers of `npm start` and `npm test` (scripts/ensure-code-server.mjs,
// scripts/ensure-system-packages.mjs). The nested `npm install` of code-server runs inside an
// outer `npm start`/`npm test`: it must not see the outer npm's environment, or code-server's
// postinstall reads the outer Node's version from npm_config_user_agent and refuses to install
// (issue 22). These tests run a real nested npm install of a local package whose install script
// checks its environment exactly as code-server's does.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain .mjs build scripts, no type declarations
import { cleanInstallEnv, npmInstall, codeServerPaths } from '../scripts/ensure-code-server.mjs';
// @ts-expect-error plain .mjs build scripts, no type declarations
import { parseAptSimulation, missingPackages } from '../scripts/ensure-system-packages.mjs';
// @ts-expect-error plain .mjs build scripts, no type declarations
import { aptGetWaitingForLock } from '../scripts/apt-get.mjs';
// @ts-expect-error plain .mjs, no type declarations
import { agentPaths, missingAgents } from '../e2e/agents/install.mjs';

const repo = path.resolve(__dirname, '..');
const systemNodeDir = path.dirname(process.execPath);

/** What an outer `npm test` running on another Node passes to its children. */
const outerNpmEnv = (extra: Record<string, string> = {}) => ({
  ...process.env,
  npm_config_user_agent: 'npm/11.19.1 node/v18.20.0 linux x64 workspaces/false',
  npm_config_node_gyp: '/usr/lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js',
  npm_config_registry: 'https://registry.npmjs.org/',
  npm_config_local_prefix: repo,
  npm_lifecycle_event: 'test',
  npm_lifecycle_script: 'node scripts/test-all.mjs',
  npm_package_name: 'consider',
  npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js',
  npm_node_execpath: '/opt/other-node/bin/node',
  NODE: '/opt/other-node/bin/node',
  NODE_OPTIONS: '--max-old-space-size=64',
  INIT_CWD: repo,
  PATH: [`${repo}/node_modules/.bin`, '/usr/lib/node_modules/npm/node_modules/@npmcli/run-script/lib/node-gyp-bin', process.env.PATH].join(path.delimiter),
  ...extra,
});

describe('cleanInstallEnv: a nested npm install gets a fresh shell\'s environment', () => {
  it('drops what the outer npm and Node set, keeps the user\'s network settings, puts the given Node first', () => {
    const env = cleanInstallEnv({ ...outerNpmEnv(), HTTPS_PROXY: 'http://proxy:3128', HOME: '/home/u' }, '/opt/node24/bin');
    for (const gone of ['npm_config_user_agent', 'npm_config_node_gyp', 'npm_config_local_prefix', 'npm_lifecycle_event', 'npm_lifecycle_script',
      'npm_package_name', 'npm_execpath', 'npm_node_execpath', 'NODE', 'NODE_OPTIONS', 'INIT_CWD']) {
      expect(env, gone).not.toHaveProperty(gone);
    }
    expect(env.npm_config_registry).toBe('https://registry.npmjs.org/');
    expect(env.HTTPS_PROXY).toBe('http://proxy:3128');
    expect(env.HOME).toBe('/home/u');
    const entries = env.PATH.split(path.delimiter);
    expect(entries[0]).toBe('/opt/node24/bin');
    expect(entries.some((p: string) => p.includes('node_modules/.bin') || p.endsWith('node-gyp-bin'))).toBe(false);
    expect(cleanInstallEnv(outerNpmEnv(), '/n', { npm_config_nodedir: '/n/..' }).npm_config_nodedir).toBe('/n/..');
  });
});

describe('npmInstall: a real nested npm install inside an outer npm run', () => {
  let tmp: string;
  let tarball: string;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-nested-'));
    const packed = spawnSync('npm', ['pack', '--silent', '--pack-destination', tmp, path.join(repo, 'test/fixtures/nested-install')], { encoding: 'utf8', env: cleanInstallEnv(process.env, systemNodeDir) });
    expect(packed.status, packed.stderr).toBe(0);
    tarball = path.join(tmp, packed.stdout.trim().split('\n').pop()!);
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  const target = (name: string) => {
    const dir = path.join(tmp, name);
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'package.json'), '{"private":true}\n');
    return dir;
  };

  it('the install script sees the Node that runs it, not the outer npm\'s', async () => {
    const dir = target('ok');
    const probe = path.join(tmp, 'probe.json');
    const log = fs.openSync(path.join(tmp, 'ok.log'), 'w');
    await npmInstall({ dir, spec: tarball, nodeBinDir: systemNodeDir, env: outerNpmEnv({ PROBE_OUT: probe }), logFd: log, extraEnv: { npm_config_cache: path.join(tmp, 'cache') } });
    fs.closeSync(log);
    const seen = JSON.parse(fs.readFileSync(probe, 'utf8'));
    expect(seen.agent).toContain(`node/v${process.versions.node}`);
    expect(seen.packageName).toBe('nested-install-probe'); // npm's own variable for this install, not the outer "consider"
    expect(seen.nodeOptions).toBeNull();
    expect(fs.existsSync(path.join(dir, 'node_modules/nested-install-probe/probe.js'))).toBe(true);
  });

  it('the outer environment passed through unchanged makes the same install fail, as it did for code-server', () => {
    // The control: what the installer did before issue 22 (PATH changed, everything else inherited).
    const dir = target('inherited');
    const r = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', tarball], {
      cwd: dir, encoding: 'utf8', env: { ...outerNpmEnv(), PATH: `${systemNodeDir}${path.delimiter}${process.env.PATH}`, npm_config_cache: path.join(tmp, 'cache') },
    });
    expect(r.status).not.toBe(0);
    expect(r.stdout + r.stderr).toMatch(/We have detected that you are on node v18/);
  });

  it('says it is still installing while a long install runs', async () => {
    const dir = target('slow');
    const lines: string[] = [];
    await npmInstall({ dir, spec: tarball, nodeBinDir: systemNodeDir, env: outerNpmEnv({ PROBE_SLEEP_MS: '1500' }), say: (m: string) => lines.push(m), label: 'the probe', progressEveryMs: 400, extraEnv: { npm_config_cache: path.join(tmp, 'cache') } });
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines[0]).toMatch(/^still installing the probe \(\d+ s so far\)$/);
  });

  it('a failing install rejects with what failed', async () => {
    const dir = target('fails');
    // A package that cannot be installed: the error names what failed (its log has npm's words).
    await expect(npmInstall({ dir, spec: path.join(tmp, 'no-such.tgz'), nodeBinDir: systemNodeDir, env: outerNpmEnv(), extraEnv: { npm_config_cache: path.join(tmp, 'cache') } }))
      .rejects.toThrow(/npm install .*no-such\.tgz failed \(exit \d+\)/);
  });
});

describe('the code-server cache', () => {
  it('lives in $CONSIDER_VSCODE_CACHE or ~/.cache/consider-vscode, one folder per version', () => {
    expect(codeServerPaths({ CONSIDER_VSCODE_CACHE: '/c', HOME: '/h' }).cache).toMatch(/^\/c\/cs-\d+\.\d+\.\d+$/);
    expect(codeServerPaths({ HOME: '/h' }).bin).toMatch(/^\/h\/\.cache\/consider-vscode\/cs-[\d.]+\/cs\/node_modules\/\.bin\/code-server$/);
  });
});

describe("the agents' cache (npm test's agents step, e2e/agents/install.mjs)", () => {
  it('lives in $CONSIDER_AGENTS_CACHE, else next to $CONSIDER_VSCODE_CACHE, else ~/.cache/consider-agents; one folder per package and version', () => {
    expect(agentPaths({ HOME: '/h' }).base).toBe('/h/.cache/consider-agents');
    expect(agentPaths({ HOME: '/h', CONSIDER_VSCODE_CACHE: '/tmp/ci/vscode' }).base).toBe('/tmp/ci/consider-agents');
    expect(agentPaths({ HOME: '/h', CONSIDER_VSCODE_CACHE: '/tmp/ci/vscode', CONSIDER_AGENTS_CACHE: '/x' }).base).toBe('/x');
    const paths = agentPaths({ HOME: '/h' });
    expect(paths.bin({ name: '@openai/codex', version: '1.2.3', bin: 'codex' })).toBe('/h/.cache/consider-agents/openai+codex-1.2.3/node_modules/.bin/codex');
  });

  it('an empty cache misses every pinned agent; an executable bin in its folder counts as installed', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-agents-cache-'));
    try {
      const paths = agentPaths({ HOME: '/h', CONSIDER_AGENTS_CACHE: dir });
      expect(missingAgents(paths).map((p: { bin: string }) => p.bin)).toEqual(['claude', 'codex', 'gemini', 'opencode', 'copilot']);
      const codex = missingAgents(paths).find((p: { bin: string }) => p.bin === 'codex');
      fs.mkdirSync(path.dirname(paths.bin(codex)), { recursive: true });
      fs.writeFileSync(paths.bin(codex), '#!/bin/sh\n', { mode: 0o755 });
      expect(missingAgents(paths).map((p: { bin: string }) => p.bin)).not.toContain('codex');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('system packages: only what is missing, and what apt will do besides', () => {
  it('asks for libkrb5-dev only while code-server is not installed, chromium only for the tests', () => {
    const none = { exists: () => false, onPath: () => false };
    expect(missingPackages('start', { ...none, codeServerReady: false })).toEqual(['git', 'libkrb5-dev']);
    expect(missingPackages('start', { ...none, codeServerReady: true })).toEqual(['git']);
    expect(missingPackages('test', { ...none, codeServerReady: true })).toEqual(['git', 'chromium', 'fonts-dejavu-extra']);
    expect(missingPackages('test', { exists: () => true, onPath: () => true, codeServerReady: false })).toEqual([]);
  });

  it('reads apt-get -s: new dependencies and the upgrades they force', () => {
    const sim = [
      'NOTE: This is only a simulation!',
      'Inst libkrb5-3 [1.20.1-2+deb12u3] (1.20.1-2+deb12u5 Debian-Security:12/stable-security [amd64])',
      'Inst comerr-dev (2.1-1.47.0-2+b2 Debian:12.15/oldstable [amd64])',
      'Inst libkrb5-dev (1.20.1-2+deb12u5 Debian:12.15/oldstable [amd64])',
      'Conf libkrb5-dev (1.20.1-2+deb12u5 Debian:12.15/oldstable [amd64])',
    ].join('\n');
    expect(parseAptSimulation(sim, ['libkrb5-dev'])).toEqual({ installs: ['comerr-dev'], upgrades: ['libkrb5-3'] });
  });
});

// Another apt run holding apt's lock (unattended upgrades on a fresh VM): the real apt-get against a
// real lock, held with fcntl as apt and dpkg hold it (flock would not be seen). apt is pointed at a
// folder of the test's own (its dpkg status, lock files and lists), so the machine's own apt is
// neither blocked nor changed; the commands run are ones that take the lock and then do nothing.
const canRunApt = spawnSync('apt-get', ['--version']).status === 0 && spawnSync('perl', ['-e', '1']).status === 0;
describe.skipIf(!canRunApt)("apt's lock: the first run waits for another apt run, a line a minute, then says what to run again", () => {
  let dir: string;
  const holders: ReturnType<typeof spawn>[] = [];
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-apt-'));
    fs.writeFileSync(path.join(dir, 'status'), '');
    fs.mkdirSync(path.join(dir, 'lists/partial'), { recursive: true });
  });
  afterAll(() => {
    for (const h of holders) h.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });
  /** apt-get run in the test's folder: dpkg's locks are `dir/lock-frontend` and `dir/lock`, the lists' `dir/lists/lock`; no sources, no cache files. */
  const sandbox = () => ['-o', `Dir::State::status=${dir}/status`, '-o', `Dir::State::Lists=${dir}/lists/`, '-o', 'Dir::Cache::pkgcache=',
    '-o', 'Dir::Cache::srcpkgcache=', '-o', 'Dir::Etc::sourcelist=/dev/null', '-o', `Dir::Etc::sourceparts=${dir}/no-sources.d`];
  /** A process holding an fcntl write lock on `file` for `seconds`, as apt-get holds it; resolves once it holds it. */
  const holdLock = (file: string, seconds: number) => new Promise<number>((resolve, reject) => {
    const perl = "use Fcntl qw(:DEFAULT :seek); open(my $f, '>>', $ARGV[0]) or die \"open: $!\"; "
      + "my $lock = pack('s s x![q] q q i x![q]', F_WRLCK, SEEK_SET, 0, 0, 0); " // struct flock, whole file
      + 'fcntl($f, F_SETLK, $lock) or die "lock: $!"; $| = 1; print "held\\n"; sleep $ARGV[1];';
    const h = spawn('perl', ['-e', perl, file, String(seconds)], { stdio: ['ignore', 'pipe', 'inherit'] });
    holders.push(h);
    h.stdout!.once('data', () => resolve(h.pid!));
    h.once('exit', (code) => reject(new Error(`the lock holder exited (${code}) before holding ${file}`)));
  });

  it('install: apt-get waits for dpkg\'s lock (DPkg::Lock::Timeout) and goes on once it is free, saying so as it waits', async () => {
    // The other apt run lets go once the wait has been said twice (the first line, then a tick):
    // not after a fixed time, which a loaded machine can spend before apt-get even asks for the lock.
    const pid = await holdLock(path.join(dir, 'lock-frontend'), 60);
    const holder = holders.at(-1)!;
    const said: string[] = [];
    const say = (m: string) => { said.push(m); if (said.length === 2) holder.kill('SIGKILL'); };
    const r = await aptGetWaitingForLock(['install', '-y', '-q'], { options: sandbox(), say, tickMs: 1_000, rerun: 'npm start' });
    expect(r.status, r.stdout + r.stderr).toBe(0); // it went on once the lock was free, not failed past it
    expect(said.length).toBeGreaterThanOrEqual(2); // and only then: the lock was held until the second line
    expect(said[0]).toBe(`waiting for apt's lock: ${dir}/lock-frontend is held by process ${pid} (perl) (another apt run; on a fresh machine, usually the automatic updates). Waiting up to 15 min, a line a minute`);
    for (const line of said.slice(1)) expect(line).toMatch(new RegExp(`^still waiting for apt's lock \\(${dir}/lock-frontend is held by process ${pid} \\(perl\\)\\), \\d+ min so far$`));
  }, 30_000);

  it('install: a lock still held at the deadline fails with one line naming the holder and the command to run again', async () => {
    const pid = await holdLock(path.join(dir, 'lock-frontend'), 60);
    const t0 = Date.now();
    const failure = await aptGetWaitingForLock(['install', '-y', '-q'], { options: sandbox(), say: () => undefined, timeoutS: 2, retryMs: 500, rerun: 'npm start' })
      .then(() => undefined, (e: Error) => e.message);
    expect(failure).toBe(`apt's lock is still taken after 0 min: ${dir}/lock-frontend is held by process ${pid} (perl). When that apt run is over, run again: npm start`);
    expect(Date.now() - t0).toBeLessThan(15_000);
    holders.pop()!.kill('SIGKILL');
  }, 30_000);

  it('update: the lists\' lock, which apt-get does not wait for, is tried again until it is free', async () => {
    const pid = await holdLock(path.join(dir, 'lists/lock'), 2);
    const said: string[] = [];
    const r = await aptGetWaitingForLock(['update', '-qq'], { options: sandbox(), say: (m: string) => said.push(m), retryMs: 300, rerun: 'npm test' });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(said[0]).toContain(`waiting for apt's lock: ${dir}/lists/lock is held by process ${pid} (perl)`);
  }, 30_000);
});
