// Fixture workspaces live in e2e/vscode/fixtures/<name>/ and are copied for every run, so a
// test can write stores and rewrite files freely without touching the repository.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');

export function copyFixture(name, dest) {
  const src = path.join(fixtures, name);
  if (!fs.existsSync(src)) throw new Error(`no fixture workspace ${name} in ${fixtures}`);
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  fs.cpSync(src, dest, { recursive: true });
  return dest;
}
