/** The optional `.consider/` line in the workspace's root .gitignore (spec §8.2 step 5). */
import fs from 'node:fs';
import path from 'node:path';
import { readIfExists, writeFileAtomic } from './fsutil';

export const GITIGNORE_ENTRY = '.consider/';
/** Lines that already ignore the folder; any of them means "present", none is added twice. */
const EQUIVALENT = new Set(['.consider', '.consider/', '/.consider', '/.consider/', '.consider/*', '/.consider/*']);

export function gitignorePath(root: string): string {
  return path.join(root, '.gitignore');
}

export function gitignoreHasEntry(root: string): boolean {
  const text = readIfExists(gitignorePath(root))?.toString('utf8');
  return !!text && text.split(/\r?\n/).some((l) => EQUIVALENT.has(l.trim()));
}

/** Appends (or creates the file with) the entry; never duplicates it. */
export function addGitignoreEntry(root: string): 'created' | 'updated' | 'unchanged' {
  const file = gitignorePath(root);
  const before = readIfExists(file)?.toString('utf8');
  if (before === undefined) {
    writeFileAtomic(file, GITIGNORE_ENTRY + '\n');
    return 'created';
  }
  if (gitignoreHasEntry(root)) return 'unchanged';
  const eol = before.includes('\r\n') ? '\r\n' : '\n';
  const sep = before.length === 0 || before.endsWith('\n') ? '' : eol;
  fs.appendFileSync(file, sep + GITIGNORE_ENTRY + eol);
  return 'updated';
}

/** Removes exactly the line setup adds (other spellings are the user's own). */
export function removeGitignoreEntry(root: string): 'updated' | 'unchanged' {
  const file = gitignorePath(root);
  const before = readIfExists(file)?.toString('utf8');
  if (before === undefined) return 'unchanged';
  const lines = before.split(/(?<=\n)/);
  const kept = lines.filter((l) => l.replace(/\r?\n$/, '').trim() !== GITIGNORE_ENTRY);
  if (kept.length === lines.length) return 'unchanged';
  writeFileAtomic(file, kept.join(''));
  return 'updated';
}
