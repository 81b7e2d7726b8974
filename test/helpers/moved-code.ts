/**
 * What the tests of cross-file following share (test/reanchor-cross-file.test.ts,
 * test/reanchor-twins.test.ts): a function that moves out of src/a.ts, and reading and adding
 * threads in a real workspace.
 */
import { readStore } from '../../shared/store/store-io';
import { addThread } from '../../shared/store/threads';
import type { Comment } from '../../shared/model';

/** The code that moves. */
export const NORMALIZE = [
  'export function normalizeArguments(options: Options): Normalized {',
  '  const timeout = options.timeout ?? DEFAULT_TIMEOUT;',
  '  const retries = Math.max(0, options.retries ?? 2);',
  '  return { timeout, retries };',
  '}',
];
export const OTHER = ['export function other(): number {', '  return 1;', '}'];
/** a.ts at A: an import, normalizeArguments (lines 3-7), other(). */
export const A_BEFORE = ["import { DEFAULT_TIMEOUT } from './defaults';", '', ...NORMALIZE, '', ...OTHER, ''].join('\n');

/** The thread `id` as the store has it now. */
export function thread(root: string, id: string): Comment {
  return readStore(root).store.comments.find((t) => t.id === id)!;
}

/** Adds a human's thread on lines startLine-endLine of `file`; answers its id. */
export async function add(root: string, file: string, startLine: number, endLine: number): Promise<string> {
  return (await addThread(root, { file, startLine, endLine, body: 'why?', author: 'human' })).id;
}
