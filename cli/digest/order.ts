/**
 * The order an agent should take the open threads in, for the digest: first what waits for it
 * (the developer wrote last: unseen threads first, and among those the developer's answers to
 * the agent's own questions, which unblock work), then its own questions still unanswered, then
 * what it addressed and the developer has not checked yet, then threads whose code changed or
 * went (stale, orphaned) that nobody has taken up, then rejected changes that left their file
 * (reverted by the developer, or taken out or rewritten since: their code did not change under
 * them, so "stale" would mislead the agent into comparing code), and last what it declined or
 * answered that is still open. Each group in the order `list` uses (file, then line).
 */
import type { Comment } from '../../shared';
import { awaitsHumanCheck, dispositionOf, groupDigits, isUnseen, orderByLocation, plural, rejectedChangeLeft } from '../../shared';

export type DigestGroup = 'to-answer' | 'questions' | 'to-check' | 'stale-orphaned' | 'rejected-left' | 'answered';

export const GROUPS: readonly DigestGroup[] = ['to-answer', 'questions', 'to-check', 'stale-orphaned', 'rejected-left', 'answered'];

/** Each group's heading on the page, and how `and N more` counts it. */
export const GROUP_TEXT: Readonly<Record<DigestGroup, { heading: string; counted: (n: number) => string }>> = {
  'to-answer': { heading: 'To answer: the developer wrote last', counted: (n) => `${groupDigits(n)} to answer` },
  questions: { heading: 'The agent\'s questions, waiting for the developer', counted: (n) => `${plural(n, 'question')} waiting` },
  'to-check': { heading: 'Addressed, waiting for the developer\'s check', counted: (n) => `${groupDigits(n)} awaiting check` },
  'stale-orphaned': { heading: 'Stale or orphaned: compare with the code they were written about', counted: (n) => `${groupDigits(n)} stale or orphaned` },
  'rejected-left': { heading: 'Rejected changes no longer in the file: reverted, or taken out since', counted: (n) => `${plural(n, 'rejected change')} gone` },
  answered: { heading: 'Declined or answered, still open', counted: (n) => `${groupDigits(n)} answered` },
};

/** Who wrote the newest message of the thread (the comment itself when it has no replies). */
function lastAuthor(c: Comment): Comment['author'] {
  return c.thread.at(-1)?.author ?? c.author;
}

/** The developer answered a question of the agent's: an agent reply with `question` before the developer's newest reply. */
function answersYourQuestion(c: Comment): boolean {
  for (let i = c.thread.length - 1; i >= 0; i--) {
    const r = c.thread[i]!;
    if (r.author === 'agent') return r.disposition === 'question';
  }
  return false;
}

export function groupOf(c: Comment): DigestGroup {
  if (isUnseen(c) || lastAuthor(c) === 'human') return 'to-answer';
  // The agent spoke last. A question of its own waits for the developer: a `question` reply,
  // or a thread the agent opened (`add`) that the developer has not written in.
  const disposition = dispositionOf(c);
  const ownThreadUnanswered = c.author === 'agent' && disposition === undefined && !c.thread.some((r) => r.author === 'human');
  if (disposition === 'question' || ownThreadUnanswered) return 'questions';
  if (awaitsHumanCheck(c)) return 'to-check';
  if (c.anchorState !== 'anchored') return rejectedChangeLeft(c) ? 'rejected-left' : 'stale-orphaned';
  return 'answered';
}

/** Rank inside "to answer": unseen answers to the agent's questions, other unseen threads, then read but not answered. */
function turnRank(c: Comment): number {
  if (!isUnseen(c)) return 2;
  return answersYourQuestion(c) ? 0 : 1;
}

export interface OrderedThread {
  thread: Comment;
  group: DigestGroup;
}

/** The open threads in the order to take them. */
export function orderOpenThreads(threads: readonly Comment[]): OrderedThread[] {
  const byGroup = new Map<DigestGroup, Comment[]>(GROUPS.map((g) => [g, []]));
  for (const c of threads) if (c.workflowState === 'open') byGroup.get(groupOf(c))!.push(c);
  const out: OrderedThread[] = [];
  for (const group of GROUPS) {
    let ordered = orderByLocation(byGroup.get(group)!, (c) => c.file, (c) => c.anchor.startLine);
    if (group === 'to-answer') {
      const rank = new Map(ordered.map((c) => [c, turnRank(c)]));
      ordered = [0, 1, 2].flatMap((r) => ordered.filter((c) => rank.get(c) === r));
    }
    for (const thread of ordered) out.push({ thread, group });
  }
  return out;
}
