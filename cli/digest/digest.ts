/**
 * The review digest (issue 30): the state of the review as one Markdown page, for an agent
 * session that starts on an unfinished review knowing nothing, or a teammate it is handed to.
 * The page, in order: a header (counts, the baseline, how to go on), the files changed since
 * the baseline, the open threads in the order to take them (order.ts), the review rounds with
 * their overall messages (newest first), and what was resolved (addressed, declined).
 * Bounded by a size cap (page.ts) with what was left out counted. What the agent sees: the
 * threads of the developer's pending review are not in it. Reading it marks nothing as read.
 */
import path from 'node:path';
import type { Comment, ReviewRound } from '../../shared';
import { ConsiderError, findRound, groupDigits, isUnseen, plural, unseenReviewMessages, type StoreFile } from '../../shared';
import { CLI, command, fileRow, resolvedRow, roundBlock, threadBlock, when } from './blocks';
import { changedFilesSince, latestBaseline, newestMark, type ChangedFile, type ChangedFiles, type DigestBaseline } from './changed-files';
import { codeSpan, cut } from './markdown';
import { GROUP_TEXT, GROUPS, orderOpenThreads, type DigestGroup, type OrderedThread } from './order';
import { assemblePage, PageTooSmall, type Page, type PageSection, type SectionKey } from './page';

/**
 * What the files are counted from, as asked on the command line; `latest` (the default): what
 * the Changes view opens on — the newest capture, a review round's or a Mark All Reviewed, else
 * the last commit.
 */
export type Since = { kind: 'latest' } | { kind: 'head' } | { kind: 'branch'; ref: string } | { kind: 'round'; round: number } | { kind: 'mark' };

/** `latest` made concrete, as the Changes view makes it (its defaultBaseline). */
function resolveLatest(root: string, store: StoreFile, since: Since): Exclude<Since, { kind: 'latest' }> {
  if (since.kind !== 'latest') return since;
  const latest = latestBaseline(root, store);
  if (latest?.kind !== 'capture') return { kind: 'head' };
  const round = (store.reviews ?? []).find((r) => r.baseline === latest.id);
  return round ? { kind: 'round', round: round.round } : { kind: 'mark' };
}

/** Which sections take the space left over first: the threads are the work. */
const PRIORITY: readonly SectionKey[] = ['threads', 'rounds', 'files', 'resolved'];

/** `head`, `branch:main`, `round:2`, `mark` (the form --since takes). */
export function sinceText(s: Exclude<Since, { kind: 'latest' }>): string {
  return s.kind === 'branch' ? `branch:${s.ref}` : s.kind === 'round' ? `round:${s.round}` : s.kind;
}

interface BaselineChoice {
  changes: ChangedFiles;
  /** Said beside the baseline: why it is not the one asked for. */
  note?: string;
}

/** The newest Mark All Reviewed of the workspace, or not_found. */
function markBaseline(root: string, store: StoreFile): DigestBaseline {
  const mark = newestMark(root, store);
  if (!mark) throw new ConsiderError('not_found', 'nothing was marked reviewed in this workspace yet', 'Mark All Reviewed in the Changes view first, or give --since head');
  return mark;
}

/**
 * The changes since what was asked. A review round counts from its captured baseline when
 * there is one this version reads, else from the last commit, and the page says so. A ref that
 * does not exist is the caller's mistake (not_found); no git, or no commit, is said on the page.
 */
function changesFor(root: string, store: StoreFile, since: Exclude<Since, { kind: 'latest' }>): BaselineChoice {
  let baseline: DigestBaseline;
  let note: string | undefined;
  if (since.kind === 'round') {
    const round = findRound(store, since.round);
    const captured = typeof round.baseline === 'string' ? round.baseline : undefined;
    if (captured !== undefined) {
      const changes = changedFilesSince(root, { kind: 'capture', id: captured }, store);
      if (changes.ok) return { changes };
      note = `review round ${since.round}'s captured baseline could not be read (${changes.reason}), so they are counted from the last commit`;
    } else {
      note = `review round ${since.round} has no captured baseline, so they are counted from the last commit`;
    }
    baseline = { kind: 'head' };
  } else if (since.kind === 'mark') {
    baseline = markBaseline(root, store);
  } else {
    baseline = since;
  }
  const changes = changedFilesSince(root, baseline, store);
  if (!changes.ok && changes.code === 'bad-ref') throw new ConsiderError('not_found', changes.reason, 'give a branch, tag or commit that exists, e.g. --since branch:main');
  return { changes, ...(note !== undefined ? { note } : {}) };
}

function threadCounts(ordered: readonly OrderedThread[]): string {
  const byGroup = new Map<DigestGroup, number>();
  for (const { group } of ordered) byGroup.set(group, (byGroup.get(group) ?? 0) + 1);
  const unseen = ordered.filter((o) => isUnseen(o.thread)).length;
  return GROUPS.filter((g) => byGroup.get(g))
    .map((g) => `${GROUP_TEXT[g].counted(byGroup.get(g)!)}${g === 'to-answer' && unseen ? ` (${groupDigits(unseen)} unseen)` : ''}`)
    .join(', ');
}

function filesLine(choice: BaselineChoice): string {
  const { changes, note } = choice;
  const noted = note ? ` (${note})` : '';
  if (!changes.ok) return `Files changed: not shown, ${short(changes.reason)}${noted}.`;
  const added = changes.files.reduce((n, f) => n + (f.added ?? 0), 0);
  const removed = changes.files.reduce((n, f) => n + (f.removed ?? 0), 0);
  const total = changes.files.length ? `${plural(changes.files.length, 'file')}, +${groupDigits(added)} −${groupDigits(removed)}` : 'none';
  return `Files changed since ${codeSpan(short(changes.label))}: ${total}${noted}.`;
}

/** A name or message in the header, cut so the header stays well under the smallest cap. */
function short(text: string): string {
  const { text: kept, left } = cut(text, 120);
  return left ? `${kept}…` : kept;
}

function header(root: string, ordered: readonly OrderedThread[], resolved: number, store: StoreFile, choice: BaselineChoice, now: string): string {
  const rounds = store.reviews ?? [];
  const unread = unseenReviewMessages(store).length;
  const open = ordered.length ? `${plural(ordered.length, 'open thread')}: ${threadCounts(ordered)}` : 'No open threads';
  const roundsText = rounds.length ? `${plural(rounds.length, 'review round')}${unread ? ` (${plural(unread, 'overall message')} not read by the agent yet)` : ''}` : 'no review round submitted';
  return [
    `# Review digest: ${codeSpan(short(path.basename(root)))}`,
    [
      `- ${open} · ${groupDigits(resolved)} resolved · ${roundsText}.`,
      `- ${filesLine(choice)}`,
      `- Made by ${codeSpan(`${CLI} digest`)} at ${when(now)}; reading it marks nothing as read. ${codeSpan(CLI)} is ${codeSpan('.consider/bin/consider-cli')} in this workspace.`,
      `- To go on: take the open threads in the order below. Read one in full with ${command('context <id>')}, answer each with ${command('reply <id> --message "…" --addressed|--declined|--question')}.`,
    ].join('\n'),
  ].join('\n\n');
}

function filesSection(choice: BaselineChoice, openByFile: ReadonlyMap<string, number>): PageSection<ChangedFile> | undefined {
  const { changes } = choice;
  if (!changes.ok) return undefined;
  return {
    key: 'files',
    heading: `## Files changed since ${codeSpan(short(changes.label))}`,
    // No section when nothing changed: the header says "none".
    items: changes.files,
    render: (f) => fileRow(f, openByFile.get(f.path) ?? 0),
    leftOut: (omitted) => {
      const added = omitted.reduce((n, f) => n + (f.added ?? 0), 0);
      const removed = omitted.reduce((n, f) => n + (f.removed ?? 0), 0);
      const lister = changes.sha ? `${codeSpan(`git diff --stat ${changes.sha.slice(0, 12)}`)} and ${codeSpan('git status')}` : 'the Changes view';
      return `… and ${plural(omitted.length, 'more file')} (+${groupDigits(added)} −${groupDigits(removed)}): ${lister} list them.`;
    },
    share: 0.15,
    itemGap: '\n',
  };
}

function threadsSection(root: string, ordered: readonly OrderedThread[]): PageSection<OrderedThread> {
  return {
    key: 'threads',
    heading: '## Open threads, in the order to take them',
    items: ordered,
    whenEmpty: 'None: nothing waits for the agent.',
    render: (o, i) => {
      const groupHeading = i === 0 || ordered[i - 1]!.group !== o.group ? `### ${GROUP_TEXT[o.group].heading}\n\n` : '';
      return groupHeading + threadBlock(root, o.thread, i + 1);
    },
    leftOut: (omitted) => `… and ${plural(omitted.length, 'more open thread')} (${threadCounts(omitted)}): ${command('list')} lists them all, ${command('context <id>')} reads one.`,
    share: 0.6,
  };
}

function roundsSection(store: StoreFile, openIds: ReadonlySet<string>): PageSection<ReviewRound> {
  const newestFirst = [...(store.reviews ?? [])].reverse();
  return {
    key: 'rounds',
    heading: '## Review rounds, newest first',
    items: newestFirst,
    render: (r) => roundBlock(r, openIds),
    leftOut: (omitted) => `… and ${plural(omitted.length, 'earlier round')}: ${command('review <N>')} shows one (and marks its message read).`,
    share: 0.15,
  };
}

/** Newest resolution first. */
const resolvedTime = (c: Comment): string => (typeof c.resolvedAt === 'string' ? c.resolvedAt : c.updatedAt ?? c.createdAt);

function resolvedSection(resolved: readonly Comment[]): PageSection<Comment> {
  return {
    key: 'resolved',
    heading: '## Resolved: what was addressed or declined, newest first',
    items: [...resolved].sort((a, b) => (resolvedTime(a) < resolvedTime(b) ? 1 : resolvedTime(a) > resolvedTime(b) ? -1 : 0)),
    render: (c) => resolvedRow(c),
    leftOut: (omitted) => `… and ${plural(omitted.length, 'more resolved thread')}: ${command('list --workflow resolved')} lists them.`,
    share: 0.1,
    itemGap: '\n',
  };
}

/** The page, or a usage error when the cap cannot hold even its frame (long names, every section). */
function onePage(header: string, sections: readonly PageSection<never>[], maxChars: number): Page {
  try {
    return assemblePage(header, sections, PRIORITY, maxChars);
  } catch (e) {
    if (!(e instanceof PageTooSmall)) throw e;
    throw new ConsiderError('usage', `--max-chars ${maxChars} is too small here: the page's header, headings and "left out" lines take ${groupDigits(e.needs)} characters`, `give --max-chars ${e.needs + 1_000} or more`);
  }
}

export interface DigestOptions {
  since: Since;
  maxChars: number;
}

export interface Digest {
  page: Page;
  /** `--json`: the page and what it shows and leaves out, for programs. */
  json: Record<string, unknown>;
}

/** The digest of the agent-visible threads `visible` of `store`, in the workspace `root`. */
export function buildDigest(root: string, store: StoreFile, visible: readonly Comment[], opts: DigestOptions): Digest {
  const since = resolveLatest(root, store, opts.since);
  const choice = changesFor(root, store, since);
  const ordered = orderOpenThreads(visible);
  const resolved = visible.filter((c) => c.workflowState === 'resolved');
  const openIds = new Set(ordered.map((o) => o.thread.id));
  const openByFile = new Map<string, number>();
  for (const { thread } of ordered) openByFile.set(thread.file, (openByFile.get(thread.file) ?? 0) + 1);
  const sections = [
    filesSection(choice, openByFile),
    threadsSection(root, ordered),
    roundsSection(store, openIds),
    resolvedSection(resolved),
  ].filter((s): s is PageSection<never> => s !== undefined);
  const page = onePage(header(root, ordered, resolved.length, store, choice, new Date().toISOString()), sections, opts.maxChars);
  const shownThreads = page.shown.threads ?? 0;
  const { changes, note } = choice;
  return {
    page,
    json: {
      markdown: page.markdown,
      chars: page.markdown.length,
      maxChars: opts.maxChars,
      baseline: {
        since: sinceText(since),
        label: changes.label,
        ...(changes.ok ? { sha: changes.sha, files: changes.files.length } : { unavailable: changes.reason }),
        ...(note !== undefined ? { note } : {}),
      },
      threads: ordered.map((o, i) => ({ id: o.thread.id, group: o.group, shown: i < shownThreads })),
      shown: page.shown,
      omitted: page.omitted,
    },
  };
}
