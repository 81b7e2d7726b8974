/**
 * Where each agent reads a skill from: THE table. Supporting a new agent is one row here
 * (plus, if it needs them, a frontmatter extra or a side file in render.ts).
 *
 * Each row lists the skill-package directories, relative to the workspace root (project
 * scope) or the home directory (home scope). Every directory ends in `skills/consider`:
 * uninstall deletes nothing else (see safety.ts). The first directory is the primary one
 * shown in the wizard; the others are extra copies the agent also reads.
 *
 * Locations, as each agent documents them (2026-11): Claude Code .claude/skills
 * (docs.anthropic.com/en/docs/claude-code/skills); Codex .agents/skills (developers.openai.com/
 * codex/skills); OpenCode .opencode/skills, ~/.config/opencode/skills (opencode.ai/docs/skills);
 * Roo Code .roo/skills; Gemini CLI .gemini/skills, ~/.gemini/skills (geminicli.com/docs/cli/
 * skills); Cursor .cursor/skills, ~/.cursor/skills (cursor.com/docs/context/skills); GitHub
 * Copilot .github/skills, ~/.copilot/skills (docs.github.com/en/copilot/concepts/agents/
 * about-agent-skills); Cline .cline/skills, ~/.cline/skills (docs.cline.bot/customization/
 * skills). `.agents/skills` is the shared location of the Agent Skills standard, read by
 * Codex, OpenCode, Gemini CLI, Cursor and Copilot: the "agents" row writes only there, for
 * any agent that reads it (render.ts keeps that copy's frontmatter to name + description).
 *
 * Each agent gets the skill once where it will read it once (issue 24): Codex 0.169 lists a
 * skill found in both `.codex/skills` and `.agents/skills` twice, and Gemini CLI 0.61 warns "Skill
 * conflict detected" when `.gemini/skills` and `.agents/skills` both hold it (as they do once
 * Codex is set up too). Both read `.agents/skills` (project and home), so both rows write only
 * there; their former folders are legacy: found, migrated away by setup, removed by uninstall.
 */
import path from 'node:path';

export type { Integration } from '../../shared/agents';
import type { InstallScope, Integration } from '../../shared/agents';
export type Scope = InstallScope;

export interface IntegrationRow {
  readonly target: Integration;
  readonly label: string;
  /** Skill-package directories under the workspace root. */
  readonly projectDirs: readonly string[];
  /** Skill-package directories under the home directory. */
  readonly homeDirs: readonly string[];
  /** Places older versions (or the spec) used: looked at by discovery and uninstall, never written. */
  readonly legacyHomeDirs?: readonly string[];
  readonly legacyProjectDirs?: readonly string[];
  /** Extra files the agent reads inside the package (rendered by render.ts). */
  readonly sideFiles?: readonly 'agents/openai.yaml'[];
}

export const SKILL_FILE = 'SKILL.md';

/** The Agent Skills standard's shared location; several rows write the same files there. */
export const SHARED_SKILL_DIR = '.agents/skills/consider';

/** A package in the shared location (its frontmatter carries only what the standard defines). */
export function isSharedSkillDir(dir: string): boolean {
  return dir.split(/[\\/]/).slice(-3).join('/') === SHARED_SKILL_DIR;
}

const TABLE: readonly IntegrationRow[] = [
  { target: 'claude', label: 'Claude Code', projectDirs: ['.claude/skills/consider'], homeDirs: ['.claude/skills/consider'] },
  // Codex: spec §8.1 names .codex/skills; Codex reads .agents/skills (and still .codex/skills,
  // listing a skill in both twice): only the shared one is written.
  { target: 'codex', label: 'Codex', projectDirs: [SHARED_SKILL_DIR], homeDirs: [SHARED_SKILL_DIR], sideFiles: ['agents/openai.yaml'],
    legacyProjectDirs: ['.codex/skills/consider'], legacyHomeDirs: ['.codex/skills/consider'] },
  // OpenCode reads ~/.config/opencode/skills (its documented global location); spec §8.1's
  // ~/.opencode/skills is not read by OpenCode, so it is only cleaned up if found.
  { target: 'opencode', label: 'OpenCode', projectDirs: ['.opencode/skills/consider'],
    homeDirs: ['.config/opencode/skills/consider'], legacyHomeDirs: ['.opencode/skills/consider'] },
  { target: 'roo', label: 'Roo Code', projectDirs: ['.roo/skills/consider'], homeDirs: ['.roo/skills/consider'] },
  // Gemini CLI reads .gemini/skills and .agents/skills and warns when both hold a skill: only the shared one.
  { target: 'gemini', label: 'Gemini CLI', projectDirs: [SHARED_SKILL_DIR], homeDirs: [SHARED_SKILL_DIR],
    legacyProjectDirs: ['.gemini/skills/consider'], legacyHomeDirs: ['.gemini/skills/consider'] },
  { target: 'cursor', label: 'Cursor', projectDirs: ['.cursor/skills/consider'], homeDirs: ['.cursor/skills/consider'] },
  { target: 'copilot', label: 'GitHub Copilot', projectDirs: ['.github/skills/consider'], homeDirs: ['.copilot/skills/consider'] },
  { target: 'cline', label: 'Cline', projectDirs: ['.cline/skills/consider'], homeDirs: ['.cline/skills/consider'] },
  { target: 'agents', label: 'Other agents (.agents/skills)', projectDirs: [SHARED_SKILL_DIR], homeDirs: [SHARED_SKILL_DIR], sideFiles: ['agents/openai.yaml'] },
];

/** Absolute skill-package directories for one integration at one scope. */
export function skillDirs(row: IntegrationRow, scope: Scope, root: string, home: string): string[] {
  const base = scope === 'project' ? root : home;
  return (scope === 'project' ? row.projectDirs : row.homeDirs).map((d) => path.join(base, d));
}

/** Where older versions wrote this integration's skill at one scope (never written now). */
export function legacySkillDirs(row: IntegrationRow, scope: Scope, root: string, home: string): string[] {
  const base = scope === 'project' ? root : home;
  return ((scope === 'project' ? row.legacyProjectDirs : row.legacyHomeDirs) ?? []).map((d) => path.join(base, d));
}

/** The wizard-facing view of the table (signature fixed in the team contract). */
export const INTEGRATIONS: readonly {
  target: Integration;
  label: string;
  projectPath(root: string): string;
  homePath(home: string): string;
}[] = TABLE.map((row) => ({
  target: row.target,
  label: row.label,
  projectPath: (root: string) => path.join(root, row.projectDirs[0]!, SKILL_FILE),
  homePath: (home: string) => path.join(home, row.homeDirs[0]!, SKILL_FILE),
}));

export const INTEGRATION_ROWS: readonly IntegrationRow[] = TABLE;

export function integrationRow(target: string): IntegrationRow | undefined {
  return TABLE.find((r) => r.target === target);
}
