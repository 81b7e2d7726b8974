/**
 * Submit Review's session question (docs/worktrees.md "Rounds go to the agent that wrote the
 * code"): asked by the command and by the board's Submit alike, so both address a round the same way.
 */
import * as vscode from 'vscode';
import { sessionChoices } from '../../shared/changes';
import type { StoreFile } from '../../shared/model';
import { countOf } from '../../shared/board/l10n';
import { sessionLabel } from '../../shared/board/session-label';
import { changesMaxFileBytes } from '../changes/settings';

/** The pick for "any session": the round goes to whichever session stops or waits first. */
const ANY_SESSION = '';

/**
 * Which agent session the round is for, when two or more acted in `root` recently
 * (shared/changes/turn-lanes.ts sessionChoices): the default (first and active) is the one whose
 * turns changed the most files since the last round, ties to the most recent; each says how many
 * files it changed. One session or none: no question, any session (undefined). Escape: null (nothing sent).
 */
export async function askSession(root: string, store: StoreFile | undefined): Promise<string | undefined | null> {
  const sessions = sessionChoices(root, store, Date.now(), { maxFileBytes: changesMaxFileBytes() });
  if (sessions.length < 2) return undefined;
  const items: (vscode.QuickPickItem & { session: string })[] = sessions.map((t) => {
    const when = t.state === 'running' ? vscode.l10n.t('working now') : vscode.l10n.t('last acted {0}', new Date(t.at).toLocaleTimeString());
    const files = t.files
      ? countOf(t.files, vscode.l10n.t('changed {0} file since the last round'), vscode.l10n.t('changed {0} files since the last round'))
      : vscode.l10n.t('changed no files since the last round');
    return { label: sessionLabel(t.session), description: `${files} · ${when}`, session: t.session };
  });
  items.push({ label: vscode.l10n.t('Any session'), description: vscode.l10n.t('whichever agent session stops or waits first'), session: ANY_SESSION });
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Consider: Submit Review — which agent session is it for?'),
    placeHolder: vscode.l10n.t('{0} agent sessions worked here recently; only the one you pick is shown the round', sessions.length),
    ignoreFocusOut: true,
  });
  if (!picked) return null;
  return picked.session === ANY_SESSION ? undefined : picked.session;
}
