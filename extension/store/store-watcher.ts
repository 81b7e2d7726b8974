/**
 * Notices every write to a folder's `.consider/store.json` — the CLI's (the agent's) and ours.
 * Two sources, because each misses cases: fs.watch on the `.consider` folder reports the
 * atomic rename at once (the agent's reply must show within ~300 ms), and VS Code's
 * FileSystemWatcher covers the folder being created or removed and remote file systems.
 * Events are coalesced (a write is a temp file + rename + backup + activity append).
 */
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { considerPaths } from '../../shared/paths';

export const STORE_DEBOUNCE_MS = 50;

export function watchStore(root: string, onChange: () => void): vscode.Disposable {
  const { dir, store } = considerPaths(root);
  const dirName = path.basename(dir);
  const storeName = path.basename(store);
  let timer: NodeJS.Timeout | undefined;
  let more = false;
  let disposed = false;
  // Leading edge: the rename that completes a write is the event we need, so read at once;
  // events arriving in the next 50 ms (backup, activity log, a second writer) are coalesced
  // into one trailing read. Reading an unchanged store costs a string comparison.
  const changed = (): void => {
    if (disposed) return;
    if (timer) { more = true; return; }
    onChange();
    const trail = (): void => {
      if (disposed) return;
      if (!more) { timer = undefined; return; }
      more = false;
      onChange();
      timer = setTimeout(trail, STORE_DEBOUNCE_MS);
    };
    timer = setTimeout(trail, STORE_DEBOUNCE_MS);
  };

  // fs.watch on `.consider/` when it exists, else on the folder itself until `.consider/` appears.
  let nodeWatcher: fs.FSWatcher | undefined;
  let watching: 'dir' | 'root' | undefined;
  const rewatch = (): void => {
    if (disposed) return;
    const want = fs.existsSync(dir) ? 'dir' : 'root';
    if (want === watching && nodeWatcher) return;
    nodeWatcher?.close();
    nodeWatcher = undefined;
    watching = undefined;
    try {
      nodeWatcher = fs.watch(want === 'dir' ? dir : root, { persistent: false }, (_event, name) => {
        if (want === 'root') {
          if (name === dirName) { rewatch(); changed(); }
          return;
        }
        // Only the store itself (the rename onto it); temp files and the backup come and go around it.
        if (!name || name === storeName) changed();
      });
      nodeWatcher.on('error', () => { nodeWatcher?.close(); nodeWatcher = undefined; watching = undefined; setTimeout(rewatch, 200); });
      watching = want;
    } catch {
      /* the folder vanished or cannot be watched: VS Code's watcher below still reports */
    }
  };
  rewatch();

  const fsw = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(root), `{${dirName},${dirName}/${storeName}}`));
  const onVsEvent = (): void => { rewatch(); changed(); };
  const subs = [fsw, fsw.onDidChange(onVsEvent), fsw.onDidCreate(onVsEvent), fsw.onDidDelete(onVsEvent)];

  return {
    dispose() {
      disposed = true;
      if (timer) clearTimeout(timer);
      nodeWatcher?.close();
      for (const s of subs) s.dispose();
    },
  };
}
