import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  INTEGRATIONS, describeSetup, runSetup, runUninstall, planRefresh, applyRefresh,
  type Integration, type Scope, type SetupReport,
} from '../setup/index';
import { INTEGRATION_ROWS, SKILL_FILE, integrationRow, skillDirs } from '../setup/targets/skills';
import { packageHashOnDisk, renderSkill } from '../setup/skills/render';
import { ensureBuilt, git, listFiles, RUNTIME_DIR, SKILLS_DIR, sandbox, runtimeWithVersion, tree, uninstallFrom, PACKAGE_VERSION, type Sandbox } from './helpers/setup-env';

beforeAll(ensureBuilt);

let sb: Sandbox;
afterEach(() => sb?.cleanup());

const setup = (s: Sandbox, integrations: { target: Integration; scope: Scope }[], gitignore = true, runtimeDir = RUNTIME_DIR) =>
  runSetup({ root: s.root, home: s.home, gitignore, integrations, runtimeDir, skillsDir: SKILLS_DIR });
const kinds = (r: SetupReport) => new Set(r.actions.map((a) => a.kind));
const actionFor = (r: SetupReport, p: string) => r.actions.filter((a) => a.path === p);
const readConfig = (root: string) => JSON.parse(fs.readFileSync(path.join(root, '.consider', 'config.json'), 'utf8'));
/** spec §4.1's runtime, plus the MCP server's bundle (loaded by `consider-cli mcp` only). */
const SPEC_RUNTIME = ['bin/consider-cli', 'bin/consider-cli.cjs', 'bin/consider-cli.js', 'bin/package.json', 'bin/consider-mcp.cjs', 'bin/consider-changes.cjs', 'shared/store.js', 'shared/reconcile.js', 'shared/package.json'];

/**
 * Choices to try: each integration alone at each scope, all at one scope, and two mixes
 * (every combination, 3^9, would take minutes); each with and without .gitignore.
 */
function allChoices(): { integrations: { target: Integration; scope: Scope }[]; gitignore: boolean }[] {
  const targets = INTEGRATIONS.map((i) => i.target);
  const sets: { target: Integration; scope: Scope }[][] = [[]];
  for (const target of targets) for (const scope of ['project', 'home'] as const) sets.push([{ target, scope }]);
  for (const scope of ['project', 'home'] as const) sets.push(targets.map((target) => ({ target, scope })));
  for (const odd of [0, 1]) sets.push(targets.map((target, i) => ({ target, scope: i % 2 === odd ? 'project' : 'home' })));
  return sets.flatMap((integrations) => [{ integrations, gitignore: true }, { integrations, gitignore: false }]);
}

describe('setup: every choice combination', () => {
  it('installs exactly the chosen skills, tracks them, re-runs as a no-op, and full uninstall leaves nothing', async () => {
    const choices = allChoices();
    expect(choices.length).toBe(2 * (1 + 2 * INTEGRATIONS.length + 4));
    for (const choice of choices) {
      sb = sandbox();
      const report = await setup(sb, choice.integrations, choice.gitignore);
      expect(kinds(report).has('refused')).toBe(false);
      // Rows may share a folder (.agents/skills): it is written and tracked once.
      const expected = [...new Set(choice.integrations.flatMap((c) =>
        skillDirs(INTEGRATION_ROWS.find((r) => r.target === c.target)!, c.scope, sb.root, sb.home).map((d) => path.join(d, 'SKILL.md'))))];
      const tracked = readConfig(sb.root).trackedSkillInstalls.map((t: { path: string }) => t.path).sort();
      expect(tracked).toEqual([...expected].sort());
      for (const p of expected) expect(fs.existsSync(p)).toBe(true);
      const homeSkills = listFiles(sb.home).filter((f) => f.endsWith('SKILL.md'));
      expect(homeSkills.length).toBe(expected.filter((p) => p.startsWith(sb.home)).length);
      expect(fs.existsSync(path.join(sb.root, '.gitignore'))).toBe(choice.gitignore);

      const again = await setup(sb, choice.integrations, choice.gitignore);
      expect(again.actions.filter((a) => a.kind !== 'unchanged' && a.kind !== 'skipped')).toEqual([]);

      const state = await describeSetup(sb.root, sb.home);
      expect(state.storeExists).toBe(true);
      expect(state.runtimeVersion).toBe(PACKAGE_VERSION);
      expect(state.gitignoreHasEntry).toBe(choice.gitignore);
      for (const i of state.integrations) {
        const row = INTEGRATION_ROWS.find((r) => r.target === i.target)!;
        const present = (['project', 'home'] as const).flatMap((scope) =>
          skillDirs(row, scope, sb.root, sb.home).map((d) => ({ scope, path: path.join(d, 'SKILL.md') })).filter((x) => expected.includes(x.path)));
        expect(i.installed).toEqual(present);
      }

      const un = await uninstallFrom(sb);
      expect(kinds(un).has('refused')).toBe(false);
      expect(fs.readdirSync(sb.root)).toEqual([]);
      expect(fs.readdirSync(sb.home)).toEqual([]); // the folders setup made in the home folder went too
      sb.cleanup();
    }
  }, 120_000);
});

describe('skills: setup then uninstall leaves the trees byte-identical', () => {
  it('for every integration and scope, full and skills-only, next to the user\'s own skills or with none', async () => {
    for (const row of INTEGRATION_ROWS) {
      for (const scope of ['project', 'home'] as const) {
        for (const mode of ['full', 'skills-only'] as const) {
          for (const userHas of [false, true]) {
            sb = sandbox();
            if (userHas) {
              for (const dir of skillDirs(row, scope, sb.root, sb.home)) {
                const mine = path.join(path.dirname(dir), 'mine', 'SKILL.md');
                fs.mkdirSync(path.dirname(mine), { recursive: true });
                fs.writeFileSync(mine, '---\nname: mine\ndescription: my own\n---\n');
              }
            }
            const beforeRoot = tree(sb.root);
            const beforeHome = tree(sb.home);
            await setup(sb, [{ target: row.target, scope }], false);
            const u = await uninstallFrom(sb, { mode });
            const at = `${row.target} ${scope} ${mode} ${userHas}`;
            expect(kinds(u).has('refused'), at).toBe(false);
            expect(tree(sb.root, (rel) => mode === 'skills-only' && rel.startsWith('.consider')), at).toEqual(beforeRoot);
            // A skills-only uninstall keeps the project set up (its threads), so its record stays.
            expect(tree(sb.home, (rel) => mode === 'skills-only' && (rel === '.local' || rel.startsWith(`.local${path.sep}`))), at).toEqual(beforeHome);
            sb.cleanup();
          }
        }
      }
    }
  }, 60_000);
});

describe('setup: the deployed runtime', () => {
  it('lays out .consider/ as spec §4.1 and the deployed CLI runs', async () => {
    sb = sandbox();
    await setup(sb, []);
    const files = listFiles(path.join(sb.root, '.consider'));
    expect(files).toEqual(['.gitignore', 'bin/VERSION', ...SPEC_RUNTIME, 'config.json', 'setup-token', 'store.json'].sort());
    expect(fs.readFileSync(path.join(sb.root, '.consider', '.gitignore'), 'utf8').trim()).toBe('*');
    for (const f of ['bin/consider-cli', 'bin/consider-cli.cjs']) {
      expect(fs.statSync(path.join(sb.root, '.consider', f)).mode & 0o111).not.toBe(0);
    }
    for (const f of SPEC_RUNTIME) {
      expect(fs.readFileSync(path.join(sb.root, '.consider', f))).toEqual(fs.readFileSync(path.join(RUNTIME_DIR, f)));
    }
    const r = spawnSync(path.join(sb.root, '.consider', 'bin', 'consider-cli'), ['summary'], { cwd: sb.root, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.length).toBeGreaterThan(0);
  });

  it('never replaces an existing store and keeps git blind to .consider/ without the root .gitignore', async () => {
    sb = sandbox({ git: true });
    fs.writeFileSync(path.join(sb.root, 'a.ts'), 'x\n');
    git(sb.root, 'add', '.');
    git(sb.root, 'commit', '-qm', 'init');
    fs.mkdirSync(path.join(sb.root, '.consider'));
    const store = JSON.stringify({ version: 1, comments: [], mine: true });
    fs.writeFileSync(path.join(sb.root, '.consider', 'store.json'), store);
    await setup(sb, [{ target: 'claude', scope: 'home' }, { target: 'codex', scope: 'home' }], false);
    expect(fs.readFileSync(path.join(sb.root, '.consider', 'store.json'), 'utf8')).toBe(store);
    expect(git(sb.root, 'status', '--porcelain')).toBe('');
    expect(fs.existsSync(path.join(sb.root, '.gitignore'))).toBe(false);
  });

  it('fails with one clear message when the runtime is not built', async () => {
    sb = sandbox();
    const empty = path.join(sb.dir, 'empty-runtime');
    fs.mkdirSync(empty);
    fs.writeFileSync(path.join(empty, 'VERSION'), '9.9.9\n');
    await expect(setup(sb, [], true, empty)).rejects.toThrow(/runtime is incomplete.*missing bin\/consider-cli/);
  });
});

describe('setup: root .gitignore', () => {
  const gi = (s: Sandbox) => path.join(s.root, '.gitignore');
  it('creates it when missing', async () => {
    sb = sandbox();
    const r = await setup(sb, []);
    expect(actionFor(r, gi(sb))[0]?.kind).toBe('created');
    expect(fs.readFileSync(gi(sb), 'utf8')).toBe('.consider/\n');
  });
  it('appends to an existing file without a final newline, keeping its content', async () => {
    sb = sandbox();
    fs.writeFileSync(gi(sb), 'node_modules/\n*.log');
    const r = await setup(sb, []);
    expect(actionFor(r, gi(sb))[0]?.kind).toBe('updated');
    expect(fs.readFileSync(gi(sb), 'utf8')).toBe('node_modules/\n*.log\n.consider/\n');
  });
  it('keeps CRLF line endings', async () => {
    sb = sandbox();
    fs.writeFileSync(gi(sb), 'dist\r\n');
    await setup(sb, []);
    expect(fs.readFileSync(gi(sb), 'utf8')).toBe('dist\r\n.consider/\r\n');
  });
  it('never duplicates the entry, in any spelling', async () => {
    for (const existing of ['.consider/\n', '/.consider\n', 'a\n  .consider  \nb\n']) {
      sb = sandbox();
      fs.writeFileSync(gi(sb), existing);
      const r = await setup(sb, []);
      expect(actionFor(r, gi(sb))[0]?.kind).toBe('unchanged');
      expect(fs.readFileSync(gi(sb), 'utf8')).toBe(existing);
      await setup(sb, []);
      expect(fs.readFileSync(gi(sb), 'utf8')).toBe(existing);
      sb.cleanup();
    }
  });
  it('is left untouched when the option is off', async () => {
    sb = sandbox();
    fs.writeFileSync(gi(sb), 'x\n');
    const r = await setup(sb, [], false);
    expect(actionFor(r, gi(sb))[0]?.kind).toBe('skipped');
    expect(fs.readFileSync(gi(sb), 'utf8')).toBe('x\n');
  });
  it('full uninstall removes only its own line, and the file if setup created it', async () => {
    sb = sandbox();
    fs.writeFileSync(gi(sb), 'a\n');
    await setup(sb, []);
    await uninstallFrom(sb);
    expect(fs.readFileSync(gi(sb), 'utf8')).toBe('a\n');
    sb.cleanup();
    sb = sandbox();
    await setup(sb, []);
    await uninstallFrom(sb, { removeGitignoreEntry: false });
    expect(fs.readFileSync(gi(sb), 'utf8')).toBe('.consider/\n');
  });
});

describe('setup: tracking', () => {
  it('merges installs across runs by absolute path and keeps unknown fields', async () => {
    sb = sandbox();
    await setup(sb, [{ target: 'claude', scope: 'project' }]);
    const cfgPath = path.join(sb.root, '.consider', 'config.json');
    fs.writeFileSync(cfgPath, JSON.stringify({ ...readConfig(sb.root), futureField: { keep: 1 } }));
    await setup(sb, [{ target: 'codex', scope: 'home' }]);
    await setup(sb, [{ target: 'claude', scope: 'project' }, { target: 'codex', scope: 'home' }]);
    const cfg = readConfig(sb.root);
    expect(cfg.futureField).toEqual({ keep: 1 });
    expect(cfg.version).toBe(1);
    expect(cfg.trackedSkillInstalls.map((t: { target: string; scope: string }) => `${t.target}:${t.scope}`)).toEqual(['claude:project', 'codex:home']);
    for (const t of cfg.trackedSkillInstalls) {
      expect(path.isAbsolute(t.path)).toBe(true);
      expect(t.version).toBe(PACKAGE_VERSION);
      expect(t.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    const before = fs.readFileSync(cfgPath, 'utf8');
    await setup(sb, [{ target: 'codex', scope: 'home' }]);
    expect(fs.readFileSync(cfgPath, 'utf8')).toBe(before); // identical re-run: not even the timestamp moves
  });

  it('Codex and Gemini CLI get the skill once, in .agents/skills, which both read (issue 24)', async () => {
    sb = sandbox();
    await setup(sb, [{ target: 'codex', scope: 'project' }, { target: 'gemini', scope: 'project' }]);
    await setup(sb, [{ target: 'codex', scope: 'home' }, { target: 'gemini', scope: 'home' }]);
    expect(listFiles(sb.root).filter((f) => f.includes('skills/')).sort()).toEqual(['.agents/skills/consider/SKILL.md', '.agents/skills/consider/agents/openai.yaml']);
    expect(listFiles(sb.home).filter((f) => f.includes('skills/')).sort()).toEqual(['.agents/skills/consider/SKILL.md', '.agents/skills/consider/agents/openai.yaml']);
  });

  it('the shared copy is one package whoever wrote it last: uninstall takes it out (not "edited")', async () => {
    for (const order of [['codex', 'gemini'], ['gemini', 'codex'], ['agents', 'gemini']] as const) {
      sb = sandbox();
      for (const target of order) await setup(sb, [{ target, scope: 'project' }]);
      const u = await uninstallFrom(sb, { mode: 'skills-only' });
      expect(actionFor(u, path.join(sb.root, '.agents/skills/consider'))[0]?.kind, order.join(' then ')).toBe('removed');
      expect(fs.existsSync(path.join(sb.root, '.agents'))).toBe(false);
      sb.cleanup();
    }
  });

  it("setup again takes away an earlier version's second copy (.codex/skills, .gemini/skills) when untouched, keeps an edited one", async () => {
    sb = sandbox();
    await setup(sb, [{ target: 'claude', scope: 'project' }]);
    // What versions before issue 24 wrote and tracked: Codex's skill in .codex/skills too, Gemini's in .gemini/skills.
    const old = (target: string, rel: string, extra: string[] = []) => {
      const dir = path.join(sb.root, rel);
      const files = renderSkill(integrationRow(target === 'gemini' ? 'claude' : 'codex')!, SKILLS_DIR, PACKAGE_VERSION, dir);
      for (const f of files.filter((x) => [SKILL_FILE, ...extra].includes(x.rel))) {
        fs.mkdirSync(path.dirname(path.join(dir, f.rel)), { recursive: true });
        fs.writeFileSync(path.join(dir, f.rel), f.content);
      }
      const createdDirs = [1, 2, 3].map((n) => path.join(sb.root, ...rel.split('/').slice(0, n)));
      return { target, scope: 'project', path: path.join(dir, SKILL_FILE), version: PACKAGE_VERSION, sha256: packageHashOnDisk(dir, [SKILL_FILE, ...extra]), createdDirs };
    };
    const codexOld = old('codex', '.codex/skills/consider', ['agents/openai.yaml']);
    const geminiOld = old('gemini', '.gemini/skills/consider');
    const cfgPath = path.join(sb.root, '.consider', 'config.json');
    fs.writeFileSync(cfgPath, JSON.stringify({ ...readConfig(sb.root), trackedSkillInstalls: [...readConfig(sb.root).trackedSkillInstalls, codexOld, geminiOld] }));
    fs.appendFileSync(geminiOld.path, '\nMy note.\n'); // edited by the user: stays
    const r = await setup(sb, [{ target: 'codex', scope: 'project' }, { target: 'gemini', scope: 'project' }]);
    expect(actionFor(r, path.dirname(codexOld.path))[0]).toMatchObject({ kind: 'removed', detail: expect.stringContaining('.agents/skills/consider') });
    expect(fs.existsSync(path.join(sb.root, '.codex'))).toBe(false);
    expect(fs.readFileSync(geminiOld.path, 'utf8')).toContain('My note.');
    expect(readConfig(sb.root).trackedSkillInstalls.map((t: { path: string }) => path.relative(sb.root, t.path)).sort())
      .toEqual(['.agents/skills/consider/SKILL.md', '.claude/skills/consider/SKILL.md', '.gemini/skills/consider/SKILL.md']);
  });

  it('rewrites an unparsable config.json and says so', async () => {
    sb = sandbox();
    fs.mkdirSync(path.join(sb.root, '.consider'));
    fs.writeFileSync(path.join(sb.root, '.consider', 'config.json'), '{oops');
    const r = await setup(sb, [{ target: 'roo', scope: 'project' }]);
    expect(r.actions.find((a) => a.path.endsWith('config.json'))?.detail).toMatch(/not valid JSON.*config\.json\.broken/);
    expect(fs.readFileSync(path.join(sb.root, '.consider', 'config.json.broken'), 'utf8')).toBe('{oops');
    expect(readConfig(sb.root).trackedSkillInstalls).toHaveLength(1);
  });

  it('a config.json that parses but breaks the schema: read by setup as the store reads it, kept aside, setup completes (issue 29)', async () => {
    // Setup's reader once took these for "nothing tracked" while the store's writer refused
    // them as unreadable: setup then stopped half-done with the writer's error.
    const bad = [
      '{"version":1,"trackedSkillInstalls":[{"target":"claude","scope":"global","path":"/x"}]}',
      '{"version":"1","trackedSkillInstalls":[]}',
      '{"trackedSkillInstalls":"none"}',
      '[]',
    ];
    for (const text of bad) {
      sb = sandbox();
      fs.mkdirSync(path.join(sb.root, '.consider'));
      fs.writeFileSync(path.join(sb.root, '.consider', 'config.json'), text);
      const r = await setup(sb, [{ target: 'roo', scope: 'project' }]);
      expect(r.actions.find((a) => a.path.endsWith('config.json'))?.detail, text).toMatch(/^\.consider\/config\.json: .* must be .*; kept as config\.json\.broken and started afresh$/);
      expect(fs.readFileSync(path.join(sb.root, '.consider', 'config.json.broken'), 'utf8')).toBe(text);
      expect(readConfig(sb.root).trackedSkillInstalls).toHaveLength(1);
      const state = await describeSetup(sb.root, sb.home);
      expect(state.trackedSkills.map((t) => t.target)).toEqual(['roo']);
      sb.cleanup();
    }
  });

  it('uninstall with a config.json that breaks the schema says so and looks in the known places', async () => {
    sb = sandbox();
    await setup(sb, [{ target: 'claude', scope: 'project' }]);
    const cfg = path.join(sb.root, '.consider', 'config.json');
    fs.writeFileSync(cfg, JSON.stringify({ ...readConfig(sb.root), version: 0 }));
    const r = await uninstallFrom(sb, { mode: 'skills-only' });
    expect(r.actions.find((a) => a.path === cfg)?.detail).toMatch(/^\.consider\/config\.json: version must be a whole number from 1.*; looking in the known skill locations instead$/);
    expect(fs.existsSync(INTEGRATIONS[0]!.projectPath(sb.root))).toBe(false);
  });

  it('keeps a skill the user edited on a re-run, still tracked', async () => {
    sb = sandbox();
    await setup(sb, [{ target: 'claude', scope: 'project' }]);
    const skill = INTEGRATIONS[0]!.projectPath(sb.root);
    fs.appendFileSync(skill, '\nMy own note.\n');
    const r = await setup(sb, [{ target: 'claude', scope: 'project' }]);
    expect(actionFor(r, skill)[0]).toMatchObject({ kind: 'skipped' });
    expect(fs.readFileSync(skill, 'utf8')).toContain('My own note.');
    expect(readConfig(sb.root).trackedSkillInstalls.map((t: { path: string }) => t.path)).toEqual([skill]);
  });

  it('refuses to write a skill where another skill named differently lives', async () => {
    sb = sandbox();
    const dir = path.join(sb.root, '.roo/skills/consider');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'SKILL.md'), '---\nname: other\ndescription: x\n---\n');
    const r = await setup(sb, [{ target: 'roo', scope: 'project' }]);
    expect(actionFor(r, path.join(dir, 'SKILL.md'))[0]?.kind).toBe('refused');
    expect(fs.readFileSync(path.join(dir, 'SKILL.md'), 'utf8')).toContain('name: other');
  });
});

describe('uninstall: safety', () => {
  function tamper(s: Sandbox, paths: string[]): void {
    const file = path.join(s.root, '.consider', 'config.json');
    const cfg = JSON.parse(fs.readFileSync(file, 'utf8'));
    for (const p of paths) cfg.trackedSkillInstalls.push({ target: 'claude', scope: 'project', path: p });
    fs.writeFileSync(file, JSON.stringify(cfg));
  }

  it('refuses tracked paths outside the known skill locations, odd paths and symlinks', async () => {
    sb = sandbox();
    await setup(sb, [{ target: 'claude', scope: 'project' }]);
    const victimSkills = path.join(sb.dir, 'victim', 'skills', 'consider'); // right shape, wrong place
    const victimSrc = path.join(sb.root, 'src');
    fs.mkdirSync(victimSkills, { recursive: true });
    fs.writeFileSync(path.join(victimSkills, 'SKILL.md'), 'name: consider');
    fs.mkdirSync(victimSrc);
    fs.writeFileSync(path.join(victimSrc, 'keep.ts'), 'x');
    // A symlinked package at a known location pointing at precious data.
    const precious = path.join(sb.dir, 'precious');
    fs.mkdirSync(precious);
    fs.writeFileSync(path.join(precious, 'SKILL.md'), 'name: consider');
    fs.mkdirSync(path.join(sb.root, '.opencode/skills'), { recursive: true });
    fs.symlinkSync(precious, path.join(sb.root, '.opencode/skills/consider'));
    const odd = [
      path.join(victimSkills, 'SKILL.md'),
      victimSrc,
      path.join(sb.root, '.opencode/skills/consider/SKILL.md'),
      'relative/skills/consider/SKILL.md',
      `${sb.root}/.claude/skills/consider/../../../src/skills/consider`, // `..` is never followed
      sb.home,
    ];
    tamper(sb, odd);
    const r = await uninstallFrom(sb, { mode: 'skills-only', removeGitignoreEntry: false });
    for (const p of odd) expect(actionFor(r, p)[0]?.kind, p).toBe('refused');
    expect(fs.existsSync(path.join(victimSkills, 'SKILL.md'))).toBe(true);
    expect(fs.existsSync(path.join(victimSrc, 'keep.ts'))).toBe(true);
    expect(fs.existsSync(path.join(precious, 'SKILL.md'))).toBe(true);
    expect(fs.existsSync(sb.home)).toBe(true);
    // The genuine install was removed, and only it left the tracking.
    expect(fs.existsSync(path.join(sb.root, '.claude'))).toBe(false);
    expect(readConfig(sb.root).trackedSkillInstalls.map((t: { path: string }) => t.path)).toEqual(odd);
  });

  it('refuses a project skill folder reached through a symlinked agent folder, on setup and uninstall', async () => {
    sb = sandbox();
    const outside = path.join(sb.dir, 'outside');
    fs.mkdirSync(path.join(outside, 'skills', 'consider'), { recursive: true });
    fs.writeFileSync(path.join(outside, 'skills', 'consider', 'SKILL.md'), '---\nname: consider\n---\n');
    fs.symlinkSync(outside, path.join(sb.root, '.claude'));
    const r = await setup(sb, [{ target: 'claude', scope: 'project' }]);
    expect(r.actions.find((a) => a.path.includes('.claude'))?.kind).toBe('refused');
    const u = await uninstallFrom(sb);
    // Setup's record does not name it: not a candidate at all, and never deleted through the link.
    expect(u.actions.filter((a) => a.path.includes('.claude') && a.kind === 'removed')).toEqual([]);
    expect(fs.existsSync(path.join(outside, 'skills', 'consider', 'SKILL.md'))).toBe(true);
  });

  it('refuses to delete a .consider that is a symlink', async () => {
    sb = sandbox();
    const data = path.join(sb.dir, 'data');
    fs.mkdirSync(data);
    fs.writeFileSync(path.join(data, 'store.json'), '{}');
    fs.symlinkSync(data, path.join(sb.root, '.consider'));
    const u = await uninstallFrom(sb, { removeGitignoreEntry: false });
    expect(actionFor(u, path.join(sb.root, '.consider'))[0]?.kind).toBe('refused');
    expect(fs.existsSync(path.join(data, 'store.json'))).toBe(true);
    await expect(setup(sb, [])).rejects.toThrow(/not a folder/);
  });

  it('skills-only keeps the threads and clears the removed entries', async () => {
    sb = sandbox();
    await setup(sb, [{ target: 'claude', scope: 'project' }, { target: 'codex', scope: 'home' }]);
    const storeFile = path.join(sb.root, '.consider', 'store.json');
    const data = JSON.stringify({ version: 1, comments: [{ id: 'c_keep' }] });
    fs.writeFileSync(storeFile, data);
    const u = await uninstallFrom(sb, { mode: 'skills-only' });
    expect(u.actions.filter((a) => a.kind === 'removed' && a.path.endsWith('consider')).length).toBe(2);
    expect(fs.readFileSync(storeFile, 'utf8')).toBe(data);
    expect(fs.existsSync(path.join(sb.root, '.consider', 'bin', 'consider-cli'))).toBe(true);
    expect(readConfig(sb.root).trackedSkillInstalls).toEqual([]);
    expect(fs.readFileSync(path.join(sb.root, '.gitignore'), 'utf8')).toBe('.consider/\n'); // skills-only never edits it
    expect(listFiles(sb.home).map((f) => f.replace(/projects\/[^/]+\.json$/, 'projects/<record>.json'))).toEqual(['.local/share/consider/projects/<record>.json', '.local/share/consider/setup.json']); // still set up: the threads stay
  });

  it('without tracking, finds Consider skills in the known locations and leaves other skills alone', async () => {
    sb = sandbox();
    await setup(sb, [{ target: 'opencode', scope: 'home' }, { target: 'roo', scope: 'project' }]);
    fs.rmSync(path.join(sb.root, '.consider', 'config.json'));
    const legacy = path.join(sb.home, '.opencode/skills/consider'); // spec §8.1's old home location
    fs.mkdirSync(legacy, { recursive: true });
    fs.writeFileSync(path.join(legacy, 'SKILL.md'), '---\nname: consider\ndescription: old\n---\n');
    const other = path.join(sb.root, '.claude/skills/consider');
    fs.mkdirSync(other, { recursive: true });
    fs.writeFileSync(path.join(other, 'SKILL.md'), '---\nname: not-ours\ndescription: x\n---\n');
    const u = await uninstallFrom(sb);
    const removed = u.actions.filter((a) => a.kind === 'removed').map((a) => a.path);
    expect(removed).toEqual(expect.arrayContaining([path.join(sb.home, '.config/opencode/skills/consider'), legacy, path.join(sb.root, '.roo/skills/consider'), path.join(sb.root, '.consider')]));
    expect(fs.existsSync(path.join(other, 'SKILL.md'))).toBe(true);
    // The agent's own home folders stay (only the emptied skills/ folder goes).
    expect(fs.existsSync(path.join(sb.home, '.config/opencode'))).toBe(true);
  });

  it('is safe to run twice', async () => {
    sb = sandbox();
    await setup(sb, [{ target: 'claude', scope: 'home' }]);
    await uninstallFrom(sb);
    const again = await uninstallFrom(sb);
    expect(again.actions.every((a) => a.kind === 'skipped' || a.kind === 'unchanged')).toBe(true);
  });
});

describe('refresh after an extension update (spec §9.8)', () => {
  it('updates the CLI and untouched skills, asks about edited ones, never installs new ones', async () => {
    sb = sandbox();
    const old = runtimeWithVersion(sb.dir, '0.0.1');
    await setup(sb, [{ target: 'claude', scope: 'project' }, { target: 'roo', scope: 'home' }], true, old);
    const claude = INTEGRATIONS.find((i) => i.target === 'claude')!.projectPath(sb.root);
    const roo = INTEGRATIONS.find((i) => i.target === 'roo')!.homePath(sb.home);
    expect(fs.readFileSync(claude, 'utf8')).toContain('version: "0.0.1"');
    fs.appendFileSync(roo, '\nlocal tweak\n');
    const input = { root: sb.root, home: sb.home, runtimeDir: RUNTIME_DIR, skillsDir: SKILLS_DIR };

    const plan = planRefresh(input);
    expect(plan.runtime).toBe('outdated');
    expect(plan.deployedVersion).toBe('0.0.1');
    expect(plan.skills.map((s) => [s.install.target, s.status, s.needsUpdate])).toEqual([['claude', 'outdated', true], ['roo', 'edited', true]]);

    const first = await applyRefresh(input);
    expect(fs.readFileSync(path.join(sb.root, '.consider/bin/VERSION'), 'utf8').trim()).toBe(PACKAGE_VERSION);
    expect(fs.readFileSync(claude, 'utf8')).toContain(`version: "${PACKAGE_VERSION}"`);
    expect(fs.readFileSync(roo, 'utf8')).toContain('local tweak');
    expect(actionFor(first, roo)[0]?.kind).toBe('skipped');

    await applyRefresh(input, [roo]); // the user said "Replace"
    expect(fs.readFileSync(roo, 'utf8')).not.toContain('local tweak');
    expect(planRefresh(input).skills.every((s) => s.status === 'current' && !s.needsUpdate)).toBe(true);
    expect(listFiles(path.join(sb.root, '.codex'))).toEqual([]);
  });
});

describe('consider-setup (terminal command)', () => {
  const run = (s: Sandbox, ...args: string[]) =>
    spawnSync(process.execPath, [path.join(RUNTIME_DIR, '..', 'setup', 'consider-setup.cjs'), ...args], { cwd: s.root, encoding: 'utf8', env: { ...process.env, HOME: s.home } });

  it('sets up and uninstalls with the same implementation', () => {
    sb = sandbox({ git: true });
    const r = run(sb, 'setup', '--no-gitignore', '--integration', 'claude:home', '--integration', 'codex:project');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/created\s+~\/\.claude\/skills\/consider\/SKILL\.md/);
    expect(r.stdout).toMatch(/created\s+\.agents\/skills\/consider\/SKILL\.md/);
    expect(fs.existsSync(path.join(sb.root, '.gitignore'))).toBe(false);
    const st = run(sb, 'status', '--json');
    expect(JSON.parse(st.stdout).integrations.find((i: { target: string }) => i.target === 'claude').installed).toHaveLength(1);
    const u = run(sb, 'uninstall', '--full', '--json');
    expect(u.status).toBe(0);
    expect(JSON.parse(u.stdout).actions.filter((a: { kind: string }) => a.kind === 'removed').length).toBeGreaterThanOrEqual(4);
    expect(listFiles(sb.root).filter((f) => !f.startsWith('.git/'))).toEqual([]);
  });

  it('rejects bad calls with one line and exit code 1, touching nothing', () => {
    sb = sandbox();
    for (const args of [['uninstall'], ['uninstall', '--full', '--skills-only'], ['setup', '--integration', 'vim:project'], ['setup', '--integration', 'claude:moon'], ['frobnicate'], ['setup', '--bogus']]) {
      const r = run(sb, ...args);
      expect(r.status, args.join(' ')).toBe(1);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^consider-setup: /);
    }
    expect(listFiles(sb.root)).toEqual([]);
    expect(run(sb, '--help').status).toBe(0);
  });

  it('run as the README says (npm run, in Consider\'s checkout) without --root, it refuses to set up the checkout itself', () => {
    // npm runs scripts in the package's own folder whatever folder the user typed the command in.
    const repo = path.resolve(RUNTIME_DIR, '..', '..');
    const before = spawnSync('git', ['status', '--porcelain', '--ignored=no'], { cwd: repo, encoding: 'utf8' }).stdout;
    const r = spawnSync('npm', ['run', '--silent', 'consider-setup', '--', 'setup', '--integration', 'claude:project'], { cwd: repo, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(/^consider-setup: .* is Consider's own checkout: name your project with --root DIR/);
    expect(fs.existsSync(path.join(repo, '.claude/skills/consider'))).toBe(false);
    expect(spawnSync('git', ['status', '--porcelain', '--ignored=no'], { cwd: repo, encoding: 'utf8' }).stdout).toBe(before);
  });
});

describe('uninstall: a moved workspace', () => {
  it('removes the skills in the workspace even when tracking holds the old paths, and skips the stale ones', async () => {
    sb = sandbox();
    await setup(sb, [{ target: 'claude', scope: 'project' }, { target: 'roo', scope: 'home' }]);
    const moved = path.join(sb.dir, 'moved');
    fs.renameSync(sb.root, moved);
    const u = await runUninstall({ root: moved, home: sb.home, mode: 'full', removeGitignoreEntry: true });
    expect(actionFor(u, path.join(moved, '.claude/skills/consider'))[0]?.kind).toBe('removed');
    expect(actionFor(u, path.join(sb.root, '.claude/skills/consider/SKILL.md'))[0]).toMatchObject({ kind: 'skipped', detail: 'already gone' });
    expect(actionFor(u, path.join(sb.home, '.roo/skills/consider'))[0]?.kind).toBe('removed'); // tracked home path is still valid
    expect(listFiles(moved)).toEqual([]);
  });
});

describe('the agent ids (shared/agents.ts) and setup\'s tables name the same agents', () => {
  it('every integration has one skill row, every hook agent one hook row, every MCP agent one MCP row', async () => {
    const { INTEGRATION_IDS, HOOK_AGENT_IDS, MCP_AGENT_IDS } = await import('../shared/agents');
    const { HOOK_ROWS } = await import('../setup/targets/hooks');
    const { MCP_ROWS } = await import('../setup/targets/mcp');
    expect(INTEGRATION_ROWS.map((r) => r.target).sort()).toEqual([...INTEGRATION_IDS].sort());
    expect(HOOK_ROWS.map((r) => r.target).sort()).toEqual([...HOOK_AGENT_IDS].sort());
    expect(MCP_ROWS.map((r) => r.target).sort()).toEqual([...MCP_AGENT_IDS].sort());
  });
});
