import type { Summary } from './projection';

export type StatKey = 'open' | 'unseen' | 'awaitingCheck' | 'stale' | 'orphaned';

/**
 * The summary bar's counts, in order: the app's SummaryBar and the boot preview
 * (previewTree.ts) draw the same ones. `label` follows the number ("3 awaiting your check").
 */
export const SUMMARY_STATS: readonly { key: StatKey; label: string; icon: string; cls: string }[] = [
  { key: 'open', label: 'open', icon: 'circle-large-outline', cls: '' },
  { key: 'unseen', label: 'unseen', icon: 'eye-closed', cls: 'unseen' },
  { key: 'awaitingCheck', label: 'awaiting your check', icon: 'pass', cls: 'awaiting' },
  { key: 'stale', label: 'stale', icon: 'warning', cls: 'stale' },
  { key: 'orphaned', label: 'orphaned', icon: 'debug-disconnect', cls: 'orphaned' },
];

/** "12 threads in 3 files" */
export const threadsInFiles = (s: Summary): string => `${s.total} threads in ${s.files} ${s.files === 1 ? 'file' : 'files'}`;
