/**
 * Where each agent reads a skill from: THE table. Supporting a new agent is one row here
 * (plus, if it needs them, a frontmatter extra or a side file in extension/setup/render.ts).
 *
 * Each row lists the skill-package directories, relative to the workspace root (project
 * scope) or the home directory (home scope). Every directory ends in `skills/consider`:
 * uninstall deletes nothing else (see safety.ts). The first directory is the primary one
 * shown in the wizard; the others are extra copies the agent also reads.
 */
import path from 'node:path';

export type Integration = 'claude' | 'codex' | 'opencode' | 'roo';
export type Scope = 'project' | 'home';

export interface IntegrationRow {
  readonly target: Integration;
  readonly label: string;
  /** Skill-package directories under the workspace root. */
  readonly projectDirs: readonly string[];
  /** Skill-package directories under the home directory. */
  readonly homeDirs: readonly string[];
  /** Places older versions (or the spec) used: looked at by discovery and uninstall, never written. */
  readonly legacyHomeDirs?: readonly string[];
  /** Extra files the agent reads inside the package (rendered by render.ts). */
  readonly sideFiles?: readonly 'agents/openai.yaml'[];
}

export const SKILL_FILE = 'SKILL.md';

const TABLE: readonly IntegrationRow[] = [
  { target: 'claude', label: 'Claude Code', projectDirs: ['.claude/skills/consider'], homeDirs: ['.claude/skills/consider'] },
  // Codex: spec §8.1 names .codex/skills; current Codex versions read .agents/skills. Write both.
  { target: 'codex', label: 'Codex', projectDirs: ['.codex/skills/consider', '.agents/skills/consider'],
    homeDirs: ['.codex/skills/consider', '.agents/skills/consider'], sideFiles: ['agents/openai.yaml'] },
  // OpenCode reads ~/.config/opencode/skills (its documented global location); spec §8.1's
  // ~/.opencode/skills is not read by OpenCode, so it is only cleaned up if found.
  { target: 'opencode', label: 'OpenCode', projectDirs: ['.opencode/skills/consider'],
    homeDirs: ['.config/opencode/skills/consider'], legacyHomeDirs: ['.opencode/skills/consider'] },
  { target: 'roo', label: 'Roo Code', projectDirs: ['.roo/skills/consider'], homeDirs: ['.roo/skills/consider'] },
];

/** Absolute skill-package directories for one integration at one scope. */
export function skillDirs(row: IntegrationRow, scope: Scope, root: string, home: string): string[] {
  const base = scope === 'project' ? root : home;
  return (scope === 'project' ? row.projectDirs : row.homeDirs).map((d) => path.join(base, d));
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
