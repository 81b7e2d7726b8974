/** Shared by the setup and skills tests: temp workspaces, a temp HOME, the built runtime. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runUninstall, type SetupReport, type UninstallOptions } from '../../setup/index';

export const REPO = path.resolve(__dirname, '..', '..');
export const RUNTIME_DIR = path.join(REPO, 'dist', 'runtime');
export const SKILLS_DIR = path.join(REPO, 'skills');
export const SETUP_CLI = path.join(REPO, 'dist', 'setup', 'consider-setup.cjs');
export const PACKAGE_VERSION = (JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string }).version;

/** Builds the TypeScript bundles once if this checkout has not been built yet. */
export function ensureBuilt(): void {
  if (fs.existsSync(path.join(RUNTIME_DIR, 'VERSION')) && fs.existsSync(SETUP_CLI)) return;
  const r = spawnSync(process.execPath, [path.join(REPO, 'scripts', 'build.mjs'), '--no-webview'], { cwd: REPO, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build failed: ${r.stderr}`);
}

export interface Sandbox {
  dir: string;
  root: string;
  home: string;
  cleanup(): void;
}

/** A workspace folder and a separate home folder under one temp dir. */
export function sandbox(opts: { git?: boolean } = {}): Sandbox {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'consider-setup-')));
  const root = path.join(dir, 'ws');
  const home = path.join(dir, 'home');
  fs.mkdirSync(root);
  fs.mkdirSync(home);
  if (opts.git) git(root, 'init', '-q');
  return { dir, root, home, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Uninstall from a sandbox's workspace and HOME. Defaults to what a user most often picks
 * (full, taking the `.gitignore` line back); a test names only what it changes.
 */
export function uninstallFrom(s: Sandbox, opts: Partial<Omit<UninstallOptions, 'root' | 'home'>> = {}): Promise<SetupReport> {
  return runUninstall({ root: s.root, home: s.home, mode: 'full', removeGitignoreEntry: true, ...opts });
}

export function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** Every file under a folder, relative, sorted (for "exactly these files" checks). */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(path.relative(dir, p).split(path.sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * Every path under `dir`, folders included, with file bytes and link targets: two equal
 * trees are the same folder, byte for byte. `skip` leaves out paths (relative to `dir`).
 */
export function tree(dir: string, skip: (rel: string) => boolean = () => false): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      const rel = path.relative(dir, p);
      if (skip(rel)) continue;
      if (e.isSymbolicLink()) out[rel] = `link:${fs.readlinkSync(p)}`;
      else if (e.isDirectory()) {
        out[rel + '/'] = 'dir';
        walk(p);
      } else out[rel] = fs.readFileSync(p).toString('base64');
    }
  };
  walk(dir);
  return out;
}

/** A copy of the built runtime stamped with another version: an "older extension". */
export function runtimeWithVersion(into: string, version: string): string {
  const dir = path.join(into, `runtime-${version}`);
  fs.cpSync(RUNTIME_DIR, dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'VERSION'), version + '\n');
  return dir;
}
