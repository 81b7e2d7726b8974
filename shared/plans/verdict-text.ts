/**
 * The verdict as the agent reads it (docs/plan-gate.md): what the developer decided, their
 * overall note, and every comment quoted next to the plan lines it is about, then what to do
 * next. The same text reaches the agent by every route (the CLI's `plan submit --wait`, the
 * MCP tool, each agent's plan hook); only the last line, how to submit the next version,
 * differs by route.
 */
import type { Comment } from '../model';
import { splitLines } from '../text';
import type { PlanRecord, PlanVerdict } from './model';

/** Lines quoted from the plan per comment at most; the rest is counted. */
const MAX_QUOTED_LINES = 8;

export interface VerdictTextInput {
  plan: Pick<PlanRecord, 'id' | 'title'>;
  verdict: PlanVerdict;
  /** The threads the verdict delivers (verdict.threadIds as they are in the store now). */
  threads: readonly Comment[];
  /** The text of the version the verdict is about. */
  versionText: string;
  /** What to do after revising (changes requested): how this route submits the next version. */
  resubmit: string;
  /** How the agent answers a comment on this route, naming a real comment (cli/plans/outcome.ts replyHint). */
  replyHint?: string;
}

/** `lines 5-6`, `line 9`. */
function lineLabel(c: Comment): string {
  const { startLine, endLine } = c.anchor;
  return startLine === endLine ? `line ${startLine}` : `lines ${startLine}-${endLine}`;
}

/** The plan's lines under a comment, marked `| ` (not `> `: Gemini CLI shows a quoted `>` as `&gt;`). */
function quote(lines: readonly string[], indent: string): string[] {
  const shown = lines.slice(0, MAX_QUOTED_LINES).map((l) => `${indent}| ${l}`);
  if (lines.length > MAX_QUOTED_LINES) shown.push(`${indent}| … (${lines.length - MAX_QUOTED_LINES} more lines)`);
  return shown;
}

function commentBlock(c: Comment, n: number, planLines: readonly string[]): string[] {
  const out = [`${n}. [${c.id}] on ${lineLabel(c)} of the plan:`];
  const { startLine, endLine } = c.anchor;
  const here = startLine >= 1 && endLine <= planLines.length ? planLines.slice(startLine - 1, endLine) : [];
  if (c.anchorState !== 'anchored') {
    out.push(`   (written on a step that has changed since; it was about:)`, ...quote(splitLines(c.anchor.targetContent), '   '));
  } else if (here.length) out.push(...quote(here, '   '));
  out.push(...indentBody(c.body, '   '));
  for (const r of c.thread) out.push(`   — ${r.author === 'human' ? 'developer' : 'you'}${r.disposition ? ` (${r.disposition})` : ''}:`, ...indentBody(r.body, '     '));
  return out;
}

function indentBody(body: string, indent: string): string[] {
  return body.replace(/\r\n?/g, '\n').split('\n').map((l) => indent + l);
}

export function verdictText(input: VerdictTextInput): string {
  const { plan, verdict, threads } = input;
  const name = `"${plan.title}" (${plan.id}, version ${verdict.version})`;
  const out: string[] = [];
  if (verdict.verdict === 'approved') {
    out.push(`Approved: the developer approved your plan ${name} in VS Code. Proceed with it.`);
  } else {
    out.push(`Changes requested: the developer reviewed your plan ${name} in VS Code and asks you to revise it before you write any code.`);
  }
  if (verdict.message !== undefined) out.push('', 'Overall note from the developer:', ...indentBody(verdict.message, '  '));
  if (threads.length) {
    const planLines = splitLines(input.versionText);
    out.push('', verdict.verdict === 'approved'
      ? `Follow ${threads.length === 1 ? 'this comment' : `these ${threads.length} comments`} as instructions while you implement:`
      : `${threads.length === 1 ? '1 comment' : `${threads.length} comments`} on the plan:`);
    threads.forEach((c, i) => out.push('', ...commentBlock(c, i + 1, planLines)));
  }
  out.push('');
  if (verdict.verdict === 'approved') {
    if (threads.length && input.replyHint) out.push(`When you have done what a comment asks, answer it: ${input.replyHint}.`);
  } else {
    out.push(`Revise the plan: address every comment, keep the steps nobody commented on, and do not start implementing. ${input.resubmit}`);
    if (threads.length && input.replyHint) out.push(`You may answer a comment directly (for instance to decline it, saying why): ${input.replyHint}.`);
  }
  while (out[out.length - 1] === '') out.pop();
  return out.join('\n');
}
