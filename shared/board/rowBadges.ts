/**
 * A thread row's state icon and the small tags at its end, as data: the app's list (components/ThreadList.tsx)
 * and the boot preview of the first screen (previewTree.ts) draw the same ones from
 * here, so the preview the app replaces shows what the app will.
 */
import type { Disposition } from '../model';
import type { ThreadView } from './protocol';
import { ADDRESSED_UNCHANGED_TITLE } from '../changes/proof';

export interface RowBadge {
  /** Its class after `tag` (the colour); also the test id `badge-<cls>`. */
  readonly cls: string;
  readonly label: string;
  /** The tooltip: what the badge means, in words. */
  readonly title: string;
}

/** What each disposition says, for tooltips and the detail pane. */
export const DISPOSITION_TITLES: Readonly<Record<Disposition, string>> = {
  addressed: 'The agent says it addressed this',
  declined: 'The agent declined this, and says why in its reply',
  question: 'The agent has a question for you',
};

export const PENDING_TITLE = 'pending — not sent to the agent yet';

/**
 * In order: where the thread stands in the review loop (pending, the agent's disposition), then
 * the agent's reading (unseen), the anchor, resolved. A pending thread is never unseen (the
 * agent cannot see it) and has no disposition (the agent has not seen it).
 */
export function rowBadges(t: Pick<ThreadView, 'pending' | 'disposition' | 'awaitingCheck' | 'unseen' | 'anchorState' | 'reason' | 'workflowState' | 'addressedUnchanged' | 'removedIn'>): RowBadge[] {
  const badges: RowBadge[] = [];
  if (t.pending) badges.push({ cls: 'pending', label: 'pending', title: PENDING_TITLE });
  if (t.disposition) {
    const title = t.awaitingCheck ? `${DISPOSITION_TITLES.addressed}: awaiting your check` : DISPOSITION_TITLES[t.disposition];
    badges.push({ cls: t.disposition, label: t.disposition, title });
  }
  if (t.addressedUnchanged) badges.push({ cls: 'unchanged', label: 'code unchanged', title: ADDRESSED_UNCHANGED_TITLE });
  if (t.removedIn) badges.push({ cls: 'removed', label: 'removed code', title: `About code that was removed since ${t.removedIn}` });
  if (t.unseen) badges.push({ cls: 'unseen', label: 'unseen', title: 'The agent has not read this yet' });
  if (t.anchorState !== 'anchored') badges.push({ cls: t.anchorState, label: t.anchorState, title: t.reason ?? t.anchorState });
  if (t.workflowState === 'resolved') badges.push({ cls: 'resolved', label: 'resolved', title: 'resolved' });
  return badges;
}

/** The row's leading icon: resolved, a draft of the pending review, written by the agent, or a comment. */
export function stateIcon(t: Pick<ThreadView, 'workflowState' | 'pending' | 'author'>): string {
  if (t.workflowState === 'resolved') return 'pass-filled';
  if (t.pending) return 'comment-draft';
  return t.author === 'agent' ? 'hubot' : 'comment';
}
