#!/usr/bin/env node
// The typed list of command ids (extension/command-ids.ts) and package.json name the same
// commands; every listed command is registered (registerCommand(CommandIds.x, …)); no code writes
// a command id as a string; every menu item and keybinding names a contributed command
// (style.md item 13). Static: reads package.json, the list and the code under extension/.
// Exit 0 when consistent; else one line per problem and exit 1.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolvedManifest } from './l10n.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function checkCommands(repo = root) {
  // The category is checked as the user reads it (package.json says %category%: package.nls.json).
  const pkg = fs.existsSync(path.join(repo, 'package.nls.json')) ? resolvedManifest(repo) : JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
  const contributes = pkg.contributes ?? {};
  const contributed = new Set((contributes.commands ?? []).map((c) => c.command));
  // THE list of command ids (extension/command-ids.ts): `name: 'consider.x'` entries.
  const listFile = path.join(repo, 'extension/command-ids.ts');
  const listed = new Map([...fs.readFileSync(listFile, 'utf8').matchAll(/^\s*(\w+): '(consider\.[\w.]+)',/gm)].map((m) => [m[1], m[2]]));
  const registered = new Set();
  const literal = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && p !== listFile) {
        const text = fs.readFileSync(p, 'utf8');
        for (const m of text.matchAll(/registerCommand\(\s*CommandIds\.(\w+)/g)) registered.add(listed.get(m[1]) ?? `CommandIds.${m[1]}`);
        for (const m of text.matchAll(/(?:registerCommand|executeCommand)\(\s*['"`](consider\.[^'"`]+)['"`]/g)) literal.push(`${path.relative(repo, p)}: ${m[1]}`);
      }
    }
  };
  walk(path.join(repo, 'extension'));
  const problems = [];
  const ids = new Set(listed.values());
  for (const id of contributed) if (!ids.has(id)) problems.push(`${id}: contributed in package.json but not in extension/command-ids.ts`);
  for (const id of ids) if (!contributed.has(id)) problems.push(`${id}: in extension/command-ids.ts but not contributed in package.json`);
  for (const id of ids) if (!registered.has(id)) problems.push(`${id}: in extension/command-ids.ts but never registered`);
  for (const id of registered) if (!ids.has(id)) problems.push(`${id}: registered but not in extension/command-ids.ts`);
  for (const where of literal) problems.push(`${where}: a command id written as a string; use CommandIds from extension/command-ids.ts`);
  for (const c of contributes.commands ?? []) if (c.category !== 'Consider') problems.push(`${c.command}: category is ${JSON.stringify(c.category)}, not "Consider"`);
  for (const [menu, items] of Object.entries(contributes.menus ?? {})) {
    for (const item of items) if (item.command && !contributed.has(item.command)) problems.push(`menu ${menu}: ${item.command} is not a contributed command`);
  }
  for (const k of contributes.keybindings ?? []) if (!contributed.has(k.command)) problems.push(`keybinding ${k.key}: ${k.command} is not a contributed command`);
  return { contributed: [...contributed], registered: [...registered], problems };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { contributed, problems } = checkCommands();
  for (const p of problems) console.error(p);
  if (problems.length) process.exit(1);
  console.log(`${contributed.length} contributed commands, all registered`);
}
