/**
 * The hook's input: the JSON an agent writes on the hook's stdin. Absent or empty is an empty
 * object (the command line and the working folder then say it all); anything else that is not
 * a JSON object is not an agent's hook input, and the hook says nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { findWorkspaceRoot, isDir } from '../shared';

export type HookInput = Readonly<Record<string, unknown>>;

/** Agents send a few KB; anything far larger is not a hook payload. */
const MAX_INPUT_BYTES = 4 * 1024 * 1024;

/** Whether a person typed the command (stdin is a terminal): agents always pipe their input. */
export function typedByHand(): boolean {
  try {
    if (!fs.fstatSync(0).isCharacterDevice()) return false; // a pipe or a file: an agent's input
  } catch {
    return false; // no stdin at all
  }
  // Only now (a terminal, or /dev/null): node:tty loads node:net, ms that every agent's call would pay.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only here, for the reason above
  return (require('node:tty') as typeof import('node:tty')).isatty(0);
}

/**
 * How long the hook waits for the agent's input to end. Agents write it at once and close the
 * pipe; one left open must not hold the agent's turn (up to its own hook timeout, 30 s or more):
 * after this the hook answers from what arrived.
 */
export const INPUT_DEADLINE_MS = 2000;

/** The parsed stdin object; {} when there is none; undefined when it is not a JSON object (or larger than `maxBytes`). */
export async function readHookInput(maxBytes = MAX_INPUT_BYTES): Promise<HookInput | undefined> {
  if (typedByHand()) return {}; // reading would wait for a person to type JSON
  const bytes = await readStdin(INPUT_DEADLINE_MS, maxBytes);
  if (bytes === undefined) return undefined;
  const text = bytes.toString('utf8');
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as HookInput) : undefined;
  } catch {
    return undefined; // not JSON, or cut short at the deadline
  }
}

/**
 * Stdin until it ends or `deadlineMs` passes, whichever is first; undefined when larger than
 * any hook payload. A file (or /dev/null) is read at once. A pipe or socket is read through the
 * event loop (node:net, as process.stdin does), never by a blocking read: a read blocked in a
 * thread would keep the process from exiting after the deadline.
 */
function readStdin(deadlineMs: number, maxBytes: number): Promise<Buffer | undefined> {
  let stream: boolean;
  try {
    const st = fs.fstatSync(0);
    stream = st.isFIFO() || st.isSocket();
    if (!stream) {
      const bytes = fs.readFileSync(0);
      return Promise.resolve(bytes.length > maxBytes ? undefined : bytes);
    }
  } catch {
    return Promise.resolve(Buffer.alloc(0)); // no stdin at all
  }
  return new Promise((resolve) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only for a pipe, which every agent's hook input is
    const net = require('node:net') as typeof import('node:net');
    const chunks: Buffer[] = [];
    let size = 0;
    let socket: import('node:net').Socket;
    const finish = (value: Buffer | undefined): void => {
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on('error', () => {});
      socket.destroy();
      resolve(value);
    };
    const timer = setTimeout(() => finish(Buffer.concat(chunks)), deadlineMs);
    try {
      socket = new net.Socket({ fd: 0, readable: true, writable: false });
    } catch {
      clearTimeout(timer);
      resolve(Buffer.alloc(0));
      return;
    }
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > maxBytes) finish(undefined);
    });
    socket.on('end', () => finish(Buffer.concat(chunks)));
    socket.on('error', () => finish(Buffer.concat(chunks))); // stdin closed or absent
  });
}

/** The first of `keys` holding a non-empty string. */
export function stringField(input: HookInput, ...keys: string[]): string | undefined {
  for (const k of keys) {
    const v = input[k];
    if (typeof v === 'string' && v !== '') return v;
  }
  return undefined;
}

/** true/false when the field is a boolean, else undefined (the agent did not say). */
export function booleanField(input: HookInput, key: string): boolean | undefined {
  const v = input[key];
  return typeof v === 'boolean' ? v : undefined;
}

/**
 * The workspace a hook (the stop and prompt hooks, the plan gate) works in: up from the folder
 * the agent says it works in (its input's project folder, which may be a subfolder), else --root
 * as given, else up from here, as every command finds it. Never an error: a hook must not fail
 * the agent's turn over a folder that went away.
 */
export function hookWorkspaceRoot(projectDir: string | undefined, rootFlag: string | undefined): string {
  if (projectDir !== undefined && isDir(path.resolve(projectDir))) return findWorkspaceRoot(path.resolve(projectDir));
  if (rootFlag !== undefined && isDir(path.resolve(rootFlag))) return path.resolve(rootFlag);
  return findWorkspaceRoot(process.cwd());
}
