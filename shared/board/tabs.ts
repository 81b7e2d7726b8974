import type { ViewName } from './protocol';
import { l10n } from './l10n';

/** The view tabs, in order: the app's tab bar and the boot preview (previewTree.ts) draw the same ones. (Labels are getters: read in the current language.) */
export const TABS: readonly { view: ViewName; label: string; icon: string }[] = [
  { view: 'board', get label() { return l10n.t('Board'); }, icon: 'comment-discussion' },
  { view: 'triage', get label() { return l10n.t('Triage'); }, icon: 'warning' },
  { view: 'setup', get label() { return l10n.t('Setup'); }, icon: 'gear' },
  { view: 'uninstall', get label() { return l10n.t('Uninstall'); }, icon: 'trash' },
];
