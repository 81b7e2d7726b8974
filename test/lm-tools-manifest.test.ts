/**
 * package.json declares Consider's language-model tools (`contributes.languageModelTools`): the
 * same tools, descriptions and input schemas as the table the MCP server and the extension use
 * (shared/agent-tools.ts). VS Code reads the declaration before the extension runs, so it must
 * be in the manifest; this keeps it equal to the table. `UPDATE_LM_TOOLS=1 npx vitest run
 * test/lm-tools-manifest.test.ts` rewrites it after a change to the table.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { TOOLS, inputJsonSchema, type ToolName } from '../shared/agent-tools';
// @ts-expect-error: a plain ES module script without types
import { resolvedManifest } from '../scripts/l10n.mjs';

const manifest = path.resolve(__dirname, '..', 'package.json');

function declared(): unknown[] {
  return (Object.keys(TOOLS) as ToolName[]).map((name) => ({
    name: `consider_${name}`,
    displayName: `Consider: ${TOOLS[name].title}`,
    toolReferenceName: `consider-${name}`,
    canBeReferencedInPrompt: true,
    icon: '$(comment-discussion)',
    tags: ['consider', 'code-review'],
    userDescription: TOOLS[name].description,
    modelDescription: TOOLS[name].description,
    inputSchema: inputJsonSchema(name),
  }));
}

it('package.json declares exactly the tools of shared/agent-tools.ts', () => {
  if (process.env.UPDATE_LM_TOOLS) {
    // The user-visible fields then go to package.nls.json with `node scripts/l10n.mjs manifest`.
    const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    pkg.contributes.languageModelTools = declared();
    fs.writeFileSync(manifest, JSON.stringify(pkg, null, 2) + '\n');
  }
  // As the user reads it: displayName and userDescription are %keys% of package.nls.json.
  expect(resolvedManifest().contributes.languageModelTools).toEqual(declared());
});
