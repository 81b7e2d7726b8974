/**
 * A thread row's state icon and the small tags at its end, as data: the app's list (components/ThreadList.tsx)
 * and the boot preview of the first screen (previewTree.ts) draw the same ones from
 * here, so the preview the app replaces shows what the app will.
 */
import type { Disposition } from '../model';
import type { ThreadView } from './protocol';
import { l10n } from './l10n';

export interface RowBadge {
  /** Its class after `tag` (the colour); also the test id `badge-<cls>`. */
  readonly cls: string;
  readonly label: string;
  /** The tooltip: what the badge means, in words. */
  readonly title: string;
}

/** What each disposition says, for tooltips and the detail pane. */
export const DISPOSITION_TITLES: Readonly<Record<Disposition, string>> = {
  get addressed() { return l10n.t('The agent says it addressed this'); },
  get declined() { return l10n.t('The agent declined this, and says why in its reply'); },
  get question() { return l10n.t('The agent has a question for you'); },
};

/** The words of a disposition badge. */
export const dispositionWord = (d: Disposition): string => ({ addressed: l10n.t('addressed'), declined: l10n.t('declined'), question: l10n.t('question') })[d];

export const pendingTitle = (): string => l10n.t('pending — not sent to the agent yet');

/** shared/changes/proof.ts ADDRESSED_UNCHANGED_TITLE, in the current language. */
export const addressedUnchangedTitle = (): string => l10n.t('The agent says it addressed this, but the code the thread was written on did not change');

/** An anchor state in words (stale, orphaned). */
export const anchorWord = (s: ThreadView['anchorState']): string => ({ anchored: l10n.t('anchored'), stale: l10n.t('stale'), orphaned: l10n.t('orphaned') })[s];

/**
 * The tag of a thread that is not on its code: its anchor state, or for a rejected change that
 * left its file, what became of it ("reverted", "change gone"), which "stale" would misname.
 */
export function anchorBadge(t: Pick<ThreadView, 'anchorState' | 'reason' | 'rejectedLeft'>): RowBadge {
  if (t.rejectedLeft === 'reverted') return { cls: 'reverted', label: l10n.t('reverted'), title: t.reason ?? l10n.t('Change reverted') };
  if (t.rejectedLeft === 'gone') return { cls: 'change-gone', label: l10n.t('change gone'), title: t.reason ?? l10n.t('Rejected change gone from the file') };
  return { cls: t.anchorState, label: anchorWord(t.anchorState), title: t.reason ?? anchorWord(t.anchorState) };
}

/**
 * In order: where the thread stands in the review loop (pending, the agent's disposition), then
 * the agent's reading (unseen), the anchor, resolved. A pending thread is never unseen (the
 * agent cannot see it) and has no disposition (the agent has not seen it).
 */
export function rowBadges(t: Pick<ThreadView, 'pending' | 'disposition' | 'awaitingCheck' | 'unseen' | 'anchorState' | 'reason' | 'rejectedLeft' | 'workflowState' | 'addressedUnchanged' | 'removedIn' | 'pr'>): RowBadge[] {
  const badges: RowBadge[] = [];
  // Where it came from first: a pull request's thread is read differently from one the developer wrote here.
  if (t.pr) badges.push(pullRequestBadge(t.pr));
  if (t.pending) badges.push({ cls: 'pending', label: l10n.t('pending'), title: pendingTitle() });
  if (t.disposition) {
    const title = t.awaitingCheck ? l10n.t('{0}: awaiting your check', DISPOSITION_TITLES.addressed) : DISPOSITION_TITLES[t.disposition];
    badges.push({ cls: t.disposition, label: dispositionWord(t.disposition), title });
  }
  if (t.addressedUnchanged) badges.push({ cls: 'unchanged', label: l10n.t('code unchanged'), title: addressedUnchangedTitle() });
  if (t.removedIn) badges.push({ cls: 'removed', label: l10n.t('removed code'), title: l10n.t('About code that was removed since {0}', t.removedIn) });
  if (t.unseen) badges.push({ cls: 'unseen', label: l10n.t('unseen'), title: l10n.t('The agent has not read this yet') });
  if (t.anchorState !== 'anchored') badges.push(anchorBadge(t));
  if (t.workflowState === 'resolved') badges.push({ cls: 'resolved', label: l10n.t('resolved'), title: l10n.t('resolved') });
  return badges;
}

/** "PR #42 · @alice" (a bot: "PR #42 · @coderabbitai (bot)"); pushed: "on PR #42". */
export function pullRequestBadge(pr: NonNullable<ThreadView['pr']>): RowBadge {
  if (pr.via === 'pushed') return { cls: 'pr', label: l10n.t('on PR #{0}', pr.number), title: l10n.t('Posted to pull request #{0}', pr.number) };
  const who = pr.bot ? l10n.t('@{0} (bot)', pr.author) : `@${pr.author}`;
  return { cls: pr.bot ? 'pr-bot' : 'pr', label: l10n.t('PR #{0} · {1}', pr.number, who), title: l10n.t('From pull request #{0}, by {1}', pr.number, who) };
}

/** The row's leading icon: resolved, a draft of the pending review, written by the agent, or a comment. */
export function stateIcon(t: Pick<ThreadView, 'workflowState' | 'pending' | 'author'>): string {
  if (t.workflowState === 'resolved') return 'pass-filled';
  if (t.pending) return 'comment-draft';
  return t.author === 'agent' ? 'hubot' : 'comment';
}
