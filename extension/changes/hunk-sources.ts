/**
 * The texts the hunks are computed on, read without holding the extension host's thread: a
 * changed file as an open editor shows it (unsaved edits included: the diff shows them too), else
 * as it is on disk; and its baseline copy — a capture's from its pack (one small read), a git
 * baseline's through `git show` in a child process the host does not wait on.
 * (After the `foundation` branch, the git side is its async git queue: shared/workspace/.)
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { baselineText, type BaselineRef, type FileChange } from '../../shared/changes';
import { absoluteOf } from '../../shared/paths';
import { utf8Text } from '../../shared/utf8';
import type { HunkSource } from './hunk-index';

const GIT_TIMEOUT_MS = 15_000;

/** A file's bytes at a commit, as `git show <sha>:./<rel>` gives them; undefined when it is not there. */
export function gitFileAtAsync(root: string, sha: string, rel: string): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    execFile('git', ['-C', root, 'show', `${sha}:./${rel}`], {
      encoding: 'buffer', maxBuffer: 256 * 1024 * 1024, timeout: GIT_TIMEOUT_MS, windowsHide: true,
      env: { ...process.env, GIT_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', GIT_OPTIONAL_LOCKS: '0' },
    }, (error, stdout) => resolve(error ? undefined : stdout));
  });
}

/** Today's text of a file: the open editor's, else the disk's; undefined when it cannot be read. */
export async function currentTextOf(root: string, rel: string): Promise<string | undefined> {
  const abs = absoluteOf(root, rel);
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === path.normalize(abs));
  if (doc) return doc.getText();
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
