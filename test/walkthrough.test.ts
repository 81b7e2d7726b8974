// The onboarding walkthrough (issue 27): the manifest's steps, their actions and theme-aware
// images, that the VSIX whitelist carries the images, and the rule for opening it by itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstRunPlacement, isNewToConsider, shouldOpenOnFirstRun } from '../extension/setup/first-run';
// @ts-expect-error: a plain ES module script without types
import { resolvedManifest } from '../scripts/l10n.mjs';

const REPO = path.resolve(__dirname, '..');
// As the user reads it: the manifest's words are %keys% of package.nls.json (scripts/l10n.mjs).
const pkg = resolvedManifest(REPO);
interface Step { id: string; title: string; description: string; media: { svg?: string; image?: unknown; altText?: string }; completionEvents?: string[] }
const walkthrough = (pkg.contributes.walkthroughs as { id: string; steps: Step[] }[]).find((w) => w.id === 'consider.getStarted')!;
const contributed = new Set((pkg.contributes.commands as { command: string }[]).map((c) => c.command));
/** VS Code's own commands the steps may run. */
const VSCODE_COMMANDS = new Set(['workbench.action.quickOpen', 'editor.action.nextCommentThreadAction']);

describe('walkthrough contribution', () => {
  it('has the five steps in the order of the review loop', () => {
    expect(walkthrough.steps.map((s) => s.id)).toEqual(['setup', 'comment', 'review', 'answer', 'board']);
  });

  it('gives every step an action link to a real command and events that complete it', () => {
    for (const step of walkthrough.steps) {
      const links = [...step.description.matchAll(/\]\(command:(?:toSide:)?([\w.]+)(?:\?[^)]*)?\)/g)].map((m) => m[1]!);
      expect(links.length, step.id).toBeGreaterThan(0);
      for (const id of links) expect(contributed.has(id) || VSCODE_COMMANDS.has(id), `${step.id}: ${id}`).toBe(true);
      expect(step.completionEvents?.length, step.id).toBeGreaterThan(0);
      for (const e of step.completionEvents!) {
        const [kind, arg] = e.split(/:(.*)/s);
        expect(['onCommand', 'onContext', 'onView'], e).toContain(kind);
        if (kind === 'onCommand') expect(contributed.has(arg!) || VSCODE_COMMANDS.has(arg!), e).toBe(true);
      }
    }
    // The wizard and the board open beside the walkthrough (the argument "beside"), which stays on screen to go on with.
    expect(walkthrough.steps.find((s) => s.id === 'setup')!.description).toContain('(command:consider.setup?%5B%22beside%22%5D)');
    expect(walkthrough.steps.find((s) => s.id === 'board')!.description).toContain('(command:consider.showAllComments?%5B%22beside%22%5D)');
    expect(walkthrough.steps.find((s) => s.id === 'board')!.completionEvents).toContain('onCommand:consider.showAllComments');
  });

  it('completes every step on its context key, which the actions set (extension/setup/walkthrough-progress.ts)', () => {
    for (const step of walkthrough.steps) expect(step.completionEvents, step.id).toContain(`onContext:consider.walkthrough.${step.id}Done`);
  });

  it('draws each step in the theme\'s own colours: an SVG of theme variables, shipped in the VSIX', () => {
    const shipped = fs.readFileSync(path.join(REPO, '.vscodeignore'), 'utf8').split('\n');
    expect(shipped).toContain('!images/walkthrough/*.svg');
    for (const step of walkthrough.steps) {
      expect(step.media.svg, step.id).toMatch(/^images\/walkthrough\/[\w-]+\.svg$/);
      expect(step.media.altText?.length, step.id).toBeGreaterThan(20);
      const svg = fs.readFileSync(path.join(REPO, step.media.svg!), 'utf8');
      expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
      // Every colour is a theme variable (with a fallback): no fixed colour that is right in only one theme.
      const colours = [...svg.matchAll(/(?:fill|stroke)="([^"]+)"/g)].map((m) => m[1]!).filter((c) => c !== 'none');
      expect(colours.length, step.id).toBeGreaterThan(10);
      for (const c of colours) expect(c, `${step.id}: ${c}`).toMatch(/^var\(--vscode-[\w-]+, #[0-9a-f]{3,8}\)$/i);
      expect(svg, step.id).not.toMatch(/<script|<foreignObject|href=/i);
    }
  });
});

describe('opening the walkthrough by itself', () => {
  const base = { alreadyOpened: false, openOnInstall: true, folders: [{ newToConsider: true }] };
  it('opens once, on a first run in a folder new to Consider', () => {
    expect(shouldOpenOnFirstRun(base)).toBe(true);
    expect(shouldOpenOnFirstRun({ ...base, alreadyOpened: true })).toBe(false);
  });
  it('stays shut when the user turned walkthroughs on install off, a folder already uses Consider, or no folder is open', () => {
    expect(shouldOpenOnFirstRun({ ...base, openOnInstall: false })).toBe(false);
    expect(shouldOpenOnFirstRun({ ...base, folders: [{ newToConsider: true }, { newToConsider: false }] })).toBe(false);
    expect(shouldOpenOnFirstRun({ ...base, folders: [] })).toBe(false);
  });
  it('a folder with a store (threads, set up or not) or set up is not new to Consider; one with only the plan heartbeat is', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-first-run-'));
    try {
      expect(isNewToConsider(root)).toBe(true);
      fs.mkdirSync(path.join(root, '.consider/plans'), { recursive: true });
      expect(isNewToConsider(root)).toBe(true);
      fs.writeFileSync(path.join(root, '.consider/store.json'), '{"version":1,"comments":[]}\n'); // "Just Store Comments", or a clone's
      expect(isNewToConsider(root)).toBe(false);
      fs.rmSync(path.join(root, '.consider/store.json'));
      fs.mkdirSync(path.join(root, '.consider/bin'));
      expect(isNewToConsider(root)).toBe(false);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
  it('opens beside the user\'s editors when any is open, never over one; in the editor area when none is', () => {
    expect(firstRunPlacement({ editorsOpen: 0 })).toEqual({ toSide: false });
    expect(firstRunPlacement({ editorsOpen: 1 })).toEqual({ toSide: true });
  });
});
