/**
 * An unreadable store (corrupt, written by a newer version, I/O failure) gets one clear
 * notification per problem with the safe ways out: Retry, Open File, Restore Last Good Copy
 * (store.json.bak). Nothing is overwritten behind the user's back; restoring keeps the
 * unreadable file beside it as store.json.unreadable-<time>, so even that step loses nothing,
 * and does nothing when the store became readable again meanwhile (restoreLastGoodCopy).
 */
import * as vscode from 'vscode';
import { considerPaths, parseStoreText, readDataText, restoreLastGoodCopy } from '../../shared';
import { STORE_MAX_BYTES } from '../../shared/data-file';
import type { FolderStores } from './folder-stores';
import * as notify from '../notify';
import { Disposable } from '../util/dispose';

export class StoreRecovery extends Disposable {
  /** The error message last shown per folder, so a watcher event does not repeat the notification. */
  private readonly announced = new Map<string, string>();

  constructor(private readonly stores: FolderStores) {
    super();
    this.register(stores.onDidChange((roots) => this.check(roots)));
    this.check(stores.roots());
  }

  private check(roots: readonly string[]): void {
    for (const root of roots) {
      const state = this.stores.get(root);
      const problem = state?.error?.message;
      if (!problem) { this.announced.delete(root); continue; }
      if (this.announced.get(root) === problem) continue;
      this.announced.set(root, problem);
      void this.offer(root, state!.name, state!.error!);
    }
  }

  private async offer(root: string, name: string, err: { code: string; message: string; hint?: string }): Promise<void> {
    const paths = considerPaths(root);
    const hasBackup = backupUsable(paths.backup);
    const [retry, openFile, restore] = [vscode.l10n.t('Retry'), vscode.l10n.t('Open File'), vscode.l10n.t('Restore Last Good Copy')];
    const actions = [retry, openFile, ...(hasBackup ? [restore] : [])];
    const choice = await notify.error(vscode.l10n.t('Consider cannot read the comment store of {0}: {1}. Your comments are kept as they are on disk; nothing was overwritten.', name, err.message), ...actions);
    if (choice === retry) {
      this.announced.delete(root);
      this.stores.forceReload(root);
    } else if (choice === openFile) {
      this.announced.delete(root);
      await vscode.window.showTextDocument(vscode.Uri.file(paths.store));
    } else if (choice === restore) {
      this.announced.delete(root);
      await this.restore(root);
    }
  }

  /** Puts store.json.bak back, keeping the unreadable file beside it; nothing when the store is readable again. */
  async restore(root: string): Promise<void> {
    try {
      const { restored } = await restoreLastGoodCopy(root);
      void notify.info(restored
        ? vscode.l10n.t('Consider: restored the last good copy of the comment store (the unreadable file was kept beside it).')
        : vscode.l10n.t('Consider: the comment store is readable again; nothing was restored.'));
    } catch (e) {
      notify.reportFailure(vscode.l10n.t('restore the last good copy'), e, () => this.restore(root));
    }
    this.stores.forceReload(root);
  }

}

function backupUsable(file: string): boolean {
  try {
    // As the store module reads it (shared/data-file.ts): a committed .bak may be a link or a FIFO.
    const text = readDataText(file, { maxBytes: STORE_MAX_BYTES, what: '.consider/store.json.bak' });
    if (text === undefined) return false;
    parseStoreText(text);
    return true;
  } catch {
    return false;
  }
}
