/**
 * The texts the hunks are computed on, read without holding the extension host's thread: a
 * changed file with unsaved edits as its editor shows it (the diff shows them too), else as it is
 * on disk; and its baseline copy — a capture's from its pack (one small read), a git
 * baseline's through `git show` on the async git queue (shared/workspace/git.ts), which the host does not wait on.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { baselineText, type BaselineRef, type FileChange } from '../../shared/changes';
import { absoluteOf } from '../../shared/paths';
import { runGitAsync } from '../../shared/workspace/git';
import { utf8Text } from '../../shared/utf8';
import type { HunkSource } from './hunk-index';

/** A file's bytes at a commit, as `git show <sha>:./<rel>` gives them (on the async git queue); undefined when it is not there. */
export async function gitFileAtAsync(root: string, sha: string, rel: string): Promise<Buffer | undefined> {
  const r = await runGitAsync(root, ['show', `${sha}:./${rel}`]);
  return r.ok ? r.stdout : undefined;
}

/**
 * Today's text of a file: an editor's with unsaved edits, else the disk's; undefined when it
 * cannot be read. A document without unsaved edits is only a copy of the disk, and one the agent
 * just wrote lags behind it until VS Code's file watcher reloads it (later under load): its text
 * gave the changes of a file as it was a moment before, and a change the reviewer had just been
 * shown was "no longer in the file" when rejected (a CI run).
 */
export async function currentTextOf(root: string, rel: string): Promise<string | undefined> {
  const abs = absoluteOf(root, rel);
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === path.normalize(abs));
  if (doc?.isDirty) return doc.getText();
  try {
    return utf8Text(await fs.promises.readFile(abs));
  } catch {
    return undefined;
  }
}

/** The baseline's text of a workspace file (`rel`: its path in the baseline). */
export async function baselineTextOf(root: string, ref: BaselineRef, rel: string, sha: string | undefined): Promise<string | undefined> {
  if (ref.kind === 'capture') return baselineText(root, ref, rel);
  if (!sha) return undefined;
  const bytes = await gitFileAtAsync(root, sha, rel);
  return bytes === undefined ? undefined : utf8Text(bytes);
}

export function hunkSource(root: string, ref: BaselineRef, sha: string | undefined): HunkSource {
  return {
    baselineText: (c: FileChange) => baselineTextOf(root, ref, c.oldPath ?? c.path, sha),
    currentText: (c: FileChange) => currentTextOf(root, c.path),
  };
}
