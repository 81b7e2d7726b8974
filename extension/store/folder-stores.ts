/**
 * One store per workspace folder (multi-root): reads each folder's `.consider/store.json`,
 * re-reads it when it changes on disk, and tells listeners which folders changed. A store that
 * cannot be read keeps its last good contents on screen, with the error beside it; nothing is
 * ever written here.
 */
import * as vscode from 'vscode';
import { ConsiderError, STORE_VERSION, considerPaths, deepestRootOf, parseStoreText, readDataText } from '../../shared';
import { STORE_MAX_BYTES } from '../../shared/data-file';
import type { StoreFile } from '../../shared/model';
import type { FolderStoreState } from '../api';
import { watchStore } from './store-watcher';
import { Disposable, toDisposable } from '../util/dispose';
import { errorText } from '../error-words';

interface FolderEntry {
  root: string;
  name: string;
  store?: StoreFile;
  error?: { code: string; message: string; hint?: string };
  readOnlyReason?: string;
  /** The bytes last parsed, so a watcher event that changed nothing costs no re-render. */
  lastText?: string;
  watcher: vscode.Disposable;
}

export class FolderStores extends Disposable {
  private readonly entries = new Map<string, FolderEntry>();
  private readonly changeEmitter = this.register(new vscode.EventEmitter<readonly string[]>());
  /** Fires with the roots whose store (or error) changed. */
  readonly onDidChange = this.changeEmitter.event;
  private pending = new Set<string>();
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(private readonly log: vscode.LogOutputChannel) {
    super();
    // The folders' watchers come and go with the workspace: released here, whichever are left.
    this.register(toDisposable(() => {
      if (this.flushTimer) clearTimeout(this.flushTimer);
      for (const e of this.entries.values()) e.watcher.dispose();
      this.entries.clear();
    }));
  }

  /** Adds and removes folders to match the workspace; reads the new ones at once. */
  sync(folders: readonly vscode.WorkspaceFolder[]): void {
    const want = new Map(folders.filter((f) => f.uri.scheme === 'file').map((f) => [f.uri.fsPath, f.name]));
    const removed: string[] = [];
    for (const [root, e] of this.entries) {
      if (!want.has(root)) { e.watcher.dispose(); this.entries.delete(root); removed.push(root); }
    }
    const added: string[] = [];
    for (const [root, name] of want) {
      if (this.entries.has(root)) continue;
      const entry: FolderEntry = { root, name, watcher: watchStore(root, () => this.reload(root)) };
      this.entries.set(root, entry);
      this.read(entry);
      added.push(root);
    }
    if (added.length || removed.length) this.changeEmitter.fire([...added, ...removed]);
  }

  folders(): FolderStoreState[] {
    return [...this.entries.values()].map(({ root, name, store, error, readOnlyReason }) => ({ root, name, store, error, readOnlyReason }));
  }

  get(root: string): FolderStoreState | undefined {
    const e = this.entries.get(root);
    return e && { root: e.root, name: e.name, store: e.store, error: e.error, readOnlyReason: e.readOnlyReason };
  }

  roots(): string[] {
    return [...this.entries.keys()];
  }

  /** The workspace folder containing an absolute path (the deepest, for nested folders). */
  rootOf(fsPath: string): string | undefined {
    return deepestRootOf(this.entries.keys(), fsPath);
  }

  /** Re-reads one folder's store now; listeners hear about it only if something changed. */
  reload(root: string): void {
    const e = this.entries.get(root);
    if (!e) return;
    if (this.read(e)) this.queueChange(root);
  }

  /** Re-reads and reports even when the bytes are the same (Retry after an error). */
  forceReload(root: string): void {
    const e = this.entries.get(root);
    if (!e) return;
    e.lastText = undefined;
    this.read(e);
    this.changeEmitter.fire([root]);
  }

  /** Returns whether what listeners see changed. */
  private read(e: FolderEntry): boolean {
    const file = considerPaths(e.root).store;
    let text: string | undefined;
    try {
      // Read as the store module reads it (shared/data-file.ts): a clone may commit a store.json
      // that is a link, a FIFO or huge, and a plain read of it would hang or flood this host.
      text = readDataText(file, { maxBytes: STORE_MAX_BYTES, what: '.consider/store.json' });
    } catch (err) {
      const ce = err instanceof ConsiderError ? err : undefined;
      return this.setError(e, ce ? { code: ce.code, ...errorText(ce) } : { code: 'io', message: vscode.l10n.t('cannot read {0}: {1}', file, (err as Error).message) }, (err as Error).message);
    }
    if (text === undefined) {
      const had = e.store !== undefined || e.error !== undefined;
      e.store = undefined; e.error = undefined; e.readOnlyReason = undefined; e.lastText = undefined;
      return had;
    }
    if (text === e.lastText && !e.error) return false;
    try {
      const store = parseStoreText(text, `${e.name}/.consider/store.json`);
      e.store = store;
      e.error = undefined;
      e.lastText = text;
      e.readOnlyReason = store.version > STORE_VERSION
        ? vscode.l10n.t('{0}/.consider/store.json is format version {1}, newer than this Consider understands ({2}): shown read-only', e.name, store.version, STORE_VERSION)
        : undefined;
      return true;
    } catch (err) {
      // A torn read cannot happen (writes are atomic renames), so this is a real problem with the file.
      const ce = err instanceof ConsiderError ? err : new ConsiderError('unreadable', String((err as Error).message));
      return this.setError(e, { code: ce.code, ...errorText(ce) }, ce.message);
    }
  }

  /** `english`: the message for the log (read by whoever fixes a bug), where `error` is said in VS Code's language. */
  private setError(e: FolderEntry, error: { code: string; message: string; hint?: string }, english = error.message): boolean {
    const same = e.error?.message === error.message;
    e.error = error;
    e.lastText = undefined;
    if (!same) this.log.warn(`store of ${e.name}: ${english}`);
    return !same;
  }

  /** Coalesces change events of several folders written together into one. */
  private queueChange(root: string): void {
    this.pending.add(root);
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      const roots = [...this.pending];
      this.pending.clear();
      this.changeEmitter.fire(roots);
    }, 0);
  }

}
