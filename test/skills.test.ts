import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATIONS, runSetup } from '../setup/index';
import { INTEGRATION_ROWS, SKILL_FILE, isSharedSkillDir } from '../setup/targets/skills';
import { renderSkill, packageHash } from '../setup/skills/render';
import { ensureBuilt, PACKAGE_VERSION, RUNTIME_DIR, SKILLS_DIR, sandbox, listFiles, type Sandbox } from './helpers/setup-env';

// js-yaml ships with @vscode/vsce; a real YAML parser is the honest check of our frontmatter.
const yaml = createRequire(__filename)('js-yaml') as { load(text: string): unknown };

beforeAll(ensureBuilt);
let sb: Sandbox;
afterEach(() => sb?.cleanup());

function frontmatter(text: string): Record<string, unknown> {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!m) throw new Error('no frontmatter');
  return yaml.load(m[1]!) as Record<string, unknown>;
}

/** What each agent requires of a skill package (their docs: name/description rules, side files). */
const REQUIRED: Record<string, (dir: string, fm: Record<string, unknown>) => void> = {
  claude: () => undefined,
  roo: () => undefined,
  gemini: () => undefined,
  cursor: () => undefined,
  copilot: () => undefined,
  cline: () => undefined,
  agents: (dir) => REQUIRED.codex!(dir, {}), // Codex reads the shared folder too
  opencode: (_dir, fm) => {
    // OpenCode validates metadata as a string-to-string map.
    for (const v of Object.values(fm.metadata as object)) expect(typeof v).toBe('string');
  },
  codex: (dir) => {
    const ui = yaml.load(fs.readFileSync(path.join(dir, 'agents', 'openai.yaml'), 'utf8')) as { interface: { display_name: string; short_description: string; default_prompt: string } };
    expect(ui.interface.display_name).toBe('Consider');
    expect(ui.interface.short_description.length).toBeGreaterThan(0);
    expect(ui.interface.short_description.length).toBeLessThanOrEqual(64);
    expect(ui.interface.default_prompt.length).toBeGreaterThan(0);
  },
};

describe('rendered skills', () => {
  it('every agent, every location: valid frontmatter, version stamp and required files', async () => {
    sb = sandbox();
    const all = INTEGRATION_ROWS.flatMap((r) => (['project', 'home'] as const).map((scope) => ({ target: r.target, scope })));
    // One location per integration per run, so run project and home separately.
    await runSetup({ root: sb.root, home: sb.home, gitignore: false, integrations: all.filter((a) => a.scope === 'project'), runtimeDir: RUNTIME_DIR, skillsDir: SKILLS_DIR });
    await runSetup({ root: sb.root, home: sb.home, gitignore: false, integrations: all.filter((a) => a.scope === 'home'), runtimeDir: RUNTIME_DIR, skillsDir: SKILLS_DIR });
    let checked = 0;
    for (const row of INTEGRATION_ROWS) {
      for (const [base, dirs] of [[sb.root, row.projectDirs], [sb.home, row.homeDirs]] as const) {
        for (const d of dirs) {
          const dir = path.join(base, d);
          const text = fs.readFileSync(path.join(dir, SKILL_FILE), 'utf8');
          const fm = frontmatter(text);
          expect(fm.name).toBe('consider');
          expect(fm.name).toBe(path.basename(dir)); // OpenCode and Roo require name == folder
          expect(fm.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
          expect(typeof fm.description).toBe('string');
          const desc = fm.description as string;
          expect(desc.length).toBeGreaterThan(0);
          expect(desc.length).toBeLessThanOrEqual(1024);
          expect(desc).not.toMatch(/\n/); // Codex reads a single-line description
          if (isSharedSkillDir(dir)) {
            // The shared copy keeps to the Agent Skills spec's required keys; the version is in the comment.
            expect(Object.keys(fm).sort()).toEqual(['description', 'name']);
            expect(text).toContain(`<!-- Installed by Consider ${PACKAGE_VERSION}.`);
          } else {
            expect((fm.metadata as Record<string, string>).version).toBe(PACKAGE_VERSION);
          }
          // A shared folder holds the side files of every agent that writes there (Codex's openai.yaml).
          const side = new Set(INTEGRATION_ROWS.filter((r) => (base === sb.root ? r.projectDirs : r.homeDirs).includes(d)).flatMap((r) => r.sideFiles ?? []));
          expect(listFiles(dir)).toEqual(['SKILL.md', ...side].sort());
          REQUIRED[row.target]!(dir, fm);
          checked++;
        }
      }
    }
    expect(checked).toBe(18); // each of the 9 at both scopes (Codex, Gemini CLI and `agents` in the shared .agents copy)
  });

  it('the one table: every location is a …/skills/consider package, primary paths match INTEGRATIONS', () => {
    expect(INTEGRATIONS.map((i) => i.target)).toEqual(['claude', 'codex', 'opencode', 'roo', 'gemini', 'cursor', 'copilot', 'cline', 'agents']);
    for (const row of INTEGRATION_ROWS) {
      for (const d of [...row.projectDirs, ...row.homeDirs, ...(row.legacyHomeDirs ?? []), ...(row.legacyProjectDirs ?? [])]) expect(d).toMatch(/(^|\/)skills\/consider$/);
      const i = INTEGRATIONS.find((x) => x.target === row.target)!;
      expect(i.projectPath('/r')).toBe(`/r/${row.projectDirs[0]}/SKILL.md`);
      expect(i.homePath('/h')).toBe(`/h/${row.homeDirs[0]}/SKILL.md`);
    }
    expect(INTEGRATIONS.find((i) => i.target === 'claude')!.projectPath('/r')).toBe('/r/.claude/skills/consider/SKILL.md');
    // Issue 24: Codex and Gemini CLI read .agents/skills; a second copy of their own made Codex list it twice, Gemini warn.
    expect(INTEGRATION_ROWS.find((r) => r.target === 'codex')!.projectDirs).toEqual(['.agents/skills/consider']);
    expect(INTEGRATION_ROWS.find((r) => r.target === 'gemini')!.projectDirs).toEqual(['.agents/skills/consider']);
    expect(INTEGRATIONS.find((i) => i.target === 'roo')!.projectPath('/r')).toBe('/r/.roo/skills/consider/SKILL.md');
  });

  it('the version stamp changes the fingerprint (so refresh can tell versions apart)', () => {
    const row = INTEGRATION_ROWS[0]!;
    expect(packageHash(renderSkill(row, SKILLS_DIR, '1.0.0'))).not.toBe(packageHash(renderSkill(row, SKILLS_DIR, '1.0.1')));
  });
});

describe('skill content (spec §8.1, §7.2–§7.4)', () => {
  const text = renderSkill(INTEGRATION_ROWS[0]!, SKILLS_DIR, PACKAGE_VERSION)[0]!.content;

  it('covers triggers, the no-work branch, every command, both state axes, conventions and exit codes', () => {
    for (const cue of ['threadID:', 'check my feedback', 'consider-cli', '.consider/bin/consider-cli', '.consider/store.json', 'summary']) expect(text).toContain(cue);
    expect(text).toMatch(/no work/i);
    for (const cmd of ['summary', 'list', 'thread', 'get', 'context', 'reply', 'resolve', 'unresolve', 'add']) expect(text).toMatch(new RegExp(`\\$C ${cmd}\\b|\\b${cmd}\\b`));
    for (const flag of ['--json', '--file', '--workflow', '--anchor', '--unseen', '--message', '--lines', '--root']) expect(text).toContain(flag);
    for (const s of ['anchored', 'stale', 'orphaned', 'open', 'resolved']) expect(text).toContain(s);
    expect(text).toMatch(/explicitly asks/);
    expect(text).toMatch(/Keep threads open/);
    expect(text).toMatch(/main conversation/);
    for (const code of ['| 0 |', '| 1 |', '| 2 |', '| 3 |', '| 4 |', '| 5 |']) expect(text).toContain(code);
    expect(text).toMatch(/\| 3 \|[^\n]*retry/);
    expect(text).toMatch(/\| 2 \|[^\n]*`list` again/);
    expect(text).toMatch(/\| 4 \|[^\n]*tell the developer/);
  });

  it('teaches review rounds, dispositions and wait (docs/agent-loop.md)', () => {
    for (const cue of ['$C review', '$C wait', '--addressed', '--declined', '--question', 'list --unseen', 'exit 6']) expect(text).toContain(cue);
    expect(text).toMatch(/Reply to every comment of a round before you stop/);
    expect(text).toMatch(/\| 6 \|[^\n]*`wait` timed out/);
  });

  it('teaches the plan gate: submit and wait before a large change, what each exit code means (docs/plan-gate.md)', () => {
    for (const cue of ['$C plan submit plan.md --wait', '--revises <id>', 'Exit 0 approved', '7: revise', '6/8: no verdict, ask your usual way']) expect(text).toContain(cue);
  });

  it('stays short: it costs the agent context on every load', () => {
    expect(Buffer.byteLength(text)).toBeLessThan(4800);
  });

  it('every example command in the skill runs against the real deployed CLI', async () => {
    sb = sandbox({ git: true });
    const lines = Array.from({ length: 20 }, (_, i) => `const v${i} = ${i};`).join('\n') + '\n';
    fs.mkdirSync(path.join(sb.root, 'src', 'auth'), { recursive: true });
    fs.writeFileSync(path.join(sb.root, 'src', 'auth', 'login.ts'), lines);
    fs.writeFileSync(path.join(sb.root, 'src', 'db.ts'), lines);
    await runSetup({ root: sb.root, home: sb.home, gitignore: true, integrations: [], runtimeDir: RUNTIME_DIR, skillsDir: SKILLS_DIR });
    const cli = path.join(sb.root, '.consider', 'bin', 'consider-cli');
    const run = (args: string[]) => spawnSync(cli, args, { cwd: sb.root, encoding: 'utf8' });
    const added = run(['add', 'src/auth/login.ts', '--line', '3', '--message', 'Return a Result here?', '--json']);
    expect(added.status, added.stderr).toBe(0);
    const id = (JSON.parse(added.stdout) as { id: string }).id;
    const block = /```sh\n([\s\S]*?)```/.exec(text)![1]!;
    const examples = block.split('\n').filter((l) => l.startsWith('$C ')).map((l) => l.replace(/\s+#.*$/, ''));
    expect(examples.length).toBeGreaterThanOrEqual(9);
    // The review-round commands (second block) come with the CLI's `review`/`wait`; run them
    // too once the deployed CLI has them.
    if (run(['review', '--help']).status === 0) {
      const rounds = /```sh\n([\s\S]*?)```/g;
      rounds.exec(text);
      examples.push(...rounds.exec(text)![1]!.split('\n').filter((l) => l.startsWith('$C ') && !l.startsWith('$C wait')).map((l) => l.replace(/\s+#.*$/, '')));
    }
    for (const ex of examples) {
      // Shell-split the example (double-quoted strings stay one argument), then use the real id.
      const args = [...ex.slice(3).matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!).map((a) => (a === 'c_abc123' ? id : a));
      const r = run(args);
      expect(r.status, `${ex}\n${r.stderr}`).toBe(0);
    }
  });
});
