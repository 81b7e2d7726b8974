/**
 * The GitHub provider: pull requests, review threads and reviews through GitHub's GraphQL API
 * (one query pages 100 threads with their comments), and REST only where GitHub offers what
 * GraphQL does not: a conditional request (ETag) that tells, without costing the rate limit,
 * whether anything was commented since the last look.
 */
import { ConsiderError } from '../../errors';
import type { DraftComment, Person, PostedReview, PullRequestInfo, RemoteComment, RemoteThread, ReviewDraft, ReviewProvider } from '../provider';
import type { RemoteRepo } from '../remote';
import type { GitHubHttp } from './http';
import * as Q from './queries';

interface GqlAuthor { login: string; __typename: string }
interface GqlComment { id: string; url: string; body: string; createdAt: string; lastEditedAt: string | null; author: GqlAuthor | null; originalCommit: { oid: string } | null; diffHunk: string }
interface Page<T> { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: T[] }
interface GqlThread {
  id: string; path: string; diffSide: 'LEFT' | 'RIGHT'; startDiffSide: 'LEFT' | 'RIGHT' | null; originalLine: number | null; originalStartLine: number | null;
  isOutdated: boolean; isResolved: boolean; subjectType: 'LINE' | 'FILE'; resolvedBy: { login: string } | null; comments: Page<GqlComment>;
}
interface GqlPull { id: string; number: number; title: string; url: string; state: string; headRefName: string; headRefOid: string; baseRefName: string; baseRefOid: string; author: GqlAuthor | null }

/** A deleted account shows as no author; GitHub calls it "ghost". */
function person(a: GqlAuthor | null): Person {
  if (!a) return { login: 'ghost', bot: false };
  return { login: a.login.replace(/\[bot\]$/, ''), bot: a.__typename === 'Bot' || a.login.endsWith('[bot]') };
}

function comment(c: GqlComment): RemoteComment {
  return {
    id: c.id, url: c.url, body: c.body, createdAt: c.createdAt, author: person(c.author),
    ...(c.lastEditedAt ? { editedAt: c.lastEditedAt } : {}),
    ...(c.originalCommit ? { originalCommit: c.originalCommit.oid } : {}),
    ...(c.diffHunk ? { diffHunk: c.diffHunk } : {}),
  };
}

function pullRequest(p: GqlPull): PullRequestInfo {
  return {
    id: p.id, number: p.number, title: p.title, url: p.url, state: p.state, headRefName: p.headRefName, headOid: p.headRefOid,
    baseRefName: p.baseRefName, baseOid: p.baseRefOid, ...(p.author ? { author: person(p.author) } : {}),
  };
}

export class GitHubProvider implements ReviewProvider {
  readonly kind = 'github' as const;

  constructor(private readonly http: GitHubHttp, readonly repo: RemoteRepo) {}

  get calls(): number {
    return this.http.calls;
  }

  private get names() {
    return { owner: this.repo.owner, name: this.repo.repo };
  }

  async findPullRequest(branch: string): Promise<PullRequestInfo | undefined> {
    const data = await this.http.graphql<{ repository: { pullRequests: { nodes: GqlPull[] } } | null }>(
      Q.FIND_PULL_REQUEST, { ...this.names, head: branch }, `the pull requests of ${this.repo.owner}/${this.repo.repo}`);
    const first = data.repository?.pullRequests.nodes[0];
    return first ? pullRequest(first) : undefined;
  }

  async pullRequest(number: number): Promise<PullRequestInfo> {
    const data = await this.http.graphql<{ repository: { pullRequest: GqlPull | null } | null }>(
      Q.PULL_REQUEST_BY_NUMBER, { ...this.names, number }, `pull request #${number}`);
    const pr = data.repository?.pullRequest;
    if (!pr) throw new ConsiderError('not_found', `${this.repo.owner}/${this.repo.repo} has no pull request #${number}`);
    return pullRequest(pr);
  }

  async threads(pr: PullRequestInfo): Promise<RemoteThread[]> {
    const threads: RemoteThread[] = [];
    let after: string | null = null;
    do {
      const data: { repository: { pullRequest: { reviewThreads: Page<GqlThread> } | null } | null } = await this.http.graphql(
        Q.REVIEW_THREADS, { ...this.names, number: pr.number, after }, `the review threads of pull request #${pr.number}`);
      const page = data.repository?.pullRequest?.reviewThreads;
      if (!page) throw new ConsiderError('not_found', `pull request #${pr.number} is gone from ${this.repo.owner}/${this.repo.repo}`);
      for (const t of page.nodes) threads.push(await this.thread(t));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    return threads;
  }

  /** A thread, with the rest of its comments fetched when it has more than a page. */
  private async thread(t: GqlThread): Promise<RemoteThread> {
    const comments = [...t.comments.nodes];
    let after = t.comments.pageInfo.hasNextPage ? t.comments.pageInfo.endCursor : null;
    while (after) {
      const data: { node: { comments: Page<GqlComment> } | null } = await this.http.graphql(Q.THREAD_COMMENTS, { id: t.id, after }, 'a review thread\'s comments');
      const page = data.node?.comments;
      if (!page) break;
      comments.push(...page.nodes);
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    }
    const file = t.subjectType === 'FILE';
    return {
      id: t.id, path: t.path, subject: file ? 'file' : 'line', side: t.diffSide,
      ...(t.startDiffSide ? { startSide: t.startDiffSide } : {}),
      ...(!file && t.originalLine != null ? { originalLine: t.originalLine } : {}),
      ...(!file && t.originalStartLine != null ? { originalStartLine: t.originalStartLine } : {}),
      outdated: t.isOutdated, resolved: t.isResolved, ...(t.resolvedBy ? { resolvedBy: t.resolvedBy.login } : {}),
      url: comments[0]?.url ?? '', comments: comments.map(comment),
    };
  }

  async commentsChanged(pr: PullRequestInfo, etag?: string): Promise<{ changed: boolean; etag?: string }> {
    // The most recently updated comment: a new or edited comment changes it, and with it the ETag.
    const r = await this.http.rest('GET', `/repos/${enc(this.repo.owner)}/${enc(this.repo.repo)}/pulls/${pr.number}/comments`, {
      query: { sort: 'updated', direction: 'desc', per_page: 1 }, etag, what: `the comments of pull request #${pr.number}`,
    });
    return { changed: r.status !== 304, ...(r.etag ? { etag: r.etag } : {}) };
  }

  /**
   * Posts a review as GitHub's own page does: a pending review on the commit the reviewer saw,
   * each comment added to it as a thread (a file comment too, which the one-call form cannot
   * carry), then submitted with the verdict. A failure on the way deletes the pending review, so
   * GitHub is left as it was.
   */
  async submitReview(pr: PullRequestInfo, draft: ReviewDraft): Promise<PostedReview> {
    const started = await this.http.graphql<{ addPullRequestReview: { pullRequestReview: { id: string; url: string } } }>(
      Q.START_REVIEW, { input: { pullRequestId: pr.id, commitOID: draft.commit } }, `a review on pull request #${pr.number}`)
      .catch((e: unknown) => {
        if (e instanceof ConsiderError && /one pending review/i.test(e.message)) {
          throw new ConsiderError('usage', `you already have a pending review on pull request #${pr.number} on GitHub`, `submit or discard it on ${pr.url} first`);
        }
        throw e;
      });
    const reviewId = started.addPullRequestReview.pullRequestReview.id;
    const threads: RemoteThread[] = [];
    try {
      for (const c of draft.comments) {
        const data = await this.http.graphql<{ addPullRequestReviewThread: { thread: GqlThread } }>(
          Q.ADD_REVIEW_THREAD, { input: { pullRequestReviewId: reviewId, ...threadInput(c) } }, `a comment on ${c.path}`);
        threads.push(await this.thread(data.addPullRequestReviewThread.thread));
      }
      const submitted = await this.http.graphql<{ submitPullRequestReview: { pullRequestReview: { id: string; url: string } } }>(
        Q.SUBMIT_REVIEW, { input: { pullRequestReviewId: reviewId, event: draft.verdict, ...(draft.body ? { body: draft.body } : {}) } }, 'the review');
      return { id: reviewId, url: submitted.submitPullRequestReview.pullRequestReview.url, threads };
    } catch (e) {
      await this.http.graphql(Q.DELETE_REVIEW, { input: { pullRequestReviewId: reviewId } }, 'the unfinished review').catch(() => undefined);
      throw e;
    }
  }

  async reply(threadId: string, body: string): Promise<RemoteComment> {
    const data = await this.http.graphql<{ addPullRequestReviewThreadReply: { comment: GqlComment } }>(
      Q.REPLY, { input: { pullRequestReviewThreadId: threadId, body } }, 'a reply');
    return comment(data.addPullRequestReviewThreadReply.comment);
  }

  async setResolved(threadId: string, resolved: boolean): Promise<void> {
    await this.http.graphql(resolved ? Q.RESOLVE : Q.UNRESOLVE, { input: { threadId } }, resolved ? 'resolving a thread' : 'reopening a thread');
  }
}

const enc = encodeURIComponent;

function threadInput(c: DraftComment): Record<string, unknown> {
  if (c.kind === 'file') return { path: c.path, body: c.body, subjectType: 'FILE' };
  return {
    path: c.path, body: c.body, line: c.line, side: c.side,
    ...(c.startLine !== undefined && c.startLine !== c.line ? { startLine: c.startLine, startSide: c.side } : {}),
  };
}
