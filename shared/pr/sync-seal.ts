/**
 * Whose sync opt-in it is (docs/pull-requests.md, docs/trust-model.md). `sync: true` in the store
 * is not enough to post with the developer's account: a repository can commit its `.consider/`
 * folder, and a store that says "sync on" would then speak on GitHub as the developer. So
 * `pr sync on` seals the record with a key only this user has (`~/.local/share/consider/
 * pr-sync.key`, made on first use, 0600), over the folder's real path, the pull request and the
 * time sync began; a pull sends only when the seal holds. A copied store, a planted one, or the
 * same folder on another machine reads as "sync not turned on here".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readDataText } from '../data-file';
import { hmacSha256Hex, randomHexToken } from '../lazy-crypto';
import type { PullRequestRecord } from '../model';
import { realPathOf } from '../paths';
import { prSyncKeyPath } from '../user-data';

const KEY = /^[0-9a-f]{64}$/;

/** The user's key, or undefined when there is none (or it is not one: a link, a wrong size, other text). */
function readKey(home: string): string | undefined {
  try {
    const text = readDataText(prSyncKeyPath(home), { maxBytes: 1024, what: 'the pull request sync key' })?.trim();
    return text && KEY.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

/** The user's key, made when there is none yet. Throws the fs error when it cannot be written. */
function ensureKey(home: string): string {
  const existing = readKey(home);
  if (existing) return existing;
  const file = prSyncKeyPath(home);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const key = randomHexToken(32);
  // A key that is there but is not one (damaged) is replaced: every seal made with it is gone anyway.
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, key + '\n', { mode: 0o600, flag: 'wx' });
  return key;
}

function sealText(root: string, rec: Pick<PullRequestRecord, 'host' | 'repo' | 'number'>, since: string): string {
  return ['consider-pr-sync', realPathOf(root), rec.host, rec.repo, String(rec.number), since].join('\0');
}

/** The seal for turning sync on in `root` for this pull request at `since` (makes the user's key on first use). */
export function syncSeal(root: string, rec: Pick<PullRequestRecord, 'host' | 'repo' | 'number'>, since: string, home = os.homedir()): string {
  return hmacSha256Hex(ensureKey(home), sealText(root, rec, since));
}

/** Whether sync is on for this record and was turned on by this user, in this folder. */
export function syncConfirmed(root: string, rec: PullRequestRecord, home = os.homedir()): boolean {
  if (rec.sync !== true || typeof rec.syncSince !== 'string' || typeof rec.syncSeal !== 'string') return false;
  const key = readKey(home);
  return key !== undefined && hmacSha256Hex(key, sealText(root, rec, rec.syncSince)) === rec.syncSeal;
}
