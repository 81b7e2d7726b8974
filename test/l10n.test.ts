/**
 * Localisation, statically (README, "Translating Consider"): no user-visible literal is left in
 * package.json (each is a %key% of package.nls.json), and l10n/bundle.l10n.json holds exactly the
 * strings the code passes to l10n.t, as @vscode/l10n-dev extracts them. The pseudo-locale runs
 * (e2e/webview/l10n.spec.ts) show the strings that bypass l10n.t.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { extractBundle, manifestProblems, writePseudo } from '../scripts/l10n.mjs';

const repo = path.resolve(__dirname, '..');
/** One string from each place l10n.t is called: the extension host, the webview, shared/board. */
const HOST_WEBVIEW_SHARED = ['Submit Review', 'the agent', 'Board', 'Loading review threads…', 'Select a thread to read it and reply.'];

/** A copy of the files the checks read, to break on purpose. */
function copyRepo(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-l10n-'));
  for (const f of ['package.json', 'package.nls.json']) fs.copyFileSync(path.join(repo, f), path.join(dir, f));
  return dir;
}

describe('the manifest', () => {
  it('has no user-visible literal left, and every %key% it names is in package.nls.json', () => {
    expect(manifestProblems(repo)).toEqual([]);
  });

  it('reports a new command title written as a literal, a key package.nls.json lacks, and a key nothing uses', () => {
    const dir = copyRepo();
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
      pkg.contributes.commands.push({ command: 'consider.new', title: 'Brand New', category: '%category%' });
      pkg.contributes.views.consider[0].name = '%view.missing%';
      pkg.contributes.configuration.properties['consider.planGate.enabled'].markdownDescription = 'Literal setting text';
      fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg));
      const problems: string[] = manifestProblems(dir);
      expect(problems).toContain('package.json: consider.new.title is a literal ("Brand New"); run node scripts/l10n.mjs manifest');
      expect(problems).toContain('package.json: consider.planGate.enabled.markdownDescription is a literal ("Literal setting text"); run node scripts/l10n.mjs manifest');
      expect(problems).toContain('package.json: %view.missing% is not in package.nls.json');
      expect(problems).toContain('package.nls.json: view.consider.changes.name is used by nothing in package.json');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the string bundle', () => {
  // Parsing every source file takes 15 s on an idle 2-core machine, over a minute on a loaded one: once.
  let extracted: Record<string, string>;
  beforeAll(async () => { extracted = await extractBundle(repo); }, 240_000);

  it('is what the code asks for (node scripts/l10n.mjs export)', () => {
    expect(JSON.parse(fs.readFileSync(path.join(repo, 'l10n/bundle.l10n.json'), 'utf8')), 'run node scripts/l10n.mjs export').toEqual(extracted);
  });

  it('holds the extension host\'s, the board\'s and the shared board modules\' strings', () => {
    for (const key of HOST_WEBVIEW_SHARED) expect(extracted[key], key).toBe(key);
  });

  it('pseudo-localises every string, placeholders kept', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-pseudo-'));
    try {
      const { nls, bundle } = await writePseudo(dir, repo);
      const english: Record<string, string> = { ...JSON.parse(fs.readFileSync(path.join(repo, 'package.nls.json'), 'utf8')), ...JSON.parse(fs.readFileSync(path.join(repo, 'l10n/bundle.l10n.json'), 'utf8')) };
      for (const [key, text] of Object.entries({ ...nls, ...bundle } as Record<string, string>)) {
        expect(text, key).not.toBe(english[key]);
        expect(text.match(/\{\d+\}/g) ?? [], key).toEqual(english[key]!.match(/\{\d+\}/g) ?? []);
      }
      expect(fs.existsSync(path.join(dir, 'bundle.l10n.qps-ploc.json'))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
