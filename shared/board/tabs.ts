import type { ViewName } from './protocol';

/** The view tabs, in order: the app's tab bar and the boot preview (previewTree.ts) draw the same ones. */
export const TABS: readonly { view: ViewName; label: string; icon: string }[] = [
  { view: 'board', label: 'Board', icon: 'comment-discussion' },
  { view: 'triage', label: 'Triage', icon: 'warning' },
  { view: 'setup', label: 'Setup', icon: 'gear' },
  { view: 'uninstall', label: 'Uninstall', icon: 'trash' },
];
