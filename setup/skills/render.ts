/**
 * Renders the one skill source (skills/SKILL.template.md + skills/skill.json) into the
 * files each agent expects (spec §8.1). Every SKILL.md gets the same frontmatter — `name`,
 * `description` and a `metadata.version` stamp (spec §9.8) — which every agent accepts;
 * per-agent differences are side files listed in the integration table. The copy in the
 * shared `.agents/skills` folder, read by agents we cannot test each of, keeps to the
 * Agent Skills spec's two required keys; its version stamp is the comment line.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { IntegrationRow } from '../targets/skills';
import { INTEGRATION_ROWS, SHARED_SKILL_DIR, SKILL_FILE, isSharedSkillDir } from '../targets/skills';
import { sha256 } from '../fsutil';

export const SKILL_NAME = 'consider';

export interface RenderedFile {
  /** Path inside the skill package, with '/'. */
  rel: string;
  content: string;
}

interface SkillMeta {
  name: string;
  description: string;
}

function readMeta(skillsDir: string): SkillMeta {
  const meta = JSON.parse(fs.readFileSync(path.join(skillsDir, 'skill.json'), 'utf8')) as SkillMeta;
  if (meta.name !== SKILL_NAME) throw new Error(`skills/skill.json: name must be "${SKILL_NAME}"`);
  if (!meta.description || meta.description.length > 1024 || /[\r\n]/.test(meta.description)) {
    throw new Error('skills/skill.json: description must be one line of 1-1024 characters');
  }
  return meta;
}

/** A JSON string is a valid YAML double-quoted scalar: safe for colons, quotes and backticks. */
const yamlString = (s: string): string => JSON.stringify(s);

/** The files of the package at `dir` (`dir` matters only for the shared `.agents/skills` copy). */
export function renderSkill(row: IntegrationRow, skillsDir: string, version: string, dir = ''): RenderedFile[] {
  const meta = readMeta(skillsDir);
  const body = fs.readFileSync(path.join(skillsDir, 'SKILL.template.md'), 'utf8');
  const stamp = isSharedSkillDir(dir) ? [] : ['metadata:', `  version: ${yamlString(version)}`, `  generated-by: ${yamlString('Consider setup')}`];
  const skill = [
    '---',
    `name: ${meta.name}`,
    `description: ${yamlString(meta.description)}`,
    ...stamp,
    '---',
    `<!-- Installed by Consider ${version}. If you edit this file, Consider asks before updating it. -->`,
    '',
    body,
  ].join('\n');
  const files: RenderedFile[] = [{ rel: SKILL_FILE, content: skill }];
  // The shared folder holds one package whichever agent writes it (Codex, Gemini CLI, `agents`):
  // the side files of every row that writes there, so its fingerprint does not depend on the writer.
  const sides = isSharedSkillDir(dir)
    ? [...new Set(INTEGRATION_ROWS.filter((r) => [...r.projectDirs, ...r.homeDirs].includes(SHARED_SKILL_DIR)).flatMap((r) => r.sideFiles ?? []))]
    : row.sideFiles ?? [];
  for (const side of sides) {
    if (side === 'agents/openai.yaml') {
      files.push({ rel: side, content: fs.readFileSync(path.join(skillsDir, 'openai.template.yaml'), 'utf8') });
    }
  }
  return files;
}

/**
 * Fingerprint of a skill package's files as setup wrote them. Stored in config.json so a
 * later refresh can tell "still exactly what we wrote" from "the user edited it".
 */
export function packageHash(files: readonly RenderedFile[]): string {
  return sha256(files.map((f) => `${f.rel}\0${f.content}\0`).join(''));
}

/** The same fingerprint over what is on disk now (undefined when a file is missing). */
export function packageHashOnDisk(dir: string, rels: readonly string[]): string | undefined {
  const files: RenderedFile[] = [];
  for (const rel of rels) {
    try {
      files.push({ rel, content: fs.readFileSync(path.join(dir, rel), 'utf8') });
    } catch {
      return undefined;
    }
  }
  return packageHash(files);
}

/** The version stamped in an installed SKILL.md's frontmatter, if any. */
export function installedSkillVersion(skillFile: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(skillFile, 'utf8');
  } catch {
    return undefined;
  }
  const m = /^---\n[\s\S]*?\n {2}version: "([^"]+)"[\s\S]*?\n---/.exec(text);
  return m?.[1];
}

/** True when a SKILL.md declares `name: consider` (discovery must not touch other skills). */
export function isConsiderSkill(skillFile: string): boolean {
  try {
    const head = fs.readFileSync(skillFile, 'utf8').slice(0, 2000);
    return /^---\r?\n(?:[\s\S]*?\r?\n)?name:\s*["']?consider["']?\s*\r?\n/.test(head);
  } catch {
    return false;
  }
}
