/** The product's version, as the build stamped it. */
import fs from 'node:fs';
import path from 'node:path';

/**
 * The version stamp: beside the CLI where setup deploys it (`.consider/bin/VERSION`, next to
 * the bundle), one folder up in the build (`dist/runtime/VERSION`). `__dirname` is the
 * bundle's folder (consider-cli.cjs and consider-mcp.cjs sit side by side).
 */
export function productVersion(): string {
  for (const file of [path.join(__dirname, 'VERSION'), path.join(__dirname, '..', 'VERSION')]) {
    try {
      return fs.readFileSync(file, 'utf8').trim();
    } catch {
      /* try the next place */
    }
  }
  return 'unknown';
}
