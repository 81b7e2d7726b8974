/**
 * How the CLI tells the agent about a rejected change (Comment.rejected, docs/agent-loop.md): the
 * thread's body is the developer's reason; these say which change it rejects (the lines it
 * removed and added), and what became of the revert the developer asked for. One wording for
 * `list`, `review`, `get`/`thread`, the digest and the agent view (`--lean`, MCP).
 */
import type { Comment, RejectedChange } from '../shared';
import { plural, rejectedChangeLeft } from '../shared';
import { inert, oneLine } from './output';

/** `+2 −1 lines` of a rejected change. */
function size(r: RejectedChange): string {
  return `${r.newLines ? `+${plural(r.newLines, 'line')}` : ''}${r.newLines && r.oldLines ? ' ' : ''}${r.oldLines ? `−${plural(r.oldLines, 'line')}` : ''}` || 'no lines';
}

/** What became of the revert, in words; undefined when none was asked for. */
export function revertText(r: RejectedChange): string | undefined {
  const v = r.revert;
  if (!v) return undefined;
  if (v.state === 'queued') return 'the developer asked for it to be reverted when your turn ends (not reverted yet)';
  if (v.state === 'applied') return `the developer reverted it (${inert(v.at)}): the file holds the baseline's lines again — do not write it back`;
  return `the developer asked for a revert, which was not made (${v.reason ? inert(v.reason) : 'no reason given'}): revert it yourself, or answer why not`;
}

/**
 * Why a thread is not on its code, in the CLI's words (`list`, `get`, `--lean`'s `reason`, the
 * digest): for a rejected change that was reverted or taken out, that — not the anchor's "the
 * commented lines were edited", which reads as if the code had changed under the thread.
 */
export function notAnchoredReason(c: Comment): string | undefined {
  const left = rejectedChangeLeft(c);
  if (left === 'reverted') return REVERTED_REASON;
  if (left === 'gone') return GONE_REASON;
  return c.anchorState !== 'anchored' && typeof c.anchor.reason === 'string' ? c.anchor.reason : undefined;
}

export const REVERTED_REASON = 'the change was reverted: the baseline\'s lines are back (not stale: no edit under the thread)';
export const GONE_REASON = 'the rejected change is no longer in the file (taken out or rewritten since)';

/** The word `list` puts before that reason: `reverted`, `gone`, else the anchor state. */
export function notAnchoredWord(c: Comment): string {
  return rejectedChangeLeft(c) ?? c.anchorState;
}

/** One line for `list` and `review`: `rejected change (+2 lines −1 line, against review round 1); reverted …`. */
export function rejectedLine(c: Comment): string | undefined {
  const r = c.rejected;
  if (!r) return undefined;
  const parts = [`rejected change (${size(r)} against ${oneLine(r.label, 60)}): the comment says why`];
  const revert = revertText(r);
  if (revert) parts.push(revert);
  if (r.backAt) parts.push(`you wrote the rejected change again (seen ${inert(r.backAt)})`);
  return parts.join('; ');
}

/** The change itself, for `get`/`thread` and the digest: its lines with `-` and `+`, at most `max` of each. */
export function rejectedDiff(r: RejectedChange, max = 40): string {
  const side = (text: string, count: number, mark: string): string[] => {
    if (!count) return [];
    const lines = text.split('\n');
    const shown = lines.slice(0, max).map((l) => `${mark} ${inert(l)}`);
    if (lines.length > max) shown.push(`  … ${plural(lines.length - max, 'more line')}`);
    return shown;
  };
  return [...side(r.removed, r.oldLines, '-'), ...side(r.added, r.newLines, '+')].join('\n');
}

/**
 * What `review --lean` (the MCP `review` tool) says of a round's rejected changes, beside its
 * threads — the text's closing line, as data: how many of its threads reject a change, how many
 * of those the developer reverted already, and which threads they are. Undefined when none.
 */
export function rejectedInRound(threads: readonly Comment[]): Record<string, unknown> | undefined {
  const rejected = threads.filter((c) => c.rejected);
  if (!rejected.length) return undefined;
  const reverted = rejected.filter((c) => c.rejected!.revert?.state === 'applied');
  return {
    count: rejected.length,
    ...(reverted.length ? { reverted: reverted.length } : {}),
    ids: rejected.map((c) => c.id),
    note: 'each of these threads rejects a change you made: its body says why, its `rejected` field is the change and what became of its revert',
  };
}

/** The agent view's `rejected` field (`--lean`, MCP). */
export function rejectedView(r: RejectedChange | undefined): Record<string, unknown> | undefined {
  if (!r) return undefined;
  return {
    against: r.label,
    removed: r.oldLines ? r.removed : undefined,
    added: r.newLines ? r.added : undefined,
    revert: r.revert ? { state: r.revert.state, at: r.revert.at, ...(r.revert.reason ? { reason: r.revert.reason } : {}) } : undefined,
    writtenAgainAt: r.backAt,
  };
}
