/**
 * `consider-cli digest`: the review on one Markdown page (digest.ts), for an agent session
 * that picks up an unfinished review, or a teammate. The work is loaded only when the command
 * runs (like `hook`): no other command pays for it.
 */
import { ConsiderError } from '../../shared';
import type { Command, Values } from '../command';
import type { Since } from './digest';

const DEFAULT_MAX_CHARS = 12_000;
const MIN_MAX_CHARS = 2_000;
const MAX_MAX_CHARS = 1_000_000;

function roundNumber(raw: string, flag: string): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < 1) throw new ConsiderError('usage', `${flag} takes a review round's number (got ${JSON.stringify(raw)})`, 'e.g. --round 2; `consider-cli review` shows the rounds');
  return n;
}

/** --round N, or --since head|branch:<ref>|round:<N>|<N>|mark; by default what the Changes view opens on (the newest round or mark, else the last commit). */
export function sinceOf(values: Values): Since {
  const { round, since } = values;
  if (round !== undefined && since !== undefined) throw new ConsiderError('usage', '--round and --since cannot be combined', '--round N is the same as --since round:N');
  if (typeof round === 'string') return { kind: 'round', round: roundNumber(round, '--round') };
  if (typeof since !== 'string') return { kind: 'latest' };
  if (since === 'head' || since === 'HEAD') return { kind: 'head' };
  if (since === 'mark') return { kind: 'mark' };
  if (since.startsWith('branch:') && since.length > 'branch:'.length) return { kind: 'branch', ref: since.slice('branch:'.length) };
  if (since.startsWith('round:')) return { kind: 'round', round: roundNumber(since.slice('round:'.length), '--since round:') };
  if (/^\d+$/.test(since)) return { kind: 'round', round: roundNumber(since, '--since') };
  throw new ConsiderError('usage', `--since must be head, branch:<ref>, round:<N> or mark (got ${JSON.stringify(since)})`, 'e.g. --since branch:main');
}

export function maxCharsOf(values: Values): number {
  const raw = values['max-chars'];
  if (raw === undefined) return DEFAULT_MAX_CHARS;
  const n = Number(raw);
  if (typeof raw !== 'string' || !/^\d+$/.test(raw.trim()) || n < MIN_MAX_CHARS || n > MAX_MAX_CHARS) {
    throw new ConsiderError('usage', `--max-chars must be a whole number from ${MIN_MAX_CHARS} to ${MAX_MAX_CHARS} (got ${JSON.stringify(raw)})`);
  }
  return n;
}

export const digest: Command = {
  name: 'digest',
  summary: 'the whole review on one Markdown page: open threads in the order to take them, rounds, what was done, files changed',
  usage: 'consider-cli digest [--round N | --since head|branch:<ref>|round:<N>|mark] [--max-chars N] [--json]',
  options: { round: { type: 'string' }, since: { type: 'string' }, 'max-chars': { type: 'string' } },
  optionHelp: [
    ['(default)', 'the files changed since what the Changes view compares with: your newest review round or Mark All Reviewed (its capture of the workspace), else the last commit'],
    ['--since head', 'count the files changed since the last commit, with untracked files'],
    ['--since branch:REF', 'since the merge-base of HEAD with REF (a branch, tag or commit)'],
    ['--round N', 'since review round N was submitted, from its capture of the workspace (same as --since round:N); from the last commit when none was kept'],
    ['--since mark', 'since your last Mark All Reviewed (its capture of the workspace)'],
    ['--max-chars N', `the page's size cap in characters (default ${DEFAULT_MAX_CHARS}, ${MIN_MAX_CHARS} to ${MAX_MAX_CHARS}); what does not fit is counted, with the command that shows it`],
    ['(--json)', '{markdown, chars, maxChars, baseline, threads: [{id, group, shown}], shown, omitted}'],
    ['(read)', 'marks nothing as read; the threads of the developer\'s pending review are not in it'],
  ],
  examples: [
    'consider-cli digest',
    'consider-cli digest --since branch:main --max-chars 20000',
    'consider-cli digest --round 2 > review.md',
  ],
  positionals: [0, 0, ''],
  async run(ctx) {
    const since = sinceOf(ctx.values);
    const maxChars = maxCharsOf(ctx.values);
    const { writeDigest } = await import('./run');
    await writeDigest(ctx, since, maxChars);
  },
};
