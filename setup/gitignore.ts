/**
 * The optional `.consider/` line in the workspace's root .gitignore (spec §8.2 step 5).
 *
 * Setup remembers exactly what it added (config.json `gitignoreSetup`: the line, and whether it
 * also added the newline in front of it or created the file), and uninstall takes away only
 * that: a `.consider/` line the user wrote is theirs, and the rest of the file keeps its bytes.
 * A .gitignore that is a symbolic link is edited where it points when that is inside the
 * workspace (the link stays a link), and refused when it leads out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isWithin } from '../shared/paths';
import { readIfExists, writeFileAtomic } from './fsutil';

export const GITIGNORE_ENTRY = '.consider/';
/** Lines that already ignore the folder; any of them means "present", none is added twice. */
const EQUIVALENT = new Set(['.consider', '.consider/', '/.consider', '/.consider/', '.consider/*', '/.consider/*']);

/** What setup did to .gitignore (config.json `gitignoreSetup`), so uninstall undoes exactly that. */
export interface GitignoreSetup {
  /** Setup created the file (it held only the line). */
  createdFile?: boolean;
  /** Setup appended the line (with its line ending). */
  addedLine?: boolean;
  /** The file did not end with a newline: setup put one before the line. */
  addedSeparator?: boolean;
}

export function gitignorePath(root: string): string {
  return path.join(root, '.gitignore');
}

/**
 * The file to read and write for the root .gitignore: itself, or where its symbolic link points
 * when that is inside the workspace; `refused` says why not.
 */
function target(root: string): { file: string } | { refused: string } {
  const file = gitignorePath(root);
  let link: fs.Stats;
  try {
    link = fs.lstatSync(file);
  } catch {
    return { file }; // not there yet
  }
  if (!link.isSymbolicLink()) return link.isFile() ? { file } : { refused: '.gitignore is not a file; left as is' };
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch {
    return { refused: '.gitignore is a symbolic link to nothing; left as is' };
  }
  const realRoot = fs.realpathSync(root);
  if (!isWithin(realRoot, real) || real === realRoot) return { refused: '.gitignore is a symbolic link leading outside the workspace; left as is' };
  if (!fs.statSync(real).isFile()) return { refused: '.gitignore is a symbolic link to something that is not a file; left as is' };
  return { file: real };
}

export function gitignoreHasEntry(root: string): boolean {
  const t = target(root);
  const text = 'file' in t ? readIfExists(t.file)?.toString('utf8') : undefined;
  return !!text && text.split(/\r?\n/).some((l) => EQUIVALENT.has(l.trim()));
}

export type GitignoreChange =
  | { kind: 'created' | 'updated'; done: GitignoreSetup }
  | { kind: 'unchanged' }
  | { kind: 'refused'; detail: string };

/** What config.json says setup did to .gitignore; older setups recorded only that they created it. */
export function gitignoreSetupOf(config: Record<string, unknown>): GitignoreSetup | undefined {
  const g = config.gitignoreSetup;
  if (g && typeof g === 'object' && !Array.isArray(g)) return g as GitignoreSetup;
  return config.gitignoreCreatedBySetup === true ? { createdFile: true, addedLine: true } : undefined;
}

/** Appends (or creates the file with) the entry; never duplicates it. Says what it did, for uninstall. */
export function addGitignoreEntry(root: string): GitignoreChange {
  const t = target(root);
  if ('refused' in t) return { kind: 'refused', detail: t.refused };
  const before = readIfExists(t.file)?.toString('utf8');
  if (before === undefined) {
    writeFileAtomic(t.file, GITIGNORE_ENTRY + '\n');
    return { kind: 'created', done: { createdFile: true, addedLine: true } };
  }
  if (gitignoreHasEntry(root)) return { kind: 'unchanged' };
  const eol = before.includes('\r\n') ? '\r\n' : '\n';
  const separator = before.length > 0 && !before.endsWith('\n');
  fs.appendFileSync(t.file, (separator ? eol : '') + GITIGNORE_ENTRY + eol);
  return { kind: 'updated', done: { addedLine: true, ...(separator ? { addedSeparator: true } : {}) } };
}

/**
 * Takes out what setup added, as it added it: the last `.consider/` line (setup appends) with its
 * line ending, and the newline it put before it. Nothing when setup added nothing (`done`
 * absent: the line was the user's, or an older setup did not record it).
 */
export function removeGitignoreEntry(root: string, done: GitignoreSetup | undefined): { kind: 'updated' | 'unchanged' | 'removed'; detail: string } | { kind: 'refused'; detail: string } {
  const t = target(root);
  if ('refused' in t) return { kind: 'refused', detail: t.refused };
  const before = readIfExists(t.file)?.toString('utf8');
  if (before === undefined) return { kind: 'unchanged', detail: 'no .gitignore' };
  if (!done?.addedLine) return { kind: 'unchanged', detail: 'setup did not add a .consider/ line here; any there is yours, kept' };
  const lines = before.split(/(?<=\n)/);
  let at = -1;
  for (let i = lines.length - 1; i >= 0 && at < 0; i--) if (lines[i]!.replace(/\r?\n$/, '').trim() === GITIGNORE_ENTRY) at = i;
  if (at < 0) return { kind: 'unchanged', detail: 'the .consider/ line setup added is gone already' };
  lines.splice(at, 1);
  let after = lines.join('');
  if (done.addedSeparator && at === lines.length && after.endsWith('\n')) after = after.replace(/\r?\n$/, '');
  if (done.createdFile && after.trim() === '') {
    fs.rmSync(t.file);
    return { kind: 'removed', detail: 'setup had created it for .consider/ only' };
  }
  writeFileAtomic(t.file, after);
  return { kind: 'updated', detail: 'removed the .consider/ line setup added' };
}
