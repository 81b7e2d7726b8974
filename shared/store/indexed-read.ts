/**
 * `consider-cli list --json` and `summary` without parsing the store: when store.json is the
 * file the list index names (list-index.ts) and `stat` shows that no thread's file changed
 * since its last check (reconcile/stat-trust.ts settledByStat), the lazy re-anchoring has nothing to
 * do, and the index holds all that `list` filters and sorts on and `summary` counts. Each
 * thread's JSON is then its line of the store file, copied as bytes. Anything else gives
 * undefined, and the caller reads as always.
 */
import fs from 'node:fs';
import { STORE_MAX_BYTES, openDataFile, readOpenDataFile } from '../data-file';
import type { AnchorState, WorkflowState } from '../model';
import { readListIndex, type ListIndex } from './list-index';
import { orderByLocation } from './location-order';
import { assertConsiderDirInside, considerPaths } from '../paths';
import { settledByStat } from './reconcile/stat-trust';
import { commentSpans } from './store-text';
import { identityOf } from './known-good';
import { SummaryTally, type StoreSummary } from './threads';

/** What a `list` filter sees of a thread. */
export interface ListedThread {
  file: string;
  workflowState: WorkflowState;
  anchorState: AnchorState;
  unseen: boolean;
}

/**
 * The JSON texts of the threads `wanted` accepts, ordered by file (code unit order), then start
 * line, ties in store order (as `list` orders them), joined by commas between `head` and `tail`;
 * undefined when the index cannot answer. Threads of the human's pending review are never listed.
 */
export function listJsonFromIndex(root: string, wanted: (t: Readonly<ListedThread>) => boolean, head: string, tail: string): Buffer | undefined {
  return withSettledIndex(root, (index, fd) => {
    const bytes = readOpenDataFile(fd, { maxBytes: STORE_MAX_BYTES, what: '.consider/store.json' });
    const lines = commentSpans(bytes, index.count);
    if (!lines) return undefined;
    const order = selectInOrder(index, wanted);
    let size = head.length + tail.length + Math.max(0, order.length - 1);
    for (const i of order) size += lines.ends[i]! - lines.starts[i]!;
    const out = Buffer.allocUnsafe(size);
    let at = out.write(head, 0, 'latin1');
    order.forEach((i, n) => {
      if (n) out[at++] = 44; // ','
      out.set(bytes.subarray(lines.starts[i]!, lines.ends[i]!), at); // (twice as fast as bytes.copy for thousands of lines)
      at += lines.ends[i]! - lines.starts[i]!;
    });
    out.write(tail, at, 'latin1');
    return out;
  });
}

/** `summarize` of the store, from the index alone (the store file is not even read); undefined when the index cannot answer. */
export function summaryFromIndex(root: string): StoreSummary | undefined {
  return withSettledIndex(root, (index) => {
    const tally = new SummaryTally(index.unseenReviews);
    for (let i = 0; i < index.count; i++) {
      if (index.pending(i)) continue; // the human's pending review: not the agent's to count
      const check = index.check(i);
      tally.add(check.file, index.workflowState(i), check.anchorState, () => index.unseen(i), index.disposition(i));
    }
    return tally.summary();
  });
}

/**
 * Runs `use` with the list index of store.json and the file open, if the index names that
 * very file (identity and bytes come from one open file: they always match) and no thread's
 * file changed since its last check. Any error means "cannot answer": the normal read reports it.
 */
function withSettledIndex<T>(root: string, use: (index: ListIndex, fd: number) => T | undefined): T | undefined {
  const paths = considerPaths(root);
  let fd: number;
  try {
    assertConsiderDirInside(root); // refused: the normal read reports it
    const opened = openDataFile(paths.store); // a link or not a file: the normal read reports it
    if (opened === undefined) return undefined;
    fd = opened;
  } catch {
    return undefined;
  }
  try {
    const index = readListIndex(paths.listIndex, identityOf(fs.fstatSync(fd)));
    return index && settledByStat(root, index.checks) ? use(index, fd) : undefined;
  } catch {
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}

/** Indexes of the wanted threads, in `list` order (shared/store/location-order.ts). */
function selectInOrder(index: ListIndex, wanted: (t: Readonly<ListedThread>) => boolean): number[] {
  const view: ListedThread = { file: '', workflowState: 'open', anchorState: 'anchored', unseen: false }; // one object, reused
  const selected: number[] = [];
  for (let i = 0; i < index.count; i++) {
    if (index.pending(i)) continue; // the human's pending review: not the agent's to list
    const check = index.check(i);
    view.file = check.file;
    view.anchorState = check.anchorState;
    view.workflowState = index.workflowState(i);
    view.unseen = index.unseen(i);
    if (wanted(view)) selected.push(i);
  }
  return orderByLocation(selected, (i) => index.check(i).file, (i) => index.startLine(i));
}
