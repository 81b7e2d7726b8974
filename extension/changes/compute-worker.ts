/**
 * The Changes view's worker thread (dist/extension/changes-worker.js): runs compute.ts for the
 * extension host, one request at a time, in the order they come. No `vscode` here.
 */
import { parentPort } from 'node:worker_threads';
import { compute, type ComputeRequest } from './compute';

export interface WorkerRequest { id: number; request: ComputeRequest }
export type WorkerReply = { id: number; answer: unknown } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('changes-worker.js runs as a worker thread of the extension host');
port.on('message', ({ id, request }: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    reply = { id, answer: compute(request) };
  } catch (e) {
    reply = { id, error: (e as Error).stack ?? String(e) };
  }
  port.postMessage(reply);
});
