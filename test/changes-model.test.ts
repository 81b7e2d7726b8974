/**
 * The Changes view's model on the extension host (extension/changes/changes-model.ts), with a
 * stand-in `vscode` and a worker that answers when the test says: file events are debounced
 * into one computation on the worker, Consider's own and never-listed files start none, a newer
 * computation cancels the one in flight (whose answer is never shown), and the tree's fresh()
 * waits for the list instead of drawing a stale one.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComputeRequest } from '../extension/changes/compute';

vi.mock('vscode', async () => {
  const fake = (await import('./helpers/fake-vscode')).fakeVscode();
  const none = () => ({ dispose() {} });
  return {
    ...fake,
    workspace: {
      workspaceFolders: [{ uri: fake.Uri.file('/ws'), name: 'ws', index: 0 }],
      onDidChangeWorkspaceFolders: none,
      onDidChangeConfiguration: none,
      getConfiguration: () => ({ get: (_key: string, fallback: unknown) => fallback }),
    },
  };
});

const { ChangesModel, FILE_CHANGE_DEBOUNCE_MS } = await import('../extension/changes/changes-model');
const { FakeEventEmitter, FakeUri } = await import('./helpers/fake-vscode');
const { ComputeCancelled } = await import('../extension/changes/compute-client');

interface Pending { request: ComputeRequest; signal: AbortSignal | undefined; answer(list: string[]): void }

/** A worker whose answers the test gives, one list of paths at a time (the other worktrees: none, at once). */
class FakeWorker {
  readonly pending: Pending[] = [];
  worktreeRequests = 0;
  run(request: ComputeRequest, signal?: AbortSignal): Promise<unknown> {
    if (request.kind === 'worktrees') {
      this.worktreeRequests++;
      return Promise.resolve([]);
    }
    return new Promise((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new ComputeCancelled()));
      this.pending.push({
        request, signal,
        answer: (paths) => resolve({ ref: { kind: 'head' }, result: { ok: true, label: 'the last commit', list: { changes: paths.map((p) => ({ path: p, kind: 'modified', current: 'x' })), skipped: [], missingContent: [], ms: 1 } } }),
      });
    });
  }
}

const files = new FakeEventEmitter<{ uri: ReturnType<typeof FakeUri.file>; kind: string }>();
const stores = new FakeEventEmitter<readonly string[]>();
let worker: FakeWorker;
let model: InstanceType<typeof ChangesModel>;
let announced: (readonly string[])[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  worker = new FakeWorker();
  const log = { info() {}, warn() {}, error() {} };
  const memento = { get: () => undefined, update: async () => {} };
  const folderStores = { onDidChange: stores.event, get: () => ({ store: { version: 1, comments: [] } }) };
  model = new ChangesModel(folderStores as never, memento as never, log as never, { onDidChangeFile: files.event } as never, worker as never);
  model.setActive(true);
  announced = [];
  model.onDidChange((roots: readonly string[]) => announced.push(roots));
});
afterEach(() => {
  model.dispose();
  vi.useRealTimers();
});

const touch = (rel: string) => files.fire({ uri: FakeUri.file(`/ws/${rel}`), kind: 'changed' });
/** The paths the model holds for the folder now. */
function shown(): string[] | undefined {
  const result = model.get('/ws')?.result;
  return result?.ok ? result.list.changes.map((c) => c.path) : undefined;
}

describe('the Changes view\'s model', () => {
  it('turns a burst of file events into one computation on the worker, and none for Consider\'s own or never-listed files', async () => {
    await vi.advanceTimersByTimeAsync(0); // the first list, when the folder is added
    worker.pending.shift()!.answer([]);
    await vi.advanceTimersByTimeAsync(0);
    for (let i = 0; i < 20; i++) touch(`src/f${i}.ts`);
    await vi.advanceTimersByTimeAsync(FILE_CHANGE_DEBOUNCE_MS - 1);
    expect(worker.pending).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(worker.pending.map((p) => p.request.kind)).toEqual(['changes']);
    worker.pending.shift()!.answer(['src/f0.ts']);
    await vi.advanceTimersByTimeAsync(0);
    expect(shown()).toEqual(['src/f0.ts']);
    for (const rel of ['.consider/store.json', 'node_modules/x/index.js', 'pkg/node_modules/y.js', '.git/index', '.git/objects/ab/cd']) touch(rel);
    await vi.advanceTimersByTimeAsync(FILE_CHANGE_DEBOUNCE_MS * 2);
    expect(worker.pending).toHaveLength(0);
  });

  it('a newer computation cancels the one in flight, whose answer is never shown', async () => {
    await vi.advanceTimersByTimeAsync(0);
    const first = worker.pending.shift()!;
    model.invalidate();
    await vi.advanceTimersByTimeAsync(0);
    expect(first.signal?.aborted).toBe(true);
    const second = worker.pending.shift()!;
    second.answer(['new.ts']);
    first.answer(['stale.ts']); // too late: cancelled
    await vi.advanceTimersByTimeAsync(0);
    expect(shown()).toEqual(['new.ts']);
    expect(announced).toEqual([['/ws']]);
  });

  it('fresh() waits for the list of a folder that changed, rather than give the old one', async () => {
    await vi.advanceTimersByTimeAsync(0);
    worker.pending.shift()!.answer(['old.ts']);
    await vi.advanceTimersByTimeAsync(0);
    touch('src/a.ts');
    let drawn: string[] | undefined;
    const tree = model.fresh('/ws').then(() => { drawn = shown(); });
    await vi.advanceTimersByTimeAsync(0);
    expect(drawn).toBeUndefined();
    worker.pending.shift()!.answer(['src/a.ts']);
    await tree;
    expect(drawn).toEqual(['src/a.ts']);
  });
});
