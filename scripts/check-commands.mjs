#!/usr/bin/env node
// Every command package.json contributes is registered by the extension's code, every
// `consider.*` command the code registers is contributed (so it has a title and a category),
// and every menu item and keybinding names a contributed command (style.md item 13).
// Static: reads package.json and the registerCommand('…') calls under extension/.
// Exit 0 when consistent; else one line per problem and exit 1.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function checkCommands(repo = root) {
  const pkg = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
  const contributes = pkg.contributes ?? {};
  const contributed = new Set((contributes.commands ?? []).map((c) => c.command));
  const registered = new Set();
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name)) {
        for (const m of fs.readFileSync(p, 'utf8').matchAll(/registerCommand\(\s*['"`]([^'"`]+)['"`]/g)) registered.add(m[1]);
      }
    }
  };
  walk(path.join(repo, 'extension'));
  const problems = [];
  for (const id of contributed) if (!registered.has(id)) problems.push(`${id}: contributed in package.json but never registered`);
  for (const id of registered) if (id.startsWith('consider.') && !contributed.has(id)) problems.push(`${id}: registered but not contributed in package.json`);
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
