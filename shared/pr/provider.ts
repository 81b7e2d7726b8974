/**
 * The one interface between Consider and a code host's pull requests: GitHub today
 * (github/provider.ts), GitLab later behind the same shape. Everything above it — pulling
 * threads into the store, re-anchoring them, publishing a review, the CLI and the extension
 * commands — speaks only these types, never a host's API. Plain data: no vscode, no store.
 */
import type { RemoteRepo } from './remote';

/** RIGHT: the pull request's side of a diff; LEFT: the base's (code the pull request removes). */
export type DiffSide = 'LEFT' | 'RIGHT';

/** Someone who wrote on the host: a login, and whether it is a bot (Copilot, CodeRabbit, Bugbot…). */
export interface Person {
  /** The login without GitHub's "[bot]" suffix. */
  login: string;
  bot: boolean;
}

/** A pull (merge) request, as much of it as Consider shows and needs. */
export interface PullRequestInfo {
  /** The host's id for it (GitHub: its GraphQL node id), for writes. */
  id: string;
  number: number;
  title: string;
  url: string;
  /** OPEN, CLOSED or MERGED (as the host says it). */
  state: string;
  /** The branch the PR is from and its head commit; the branch it goes into and that branch's head. */
  headRefName: string;
  headOid: string;
  baseRefName: string;
  baseOid: string;
  author?: Person;
}

/** One comment of a review thread on the host. */
export interface RemoteComment {
  id: string;
  /** Its page on the host. */
  url: string;
  body: string;
  createdAt: string;
  author: Person;
  /** When the body was last edited there, if ever. */
  editedAt?: string;
  /** The commit the comment was written on (the thread's first comment's is the thread's). */
  originalCommit?: string;
  /** The diff hunk the comment quotes: the hunk's header and its lines up to the commented one. */
  diffHunk?: string;
}

/** A review thread on the host: where it was written, and its conversation (oldest first). */
export interface RemoteThread {
  id: string;
  /** The file's path in the repository (forward slashes). */
  path: string;
  /** A comment on lines, or on the whole file (GitHub's file-level comments). */
  subject: 'line' | 'file';
  /** RIGHT: the PR's side of the diff; LEFT: the base's (code the PR removes). */
  side: 'LEFT' | 'RIGHT';
  startSide?: 'LEFT' | 'RIGHT';
  /** The lines on the original commit (absent for a file-level thread). */
  originalLine?: number;
  originalStartLine?: number;
  /** The host's own view: the code changed since (outdated), resolved, and by whom. */
  outdated: boolean;
  resolved: boolean;
  resolvedBy?: string;
  /** The first comment's page. */
  url: string;
  comments: RemoteComment[];
}

/** One comment of a review to publish: on lines of one side of the diff, or on the whole file. */
export type DraftComment =
  | { kind: 'line'; path: string; body: string; side: 'LEFT' | 'RIGHT'; line: number; startLine?: number }
  | { kind: 'file'; path: string; body: string };

/** GitHub's verdicts: Comment, Approve, Request changes. */
export type ReviewVerdict = 'COMMENT' | 'APPROVE' | 'REQUEST_CHANGES';

/** A review to publish on the pull request, written on `commit` (the PR's head the reviewer saw). */
export interface ReviewDraft {
  commit: string;
  verdict: ReviewVerdict;
  body?: string;
  comments: DraftComment[];
}

export interface PostedReview {
  id: string;
  url: string;
  /** The threads the review made, in the order of the draft's comments. */
  threads: RemoteThread[];
}

/** What Consider asks of a host. Every call throws a ConsiderError with one clear line on failure. */
export interface ReviewProvider {
  readonly kind: 'github';
  readonly repo: RemoteRepo;
  /** Requests sent so far (the bench reports them). */
  readonly calls: number;
  /** The open PR whose head is `branch`, or undefined. */
  findPullRequest(branch: string): Promise<PullRequestInfo | undefined>;
  pullRequest(number: number): Promise<PullRequestInfo>;
  /** Every review thread of the PR with every comment (a pending review's are not included). */
  threads(pr: PullRequestInfo): Promise<RemoteThread[]>;
  /** Whether anything was commented or edited since `etag` (a conditional request: a 304 costs no rate limit). */
  commentsChanged(pr: PullRequestInfo, etag?: string): Promise<{ changed: boolean; etag?: string }>;
  submitReview(pr: PullRequestInfo, draft: ReviewDraft): Promise<PostedReview>;
  reply(threadId: string, body: string): Promise<RemoteComment>;
  setResolved(threadId: string, resolved: boolean): Promise<void>;
}
