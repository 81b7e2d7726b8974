import type { Summary } from '../state/projection';

export type StatKey = 'open' | 'unseen' | 'stale' | 'orphaned';

/** The summary bar's counts, in order: the app's SummaryBar and the boot preview (preview/previewTree.ts) draw the same ones. */
export const SUMMARY_STATS: readonly { key: StatKey; icon: string; cls: string }[] = [
  { key: 'open', icon: 'circle-large-outline', cls: '' },
  { key: 'unseen', icon: 'eye-closed', cls: 'unseen' },
  { key: 'stale', icon: 'warning', cls: 'stale' },
  { key: 'orphaned', icon: 'debug-disconnect', cls: 'orphaned' },
];

/** "12 threads in 3 files" */
export const threadsInFiles = (s: Summary): string => `${s.total} threads in ${s.files} ${s.files === 1 ? 'file' : 'files'}`;
