/**
 * The store module's errors speak VS Code's language (issue 36): shared/ keeps each sentence as
 * words (shared/words.ts), the CLI prints their English, and the extension says them through the
 * l10n bundle (extension/error-words.ts). Every error here is raised for real (a held lock, a
 * broken store file, a planted link, a failed write), not built by hand.
 *
 * With every bundle string marked, what the extension shows must come out marked, down to the
 * cause inside "cannot write {0}: {1}": a sentence that bypassed l10n.t would not. And in
 * English, what the extension shows must be what the CLI prints, word for word.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ConsiderError, describeFsError } from '../shared/errors';
import { acquireLock } from '../shared/store/lock';
import { readStore } from '../shared/store/store-io';
import { findThread } from '../shared/store/threads';
import { findRound } from '../shared/store/reviews';
import { assertConsiderDirInside, considerPaths } from '../shared/paths';
import { readDataFile } from '../shared/data-file';
import { emptyStore } from '../shared/model';
import { setL10nBundle } from '../shared/board/l10n';
import { english, l10n } from '../shared/words';
import { cliErrorText, errorText } from '../extension/error-words';
import { ensureBuilt, runCli } from './helpers/cli';

const bundle: Record<string, string> = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'l10n', 'bundle.l10n.json'), 'utf8'));
/** Each string wrapped in ⟦ ⟧, placeholders kept: what a translation looks like to a test. */
const marked = Object.fromEntries(Object.keys(bundle).map((k) => [k, `⟦${bundle[k]}⟧`]));
const isMarked = (s: string | undefined): boolean => s !== undefined && /^⟦.*⟧$/s.test(s);

const roots: string[] = [];
afterEach(() => setL10nBundle({}));
afterAll(() => { for (const r of roots) fs.rmSync(r, { recursive: true, force: true }); });
function workspace(): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'consider-errwords-')));
  roots.push(root);
  fs.mkdirSync(path.join(root, '.consider'));
  return root;
}

function caught(fn: () => unknown): ConsiderError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ConsiderError) return e;
    throw e;
  }
  throw new Error('expected a ConsiderError');
}
async function caughtAsync(fn: () => Promise<unknown>): Promise<ConsiderError> {
  try {
    await fn();
  } catch (e) {
    if (e instanceof ConsiderError) return e;
    throw e;
  }
  throw new Error('expected a ConsiderError');
}

/** Errors raised for real, as the extension meets them. */
async function realErrors(): Promise<Record<string, ConsiderError>> {
  const root = workspace();
  const paths = considerPaths(root);
  const out: Record<string, ConsiderError> = {};

  const held = await acquireLock(paths.lock);
  out['lock held by this process'] = await caughtAsync(() => acquireLock(paths.lock, 0));
  held.release();

  fs.writeFileSync(paths.store, '{ "version": 1, "comments": [');
  out['store not JSON'] = caught(() => readStore(root));
  fs.writeFileSync(paths.store, JSON.stringify({ ...emptyStore(), version: 99, comments: 'x' }));
  out['store from a newer version'] = caught(() => readStore(root));

  fs.rmSync(paths.store);
  fs.symlinkSync('/etc/hostname', paths.store);
  out['store is a link'] = caught(() => readStore(root));
  fs.rmSync(paths.store);

  const outside = workspace();
  const linked = workspace();
  fs.rmSync(path.join(linked, '.consider'), { recursive: true });
  fs.symlinkSync(path.join(outside, '.consider'), path.join(linked, '.consider'));
  out['.consider links outside'] = caught(() => assertConsiderDirInside(linked));

  fs.writeFileSync(path.join(root, 'big.json'), 'x'.repeat(2048));
  out['file too big'] = caught(() => readDataFile(path.join(root, 'big.json'), { maxBytes: 1024 }));

  out['no such thread'] = caught(() => findThread(emptyStore(), 'c_nope'));
  out['no round yet'] = caught(() => findRound(emptyStore(), 3));

  // A real failed write: a file where a folder must be (ENOTDIR), and a folder where a file must be (EISDIR).
  fs.writeFileSync(path.join(root, 'a-file'), '');
  try { fs.writeFileSync(path.join(root, 'a-file', 'x'), ''); } catch (e) { out['write under a file'] = describeFsError(e)!; }
  try { fs.readFileSync(path.join(root, '.consider')); } catch (e) { out['read a folder'] = describeFsError(e)!; }
  // Causes a test machine cannot produce (a full disk, a read-only file system) are Node errors like any other.
  for (const code of ['ENOSPC', 'EDQUOT', 'EACCES', 'EPERM', 'EROFS', 'EIO', 'EMFILE', 'ENFILE', 'ENAMETOOLONG', 'ELOOP', 'EBUSY', 'ETXTBSY', 'ENOENT', 'EEXIST', 'ESTALE']) {
    out[`${code} on open for writing`] = describeFsError(Object.assign(new Error(code), { code, syscall: 'open', path: paths.store }), { action: 'write' })!;
  }
  out['mkdir over a file'] = describeFsError(Object.assign(new Error('EEXIST'), { code: 'EEXIST', syscall: 'mkdir', path: paths.snapshots }))!;
  return out;
}

describe('the store module\'s errors, in VS Code', () => {
  it('every error the store raises for a person in VS Code is said through the bundle, its cause and hint included', async () => {
    const errors = await realErrors();
    setL10nBundle(marked);
    for (const [what, e] of Object.entries(errors)) {
      const said = errorText(e);
      if (what === 'store from a newer version') {
        // The validator's field path stays as it says it; the advice is translated.
        expect(said.message, what).toBe(e.message);
        expect(isMarked(said.hint), `${what}: ${said.hint}`).toBe(true);
        continue;
      }
      expect(isMarked(said.message), `${what}: ${said.message}`).toBe(true);
      if (e.hint !== undefined) expect(isMarked(said.hint), `${what}: ${said.hint}`).toBe(true);
    }
    // The cause inside the frame is translated too, not only the frame around it.
    expect(errorText(errors['ENOSPC on open for writing']!).message).toMatch(/^⟦cannot write .*: ⟦no space left on the device⟧ \(ENOSPC\)⟧$/);
    expect(errorText(errors['read a folder']!).message).toMatch(/^⟦cannot read .*: ⟦it is a folder, not a file⟧ \(EISDIR\)⟧$/);
  });

  it('in English the extension says exactly what the CLI prints', async () => {
    const errors = await realErrors();
    for (const [what, e] of Object.entries(errors)) {
      expect(errorText(e).message, what).toBe(e.message);
      expect(errorText(e).hint, what).toBe(e.hint);
    }
    // The CLI's sentences are the ones it always printed (scripts and agents read them).
    expect(errors['lock held by this process']!.message).toBe(`the store is locked by process ${process.pid}`);
    expect(errors['lock held by this process']!.hint).toBe('another write is in progress; retry in a moment');
    expect(errors['ENOSPC on open for writing']!.message).toMatch(/^cannot write \/.*\/\.consider\/store\.json: no space left on the device \(ENOSPC\)$/);
    expect(errors['mkdir over a file']!.message).toMatch(/: a file is in the way of this folder \(EEXIST\)$/);
    expect(errors['file too big']!.message).toMatch(/big\.json is 2 KiB, more than the 1 KiB Consider reads; Consider does not read it$/);
    expect(errors['no round yet']!.hint).toBe('no review has been submitted yet');
  });

  it('words are data: arguments are never read as templates, and a missing argument stays as written', () => {
    setL10nBundle({ 'no thread with id {0}': 'aucun fil {0}' });
    expect(errorText(new ConsiderError('not_found', l10n.t('no thread with id {0}', '{0}{1}'))).message).toBe('aucun fil {0}{1}');
    expect(english(l10n.t('{0} and {1}', 'a'))).toBe('a and {1}');
    // An error that is not Consider's is shown as it came.
    expect(errorText(new Error('boom')).message).toBe('boom');
    expect(errorText('plain').message).toBe('plain');
  });
});

describe('consider-cli\'s errors, in VS Code (Copy Review Digest runs `digest --lean`, the agent view)', () => {
  it('the real CLI\'s JSON error (--lean, --json) carries its words, and the extension says them through the bundle; without words, stderr\'s line', () => {
    ensureBuilt();
    const root = workspace();
    fs.writeFileSync(considerPaths(root).store, '{ "version": 1, "comments": [');
    // VS Code runs it with CONSIDER_ERROR_WORDS (bundled-cli.ts); an agent's --lean view goes without (every character is paid for)
    const r = runCli(root, ['digest', '--lean'], { env: { CONSIDER_ERROR_WORDS: '1' } });
    expect(JSON.parse(runCli(root, ['digest', '--json']).stdout).error).toEqual(JSON.parse(r.stdout).error);
    expect(JSON.parse(runCli(root, ['digest', '--lean']).stdout).error.words).toBeUndefined();
    expect(r.code).toBe(4);
    const printed = JSON.parse(r.stdout).error;
    expect(printed.words?.message?.text).toEqual(expect.any(String));
    // English: what the CLI prints on stderr, word for word
    expect(cliErrorText(r.stdout, r.stderr)?.message).toBe(printed.message);
    expect(r.stderr).toContain(printed.message);
    setL10nBundle(marked);
    const said = cliErrorText(r.stdout, r.stderr)!;
    expect(isMarked(said.message), said.message).toBe(true);
    if (printed.hint) expect(isMarked(said.hint), said.hint).toBe(true);
    // an older CLI (no words), or a failure before any JSON: the English line, without its prefix
    expect(cliErrorText(JSON.stringify({ error: { code: 'io', message: 'disk on fire', hint: null } }), '')).toEqual({ message: 'disk on fire' });
    expect(cliErrorText('', 'consider-cli: error: no store here (run setup)\nmore')).toEqual({ message: 'no store here (run setup)' });
    expect(cliErrorText('', '')).toBeUndefined();
  });
});
