/**
 * The Changes view's worker thread (extension/changes/compute-worker.ts, bundled here as the
 * build bundles it) and its client on the extension host's side (compute-client.ts): the worker
 * answers what shared/changes answers in-process, Mark All Reviewed captures there, and a
 * request nobody wants any more is dropped before it starts, or stops the worker it runs on.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changesSince, listBaselines } from '../shared/changes';
import { ChangesWorker, ComputeCancelled } from '../extension/changes/compute-client';
import { commitAll, writeFile as write } from './helpers/git-repo';

let bundle: string;
const roots: string[] = [];
let worker: ChangesWorker;
const logged: string[] = [];

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-worker-'));
  roots.push(dir);
  bundle = path.join(dir, 'changes-worker.js');
  await esbuild.build({ entryPoints: [path.resolve(__dirname, '../extension/changes/compute-worker.ts')], outfile: bundle, bundle: true, platform: 'node', format: 'cjs', target: 'node18', logLevel: 'warning' });
});
afterEach(() => worker?.dispose());
afterAll(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

function repo(): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'consider-worker-repo-')));
  roots.push(root);
  commitAll(root, { 'src/a.ts': 'a\n', 'src/b.ts': 'b\n' });
  write(root, 'src/a.ts', 'a\nchanged\n');
  write(root, 'src/new.ts', 'new\n');
  return root;
}

const changes = (root: string) => ({ kind: 'changes' as const, root, choice: { kind: 'latest' as const }, reviews: undefined, maxFileBytes: 1024 * 1024 });

describe('the Changes view\'s worker', () => {
  it('answers what shared/changes answers in the extension host, as plain values', async () => {
    const root = repo();
    worker = new ChangesWorker(bundle, (m) => logged.push(m));
    const answer = await worker.run(changes(root));
    const here = changesSince(root, { kind: 'head' }, undefined);
    expect(answer.ref).toEqual({ kind: 'head' });
    expect(answer.result).toEqual({ ...here, list: { ...(here.ok ? here.list : {}), ms: expect.any(Number) } });
    expect(answer.result?.ok && answer.result.list.changes.map((c) => c.path)).toEqual(['src/a.ts', 'src/new.ts']);
  });

  it('captures Mark All Reviewed, which the next list counts from', async () => {
    const root = repo();
    worker = new ChangesWorker(bundle, (m) => logged.push(m));
    const mark = await worker.run({ kind: 'mark', root, reviews: undefined, maxFileBytes: 1024 * 1024 });
    expect(mark).toMatchObject({ ok: true, read: 3 }); // src/a.ts, src/b.ts, src/new.ts
    expect(listBaselines(root).map((b) => b.kind)).toEqual(['mark']);
    const after = await worker.run(changes(root));
    expect(after.ref).toMatchObject({ kind: 'capture' });
    expect(after.result).toMatchObject({ ok: true, label: 'marked reviewed', list: { changes: [] } });
  });

  it('drops a request cancelled while it waits; a running one cancelled ends the worker, and the next request gets a new one', async () => {
    const root = repo();
    worker = new ChangesWorker(bundle, (m) => logged.push(m));
    const first = new AbortController();
    const second = new AbortController();
    const running = worker.run(changes(root), first.signal);
    const waiting = worker.run(changes(root), second.signal);
    expect(worker.state()).toEqual({ running: true, waiting: 1, started: true });
    second.abort();
    await expect(waiting).rejects.toBeInstanceOf(ComputeCancelled);
    expect(worker.state()).toEqual({ running: true, waiting: 0, started: true });
    first.abort();
    await expect(running).rejects.toBeInstanceOf(ComputeCancelled);
    expect(worker.state()).toEqual({ running: false, waiting: 0, started: false });
    const next = await worker.run(changes(root));
    expect(next.result?.ok).toBe(true);
    expect(logged).toEqual([]); // ending a worker on purpose is no crash
  });
});
