/**
 * Issue 17, items 2, 3, 4, 10 and 18: setup and uninstall never lose what the user wrote and
 * never write outside the workspace. Each test fails on the code before the fix.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runSetup, type Integration, type Scope } from '../setup/index';
import { RUNTIME_DIR, SKILLS_DIR, listFiles, sandbox, uninstallFrom, type Sandbox } from './helpers/setup-env';
import { renderSkill } from '../setup/skills/render';
import { integrationRow } from '../setup/targets/skills';

let sb: Sandbox | undefined;
afterEach(() => sb?.cleanup());

const setup = (s: Sandbox, integrations: { target: Integration; scope: Scope }[], gitignore = true) =>
  runSetup({ root: s.root, home: s.home, gitignore, integrations, runtimeDir: RUNTIME_DIR, skillsDir: SKILLS_DIR });
const claudeSkill = (s: Sandbox) => path.join(s.root, '.claude/skills/consider/SKILL.md');

describe('uninstall keeps what the user edited or added in a skill folder (item 2)', () => {
  for (const mode of ['full', 'skills-only'] as const) {
    it(`${mode}: an edited SKILL.md is kept and reported; --remove-edited deletes it`, async () => {
      sb = sandbox();
      await setup(sb, [{ target: 'claude', scope: 'project' }]);
      fs.appendFileSync(claudeSkill(sb), '\nMy team uses pnpm, not npm.\n');
      const u = await uninstallFrom(sb, { mode });
      expect(fs.readFileSync(claudeSkill(sb), 'utf8')).toContain('My team uses pnpm');
      expect(u.actions.find((a) => a.path === claudeSkill(sb!))).toMatchObject({ kind: 'skipped', detail: expect.stringMatching(/edited since setup wrote it: kept/) });
      if (mode === 'skills-only') {
        const again = await uninstallFrom(sb, { mode, removeEdited: true });
        expect(fs.existsSync(claudeSkill(sb))).toBe(false);
        expect(again.actions.find((a) => a.path === path.dirname(claudeSkill(sb!)))).toMatchObject({ kind: 'removed' });
      }
    });
  }

  it('a file the user added beside the skill is kept with its folder; setup\'s own file goes', async () => {
    sb = sandbox();
    await setup(sb, [{ target: 'claude', scope: 'project' }]);
    const mine = path.join(path.dirname(claudeSkill(sb)), 'examples.md');
    fs.writeFileSync(mine, 'my examples\n');
    const u = await uninstallFrom(sb);
    expect(fs.readFileSync(mine, 'utf8')).toBe('my examples\n');
    expect(fs.existsSync(claudeSkill(sb))).toBe(false);
    expect(u.actions.find((a) => a.kind === 'skipped' && a.path === path.dirname(mine))?.detail).toMatch(/kept files setup did not write: examples\.md/);
  });
});

describe('setup does not adopt a skill it never wrote (item 3)', () => {
  it('a user\'s own skill named consider is refused, not tracked, and survives uninstall', async () => {
    sb = sandbox();
    const own = claudeSkill(sb);
    fs.mkdirSync(path.dirname(own), { recursive: true });
    fs.writeFileSync(own, '---\nname: consider\ndescription: my own checklist for considering designs\n---\nMine.\n');
    const r = await setup(sb, [{ target: 'claude', scope: 'project' }]);
    expect(r.actions.find((a) => a.path === own)).toMatchObject({ kind: 'refused', detail: expect.stringMatching(/setup did not write/) });
    const config = JSON.parse(fs.readFileSync(path.join(sb.root, '.consider/config.json'), 'utf8'));
    expect(config.trackedSkillInstalls.map((t: { path: string }) => t.path)).not.toContain(own);
    await uninstallFrom(sb);
    expect(fs.readFileSync(own, 'utf8')).toContain('Mine.');
  });
});

describe('.gitignore: uninstall takes away only what setup added (item 4)', () => {
  it('a .consider/ line the user wrote before setup is kept', async () => {
    sb = sandbox();
    const file = path.join(sb.root, '.gitignore');
    fs.writeFileSync(file, 'node_modules/\n.consider/\n');
    await setup(sb, []);
    await uninstallFrom(sb);
    expect(fs.readFileSync(file, 'utf8')).toBe('node_modules/\n.consider/\n');
  });

  it('a file without a final newline gets its bytes back (no newline added)', async () => {
    sb = sandbox();
    const file = path.join(sb.root, '.gitignore');
    fs.writeFileSync(file, 'node_modules/\r\ndist/');
    await setup(sb, []);
    expect(fs.readFileSync(file, 'utf8')).toBe('node_modules/\r\ndist/\r\n.consider/\r\n');
    await uninstallFrom(sb);
    expect(fs.readFileSync(file, 'utf8')).toBe('node_modules/\r\ndist/');
  });
});

describe('.gitignore symbolic links (item 10)', () => {
  it('one leading outside the workspace is never written through, nor replaced', async () => {
    sb = sandbox();
    const outside = path.join(sb.home, 'global-gitignore');
    fs.writeFileSync(outside, 'secrets/\n');
    const link = path.join(sb.root, '.gitignore');
    fs.symlinkSync(outside, link);
    const r = await setup(sb, []);
    expect(r.actions.find((a) => a.path === link)).toMatchObject({ kind: 'refused', detail: expect.stringMatching(/outside the workspace/) });
    expect(fs.readFileSync(outside, 'utf8')).toBe('secrets/\n');
    await uninstallFrom(sb);
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(outside, 'utf8')).toBe('secrets/\n');
  });

  it('one pointing inside the workspace is edited where it points and stays a link', async () => {
    sb = sandbox();
    fs.mkdirSync(path.join(sb.root, 'config'));
    const real = path.join(sb.root, 'config/gitignore');
    fs.writeFileSync(real, 'dist/\n');
    const link = path.join(sb.root, '.gitignore');
    fs.symlinkSync('config/gitignore', link);
    await setup(sb, []);
    expect(fs.readFileSync(real, 'utf8')).toBe('dist/\n.consider/\n');
    await uninstallFrom(sb);
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(real, 'utf8')).toBe('dist/\n');
  });
});

describe('the skill says what to do in a project without Consider (item 18)', () => {
  it('every rendered skill has the not-set-up branch', () => {
    for (const target of ['claude', 'codex', 'opencode', 'gemini'] as const) {
      const [skill] = renderSkill(integrationRow(target)!, SKILLS_DIR, '0.0.0', path.join('/home/u', `.${target}/skills/consider`));
      expect(skill!.content, target).toMatch(/Not set up here \(no `\.consider\/bin\/consider-cli`\)[\s\S]*never create `\.consider\/`/);
    }
  });
});

it('leaves a fresh workspace and home as they were after setup then uninstall with the new options', async () => {
  sb = sandbox();
  await setup(sb, [{ target: 'claude', scope: 'project' }, { target: 'gemini', scope: 'home' }]);
  await uninstallFrom(sb, { removeEdited: true });
  expect(listFiles(sb.root)).toEqual([]);
  expect(listFiles(sb.home)).toEqual([]);
});
