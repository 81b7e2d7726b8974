/**
 * The digest's parts as Markdown: one open thread (place, state, a short excerpt of its code,
 * the comment and its last exchange), one review round, one changed file, one resolved
 * thread. Every piece of text that comes from the store, the files or git goes through
 * markdown.ts (a code span or a fence); the page's own words are the only Markdown here.
 * Each part is bounded: bodies, code and messages are cut to a few hundred characters, and a
 * cut says how much was left out and which command shows all of it.
 */
import type { Comment, Reply, ReviewRound } from '../../shared';
import { dispositionOf, groupDigits, isUnseen, plural, pullRequestAccount, pullRequestOrigin, pullRequestReplyAuthor, rejectedChangeLeft } from '../../shared';
import { codeLines, missingCodeReason, readCodeContext } from '../code';
import { lineSpan } from '../output';
import { notAnchoredReason, notAnchoredWord, rejectedDiff } from '../rejected';
import type { ChangedFile } from './changed-files';
import { codeSpan, cut, fenced } from './markdown';

/** How much of each text a part shows. */
export const LIMITS = {
  /** The thread's comment. */
  commentChars: 700,
  /** Each reply of the last exchange. */
  replyChars: 500,
  /** Replies shown: the newest ones. */
  replies: 2,
  /** Lines of code around the commented ones. */
  codeAround: 1,
  /** Lines of a code excerpt (today's or the stored one), and characters of each line. */
  codeLines: 8,
  codeLineChars: 160,
  /** A review round's overall message. */
  roundMessageChars: 1_200,
  /** A resolved thread's one-line excerpt. */
  excerptChars: 80,
};

/** The command agents run, as the skill names it (the page says where it is). */
export const CLI = 'consider-cli';

/** A command to run, inline. */
export const command = (text: string): string => codeSpan(`${CLI} ${text}`);

const who = (author: string): string => (author === 'human' ? 'the developer' : author === 'agent' ? 'the agent' : codeSpan(author));

/** `2026-05-01 10:00 UTC` for the store's ISO times; anything else as written, inert. */
export function when(iso: string | undefined): string {
  if (iso === undefined) return 'at an unknown time';
  const m = /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d)(?::[\d.]+)?Z$/.exec(iso);
  return m ? `${m[1]} ${m[2]} UTC` : codeSpan(iso);
}

/** `src/a.ts:4-6`. */
export const place = (c: Comment): string => codeSpan(`${c.file}:${lineSpan(c)}`);

/** A text in a fence, cut to `max` characters with a line saying so. */
function quoted(text: string, max: number, id: string): string {
  const { text: shown, left } = cut(text, max);
  const fence = fenced(shown);
  return left ? `${fence}\n\n(cut: ${plural(left, 'more character')}; all of it: ${command(`thread ${id}`)})` : fence;
}

/** Code lines in a fence: at most LIMITS.codeLines lines of at most LIMITS.codeLineChars characters. */
function codeFence(lines: string[]): string {
  const long = lines.length > LIMITS.codeLines;
  const clip = (line: string): string => (cut(line, LIMITS.codeLineChars).left ? `${cut(line, LIMITS.codeLineChars - 1).text}…` : line);
  const shown = (long ? lines.slice(0, LIMITS.codeLines - 1) : lines).map(clip);
  if (long) shown.push(`… ${plural(lines.length - shown.length, 'more line')}`);
  return fenced(shown.join('\n'));
}

/** The thread's code: today's lines at its place, and what it was written about when that differs or is gone. */
function codePart(root: string, c: Comment): string {
  const writtenAbout = `Written about (the code when the comment was made):\n\n${codeFence(c.anchor.targetContent.split('\n'))}`;
  // Orphaned: the "why" line above already says the file is gone.
  if (c.anchorState === 'orphaned') return writtenAbout;
  const missing = missingCodeReason(root, c);
  const code = missing ? undefined : readCodeContext(root, c, LIMITS.codeAround);
  if (!code) return `No code to show now (${missing ? codeSpan(missing) : 'the file could not be read'}).\n\n${writtenAbout}`;
  const today = codeFence(codeLines(code));
  if (c.anchorState === 'stale') return `Code now at its place (\`>\` marks the lines):\n\n${today}\n\n${writtenAbout}`;
  return `Code (\`>\` marks the commented lines):\n\n${today}`;
}

function replyPart(r: Reply, id: string, pr?: number): string {
  const said = r.disposition ? `, ${r.disposition}` : '';
  const author = pullRequestReplyAuthor(r, pr);
  return `Reply by ${author ? codeSpan(author) : who(r.author)}, ${when(r.editedAt ?? r.createdAt)}${said}:\n\n${quoted(r.body, LIMITS.replyChars, id)}`;
}

/** An open thread: where it is, its state, its code, the comment and the last exchange. */
export function threadBlock(root: string, c: Comment, number: number): string {
  const state = [
    c.anchorState === 'anchored' ? 'anchored' : `**${notAnchoredWord(c) === 'reverted' ? 'change reverted' : notAnchoredWord(c) === 'gone' ? 'rejected change gone' : c.anchorState}**`,
    ...(isUnseen(c) ? ['**unseen** by the agent'] : []),
    ...(dispositionOf(c) ? [`agent said: ${dispositionOf(c)}`] : []),
    ...(c.round !== undefined ? [`review round ${c.round}`] : []),
    pullRequestOrigin(c) ? codeSpan(pullRequestOrigin(c)!) : `opened by ${who(c.author)}`,
    plural(c.thread.length, 'reply', 'replies'),
  ];
  const parts = [`#### ${number}. ${place(c)} · ${codeSpan(c.id)}`, state.join(' · ')];
  if (c.anchorState !== 'anchored') {
    const reason = notAnchoredReason(c) ?? (c.anchorState === 'orphaned' ? 'the file no longer exists' : 'the commented code changed');
    parts.push(`Why ${rejectedChangeLeft(c) ? 'not on its code' : c.anchorState}: ${codeSpan(cut(reason, 300).text)}`);
  }
  parts.push(codePart(root, c));
  if (c.rejected) parts.push(rejectedPart(c.rejected));
  const opener = c.pr?.via === 'pulled' ? codeSpan(pullRequestAccount(c.pr.author, c.pr.number)) : who(c.author);
  parts.push(`Comment by ${opener}, ${when(c.editedAt ?? c.createdAt)}:\n\n${quoted(c.body, LIMITS.commentChars, c.id)}`);
  const earlier = c.thread.length - LIMITS.replies;
  if (earlier > 0) parts.push(`(${plural(earlier, 'earlier reply', 'earlier replies')}: ${command(`thread ${c.id}`)})`);
  for (const r of c.thread.slice(-LIMITS.replies)) parts.push(replyPart(r, c.id, c.pr?.number));
  return parts.join('\n\n');
}

/** A rejected change: what it was, what became of its revert, and whether it came back. */
function rejectedPart(r: NonNullable<Comment['rejected']>): string {
  const lines = [`**Rejected change** (against ${codeSpan(r.label)}; the comment below says why):`, '', fenced(rejectedDiff(r, LIMITS.codeLines))];
  const v = r.revert;
  if (v?.state === 'queued') lines.push('', 'Revert: asked for when your turn ends; not made yet.');
  else if (v?.state === 'applied') lines.push('', `Revert: **made** ${when(v.at)} — the file holds the baseline's lines again; do not write the change back.`);
  else if (v) lines.push('', `Revert: asked for, **not made** (${codeSpan(cut(v.reason ?? 'no reason given', 300).text)}): revert it yourself, or answer why not.`);
  if (r.backAt) lines.push('', `**Written again** after it was gone (${when(r.backAt)}).`);
  return lines.join('\n');
}

/** A submitted review round: when, how many threads, and its overall message. */
export function roundBlock(r: ReviewRound, openIds: ReadonlySet<string>): string {
  const threadIds = Array.isArray(r.threadIds) ? r.threadIds : [];
  const open = threadIds.filter((id) => openIds.has(id)).length;
  const seen = r.message === undefined ? '' : r.agentSeenAt === undefined ? ' · message **not read by the agent yet**' : ' · message read by the agent';
  const title = `### Round ${groupDigits(r.round)} · submitted ${when(r.submittedAt)} · ${plural(threadIds.length, 'thread')} (${groupDigits(open)} still open)${seen}`;
  if (r.message === undefined) return `${title}\n\nNo overall message.`;
  const { text, left } = cut(r.message, LIMITS.roundMessageChars);
  const more = left ? `\n\n(cut: ${plural(left, 'more character')}; all of it: ${command(`review ${r.round}`)})` : '';
  return `${title}\n\n${fenced(text)}${more}`;
}

/** `+12 −3`, or why there are no counts. */
export function counts(f: ChangedFile): string {
  if (f.added !== undefined && f.removed !== undefined) return `+${groupDigits(f.added)} −${groupDigits(f.removed)}`;
  return f.note ? NOTE_TEXT[f.note] : 'not counted';
}

/** Why a file has no counts, in the Changes view's words. */
const NOTE_TEXT: Readonly<Record<NonNullable<ChangedFile['note']>, string>> = {
  binary: 'binary', 'too-large': 'too large to count', unreadable: 'unreadable', 'symlink-outside': 'a link leading outside the workspace', 'missing-content': 'baseline copy missing',
};

/** One changed file, with how many open threads are on it. */
export function fileRow(f: ChangedFile, openThreads: number): string {
  const kind = f.kind === 'renamed' && f.oldPath !== undefined ? ` · renamed from ${codeSpan(f.oldPath)}` : f.kind === 'added' ? ' · new' : f.kind === 'deleted' ? ' · deleted' : '';
  const threads = openThreads ? ` · ${plural(openThreads, 'open thread')}` : '';
  return `- ${codeSpan(f.path)} ${counts(f)}${kind}${threads}`;
}

/** One resolved thread on one line: where, what the agent said, who resolved it, the comment's start. */
export function resolvedRow(c: Comment): string {
  const disposition = dispositionOf(c);
  const parts = [
    `${place(c)} ${codeSpan(c.id)}`,
    disposition ? `agent said: ${disposition}` : 'no disposition',
    `resolved${c.resolvedBy ? ` by ${who(c.resolvedBy)}` : ''}${c.resolvedAt ? ` ${when(c.resolvedAt)}` : ''}`,
  ];
  const { text, left } = cut(c.body.replace(/\s+/g, ' ').trim(), LIMITS.excerptChars);
  return `- ${parts.join(' · ')}: ${codeSpan(left ? `${text}…` : text)}`;
}
