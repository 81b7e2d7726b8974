import type { Summary } from './projection';
import { l10n } from './l10n';

export type StatKey = 'open' | 'unseen' | 'awaitingCheck' | 'stale' | 'orphaned';

/**
 * The summary bar's counts, in order: the app's SummaryBar and the boot preview
 * (previewTree.ts) draw the same ones. `label` follows the number ("3 awaiting your check"); a getter, read in the current language.
 */
export const SUMMARY_STATS: readonly { key: StatKey; label: string; icon: string; cls: string }[] = [
  { key: 'open', get label() { return l10n.t('open'); }, icon: 'circle-large-outline', cls: '' },
  { key: 'unseen', get label() { return l10n.t('unseen'); }, icon: 'eye-closed', cls: 'unseen' },
  { key: 'awaitingCheck', get label() { return l10n.t('awaiting your check'); }, icon: 'pass', cls: 'awaiting' },
  { key: 'stale', get label() { return l10n.t('stale'); }, icon: 'warning', cls: 'stale' },
  { key: 'orphaned', get label() { return l10n.t('orphaned'); }, icon: 'debug-disconnect', cls: 'orphaned' },
];

/** "12 threads in 3 files" */
export const threadsInFiles = (s: Summary): string => (s.files === 1 ? l10n.t('{0} threads in 1 file', s.total) : l10n.t('{0} threads in {1} files', s.total, s.files));
