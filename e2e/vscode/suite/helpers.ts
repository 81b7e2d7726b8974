/**
 * Helpers for the extension-host suite: reach the extension's test API, run the real CLI as a
 * child process (the agent), read the store as the CLI would, and wait for asynchronous effects.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { ConsiderTestApi, RenderedThread } from '../../../extension/test-api';
import type { StoreFile } from '../../../shared/model';

export const EXTENSION_ID = 'consider-dev.consider';

export async function extension(): Promise<ConsiderTestApi> {
  const ext = vscode.extensions.getExtension<ConsiderTestApi>(EXTENSION_ID);
  if (!ext) throw new Error(`extension ${EXTENSION_ID} is not loaded`);
  return ext.activate();
}

/** A workspace folder of the multi-root suite workspace ('alpha' or 'beta'). */
export function folder(name: string): { root: string; uri: vscode.Uri } {
  const f = vscode.workspace.workspaceFolders?.find((w) => w.name === name);
  if (!f) throw new Error(`no workspace folder named ${name}`);
  return { root: f.uri.fsPath, uri: f.uri };
}

/** Copies a fixture file to a fresh name so each test owns its file and its threads. */
export function freshCopy(root: string, from: string, to: string): string {
  const dest = path.join(root, to);
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  fs.copyFileSync(path.join(root, from), dest);
  return to;
}

export interface CliResult { code: number; stdout: string; stderr: string; exitedAt: number }

/** Runs consider-cli the way an agent does: a separate Node process, cwd = the workspace root. */
export function cli(root: string, ...args: string[]): Promise<CliResult> {
  const node = process.env.CONSIDER_E2E_NODE ?? 'node';
  const bin = process.env.CONSIDER_E2E_CLI;
  if (!bin) throw new Error('CONSIDER_E2E_CLI is not set (run through e2e/vscode/run.mjs)');
  return new Promise((resolve, reject) => {
    const child = spawn(node, [bin, ...args, ...(args.includes('--root') ? [] : ['--root', root])], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr, exitedAt: Date.now() }));
  });
}

/** Like cli() but fails the test on a non-zero exit. */
export async function cliOk(root: string, ...args: string[]): Promise<CliResult> {
  const r = await cli(root, ...args);
  if (r.code !== 0) throw new Error(`consider-cli ${args.join(' ')} exited ${r.code}: ${r.stderr.trim()}`);
  return r;
}

export function storePath(root: string): string {
  return path.join(root, '.consider', 'store.json');
}

export function readStoreJson(root: string): StoreFile {
  return JSON.parse(fs.readFileSync(storePath(root), 'utf8')) as StoreFile;
}

export function storedThread(root: string, id: string) {
  const c = readStoreJson(root).comments.find((t) => t.id === id);
  if (!c) throw new Error(`thread ${id} is not in ${storePath(root)}`);
  return c;
}

/** Polls until `check` returns a truthy value; fails with `what` and the last value seen. */
export async function waitFor<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const t0 = Date.now();
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v) return v;
      last = v;
    } catch (e) {
      last = e;
    }
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
    await sleep(15);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The rendered thread with this id, as the extension shows it right now. */
export async function rendered(id: string): Promise<RenderedThread | undefined> {
  return (await extension()).threads().find((t) => t.id === id);
}

export async function openInEditor(root: string, rel: string): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(root, rel)));
  return vscode.window.showTextDocument(doc);
}

/** Adds a thread through the CLI (as an agent or a script would) and returns its id. */
export async function addByCli(root: string, file: string, lines: string, message: string, author: 'human' | 'agent' = 'human'): Promise<string> {
  const r = await cliOk(root, 'add', file, '--lines', lines, '--message', message, '--author', author, '--json');
  const created = JSON.parse(r.stdout) as { id: string };
  return created.id;
}

/** Writes a file from a separate Node process, as the agent's tools would (not through VS Code). */
export async function writeByOtherProcess(file: string, content: string | null): Promise<void> {
  const node = process.env.CONSIDER_E2E_NODE ?? 'node';
  const script = content === null
    ? 'require("fs").rmSync(process.argv[1])'
    : 'require("fs").writeFileSync(process.argv[1], Buffer.from(process.argv[2], "base64"))';
  const args = content === null ? [file] : [file, Buffer.from(content).toString('base64')];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(node, ['-e', script, ...args], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`writer exited ${code}`))));
  });
}

/** A figure for the report: printed in the suite log and collected by run.mjs. */
export function figure(name: string, value: number, unit: string): void {
  console.log(`FIGURE ${name}: ${Math.round(value)} ${unit}`);
}
