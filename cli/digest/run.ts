/** Runs `digest` (command.ts): reads the store as the agent sees it, builds the page, prints it. */
import { loadForRead, type Ctx } from '../command';
import { writeJson, writeOut } from '../output';
import { buildDigest, type Since } from './digest';

export async function writeDigest(ctx: Ctx, since: Since, maxChars: number): Promise<void> {
  const { store, visible } = await loadForRead(ctx);
  const digest = buildDigest(ctx.root, store, visible, { since, maxChars });
  // The agent view (`--lean`, what the MCP tool answers) is the page itself: Markdown is what an agent reads.
  if (ctx.json && !ctx.lean) writeJson(digest.json);
  else writeOut(digest.page.markdown);
}
