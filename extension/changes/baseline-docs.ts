/**
 * The baseline side of a diff: read-only documents under the `consider-base:` scheme, served
 * from a capture's pack or from git (`git show <sha>:<path>`). A URI names the workspace file
 * (its path, so the language and the file icon are the file's) and, in its query, the folder,
 * the baseline and — for a git baseline — the commit it resolved to, so a diff keeps showing
 * the same text after HEAD moves. Each document served remembers the content hash of its text:
 * a thread about removed code is shown on a baseline document showing the text it was written on.
 */
import * as vscode from 'vscode';
import { baselineTextAsync, parseBaselineKey, type BaselineRef } from '../../shared/changes';
import { GitAborted } from '../../shared/workspace/git';
import { contentHash } from '../../shared/anchoring/content-hash';
import { absoluteOf } from '../../shared/paths';
import type { Comment } from '../../shared/model';
import { Disposable } from '../util/dispose';

export const BASELINE_SCHEME = 'consider-base';

export interface BaselineDocRef {
  root: string;
  /** Workspace-relative path of the file in the baseline. */
  rel: string;
  /** baselineKey(ref); empty for the blank side of an added or deleted file. */
  key: string;
  /** The commit a git baseline resolved to. */
  sha?: string;
  /** A snapshot of the snapshot store (a thread's stored code), instead of a baseline. */
  snapshot?: string;
}

export function baselineUri(d: BaselineDocRef): vscode.Uri {
  const query = JSON.stringify({ root: d.root, rel: d.rel, key: d.key, ...(d.sha ? { sha: d.sha } : {}), ...(d.snapshot ? { snapshot: d.snapshot } : {}) });
  return vscode.Uri.file(absoluteOf(d.root, d.rel)).with({ scheme: BASELINE_SCHEME, query });
}

/** The blank side of a diff (an added file's before, a deleted file's after). */
export function emptyUri(root: string, rel: string): vscode.Uri {
  return baselineUri({ root, rel, key: '' });
}

export function parseBaselineUri(uri: vscode.Uri): BaselineDocRef | undefined {
  if (uri.scheme !== BASELINE_SCHEME) return undefined;
  try {
    const q = JSON.parse(uri.query) as Partial<BaselineDocRef>;
    if (typeof q.root !== 'string' || typeof q.rel !== 'string' || typeof q.key !== 'string') return undefined;
    return { root: q.root, rel: q.rel, key: q.key, ...(typeof q.sha === 'string' ? { sha: q.sha } : {}), ...(typeof q.snapshot === 'string' ? { snapshot: q.snapshot } : {}) };
  } catch {
    return undefined;
  }
}

/** Where a snapshot's text comes from (the snapshot store), injected so this module stays small. */
export type SnapshotReader = (root: string, id: string) => string | undefined;

export class BaselineDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  /** Content hash of each document served, by URI. */
  private readonly hashes = new Map<string, string>();

  private readonly changeEmitter = this.register(new vscode.EventEmitter<void>());
  /** Fires when a baseline document opens or closes (threads about removed code follow them). */
  readonly onDidChangeOpenDocuments = this.changeEmitter.event;

  constructor(private readonly readSnapshot: SnapshotReader) {
    super();
    this.register(vscode.workspace.registerTextDocumentContentProvider(BASELINE_SCHEME, this));
    this.register(vscode.workspace.onDidOpenTextDocument((d) => { if (d.uri.scheme === BASELINE_SCHEME) this.changeEmitter.fire(); }));
    this.register(vscode.workspace.onDidCloseTextDocument((d) => {
      if (d.uri.scheme !== BASELINE_SCHEME) return;
      this.hashes.delete(d.uri.toString());
      this.changeEmitter.fire();
    }));
  }

  /** An open baseline document of the thread's file showing exactly the text a thread about removed code was written on. */
  uriShowing(root: string, c: Comment): vscode.Uri | undefined {
    for (const doc of vscode.workspace.textDocuments) {
      if (doc.uri.scheme !== BASELINE_SCHEME) continue;
      const d = parseBaselineUri(doc.uri);
      if (d && d.root === root && d.rel === c.file && d.key && !d.snapshot && this.hashes.get(doc.uri.toString()) === c.anchor.snapshot) return doc.uri;
    }
    return undefined;
  }

  /** A git baseline's text comes through the async git queue: Open All Changes asks for hundreds at once. */
  async provideTextDocumentContent(uri: vscode.Uri, token?: vscode.CancellationToken): Promise<string> {
    const d = parseBaselineUri(uri);
    let text = '';
    if (d?.snapshot) text = this.readSnapshot(d.root, d.snapshot) ?? '';
    else if (d && d.key) {
      const ref: BaselineRef | undefined = parseBaselineKey(d.key);
      const abort = new AbortController();
      const cancelled = token?.onCancellationRequested(() => abort.abort());
      try {
        text = (ref && await baselineTextAsync(d.root, ref, d.rel, d.sha, abort.signal)) ?? '';
      } catch (e) {
        if (!(e instanceof GitAborted)) throw e;
        return ''; // the editor no longer wants it
      } finally {
        cancelled?.dispose();
      }
    }
    this.hashes.set(uri.toString(), contentHash(text));
    return text;
  }

  /** The content hash of a baseline document's text, once it was served. */
  hashOf(uri: vscode.Uri): string | undefined {
    return this.hashes.get(uri.toString());
  }
}
