/**
 * The extension host's side of the Changes view's worker thread (compute-worker.ts): one worker,
 * started on first use, answers one request at a time, in turn, while the host's thread goes on
 * drawing. A request whose AbortSignal fires while it waits is dropped before it starts; one that
 * is running is stopped by ending the worker (the next request starts a new one): nobody waits
 * for an answer nobody wants. No `vscode` here, so the benchmarks run it as it is.
 */
import { Worker } from 'node:worker_threads';
import type { AnswerTo, ComputeRequest } from './compute';
import type { WorkerReply, WorkerRequest } from './compute-worker';

/** The promise of a request that was cancelled rejects with this. */
export class ComputeCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'ComputeCancelled';
  }
}

interface Job {
  request: ComputeRequest;
  signal: AbortSignal | undefined;
  resolve(answer: unknown): void;
  reject(error: Error): void;
}

export class ChangesWorker {
  private worker: Worker | undefined;
  private readonly waiting: Job[] = [];
  private running: { id: number; job: Job } | undefined;
  private nextId = 1;
  private disposed = false;

  /** `script`: the worker's bundle (dist/extension/changes-worker.js); `log`: where a crash is told. */
  constructor(private readonly script: string, private readonly log: (message: string) => void) {}

  run<R extends ComputeRequest>(request: R, signal?: AbortSignal): Promise<AnswerTo<R>> {
    return new Promise<AnswerTo<R>>((resolve, reject) => {
      if (this.disposed || signal?.aborted) return reject(new ComputeCancelled());
      const job: Job = { request, signal, resolve: resolve as (a: unknown) => void, reject };
      signal?.addEventListener('abort', () => this.cancel(job), { once: true });
      this.waiting.push(job);
      this.next();
    });
  }

  /** How many requests wait, and whether one runs (for the tests). */
  state(): { running: boolean; waiting: number; started: boolean } {
    return { running: this.running !== undefined, waiting: this.waiting.length, started: this.worker !== undefined };
  }

  dispose(): void {
    this.disposed = true;
    for (const job of this.waiting.splice(0)) job.reject(new ComputeCancelled());
    this.running?.job.reject(new ComputeCancelled());
    this.running = undefined;
    this.stopWorker();
  }

  private cancel(job: Job): void {
    const i = this.waiting.indexOf(job);
    if (i >= 0) {
      this.waiting.splice(i, 1);
      job.reject(new ComputeCancelled());
      return;
    }
    if (this.running?.job !== job) return; // answered already
    this.running = undefined;
    job.reject(new ComputeCancelled());
    // The worker is busy with it and cannot hear a message until it is done: end it.
    this.stopWorker();
    this.next();
  }

  private next(): void {
    if (this.running || this.disposed) return;
    const job = this.waiting.shift();
    if (!job) {
      this.worker?.unref(); // idle: it does not keep the process alive (the benchmarks, the tests)
      return;
    }
    const id = this.nextId++;
    this.running = { id, job };
    const message: WorkerRequest = { id, request: job.request };
    const worker = this.ensureWorker();
    worker.ref();
    worker.postMessage(message);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.script);
    worker.on('message', (reply: WorkerReply) => {
      const r = this.running;
      if (!r || r.id !== reply.id) return; // the answer to a cancelled request
      this.running = undefined;
      if ('error' in reply) r.job.reject(new Error(reply.error));
      else r.job.resolve(reply.answer);
      this.next();
    });
    const lost = (why: string): void => {
      if (this.worker !== worker) return; // ended on purpose
      this.worker = undefined;
      this.log(`the Changes view's worker stopped: ${why}`);
      const r = this.running;
      this.running = undefined;
      r?.job.reject(new Error(`the Changes view's worker stopped: ${why}`));
      this.next();
    };
    worker.on('error', (e) => lost(e.stack ?? e.message));
    worker.on('exit', (code) => lost(`exit code ${code}`));
    this.worker = worker;
    return worker;
  }

  private stopWorker(): void {
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
  }
}
