/**
 * The extension's one watcher on the workspace's files (`**` / `*`): the editor's re-anchoring
 * and the Changes view both hear of a file created, changed or deleted on disk from here. One
 * watcher, not one each: VS Code's file watcher reports every event to every watcher that
 * matches, so each extra `**` / `*` watcher doubles the host's work per event.
 */
import * as vscode from 'vscode';
import { Disposable } from './dispose';

export type FileEventKind = 'created' | 'changed' | 'deleted';

export interface FileEvent {
  uri: vscode.Uri;
  kind: FileEventKind;
}

export class WorkspaceFileEvents extends Disposable {
  private readonly emitter = this.register(new vscode.EventEmitter<FileEvent>());
  /** A file (or folder) under a workspace folder was created, changed or deleted on disk. */
  readonly onDidChangeFile = this.emitter.event;

  constructor() {
    super();
    const watcher = this.register(vscode.workspace.createFileSystemWatcher('**/*'));
    this.register(watcher.onDidCreate((uri) => this.emitter.fire({ uri, kind: 'created' })));
    this.register(watcher.onDidChange((uri) => this.emitter.fire({ uri, kind: 'changed' })));
    this.register(watcher.onDidDelete((uri) => this.emitter.fire({ uri, kind: 'deleted' })));
  }
}
