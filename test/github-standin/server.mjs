/**
 * A stand-in for GitHub's API (REST and GraphQL) on 127.0.0.1, for Consider's pull request
 * tests and benchmarks (docs/pull-requests.md). It keeps state (repositories, pull requests,
 * review threads, comments, reviews), learns branches and diffs from a real bare git repository
 * (the test's `origin`), and holds **every request to GitHub's published schema**
 * (schemas.mjs): a GraphQL document runs through graphql-js against GitHub's SDL, a REST call
 * must match GitHub's OpenAPI description. A request GitHub would reject is answered as GitHub
 * would (an error) and recorded in `violations`, which tests assert empty: such a request fails
 * the test. GitHub's own refusals are reproduced where Consider must cope with them: a comment
 * on a line outside the diff, a second pending review, approving one's own pull request, bad
 * credentials, the rate limit, pagination limits.
 *
 * Run on its own: `node test/github-standin/server.mjs --git-dir BARE --repo owner/name` prints
 * its URL (the UI scenarios start it so).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { GraphQLError, graphql } from 'graphql';
import { checkRestRequest, githubGraphqlSchema } from './schemas.mjs';
import { changedPaths, diffHunkFor, fileAt, forgetRefs, hasCommit, hunksOf, lineInDiff, mergeBase, refOid } from './git-facts.mjs';

const HOST_URL = 'https://github.com';

/** A GitHub-style GraphQL error: `type` as GitHub puts it at the top level of the error. */
class GitHubError extends GraphQLError {
  constructor(type, message) {
    super(message);
    this.githubType = type;
  }
}

function nodeId(prefix, n) {
  return `${prefix}_kgDO${Buffer.from(`${prefix}:${n}`).toString('base64url')}`;
}

/**
 * A connection as GitHub pages it: `first` or `last` is required and at most 100 (GitHub answers
 * anything else with an error), cursors are opaque.
 */
function connection(items, args, name) {
  const { first, last, after, before } = args;
  if (first == null && last == null) throw new GitHubError('INVALID_ARGUMENTS', `You must provide a \`first\` or \`last\` value to properly paginate the \`${name}\` connection.`);
  if ((first ?? 0) > 100 || (last ?? 0) > 100) throw new GitHubError('INVALID_ARGUMENTS', `Requesting ${first ?? last} records on the \`${name}\` connection exceeds the \`${first != null ? 'first' : 'last'}\` limit of 100 records.`);
  const decode = (c) => Number(Buffer.from(c, 'base64').toString('utf8').replace(/^cursor:/, ''));
  let from = after ? decode(after) + 1 : 0;
  let to = before ? decode(before) : items.length;
  if (first != null) to = Math.min(to, from + first);
  if (last != null) from = Math.max(from, to - last);
  const slice = items.slice(from, to);
  const cursor = (i) => Buffer.from(`cursor:${i}`).toString('base64');
  return {
    nodes: slice,
    edges: slice.map((node, k) => ({ node, cursor: cursor(from + k) })),
    totalCount: items.length,
    pageInfo: { hasNextPage: to < items.length, hasPreviousPage: from > 0, startCursor: slice.length ? cursor(from) : null, endCursor: slice.length ? cursor(to - 1) : null },
  };
}

export async function startGitHubStandIn(opts = {}) {
  const token = opts.token ?? 'gho_standin_0123456789';
  const viewerLogin = opts.viewer ?? 'dev';
  const schema = githubGraphqlSchema();
  let counter = 1000;
  const next = () => ++counter;

  const users = new Map();
  const repos = new Map();
  const nodes = new Map();
  const calls = [];
  const violations = [];
  const mode = { rateLimited: false, badCredentials: false, resetAt: Math.floor(Date.now() / 1000) + 1800 };
  let remaining = 5000;

  function user(login, bot = false) {
    const key = login.toLowerCase();
    if (!users.has(key)) {
      const n = next();
      users.set(key, { __typename: bot ? 'Bot' : 'User', id: nodeId(bot ? 'BOT' : 'U', n), databaseId: n, login, url: `${HOST_URL}/${bot ? 'apps/' : ''}${login}`, avatarUrl: `${HOST_URL}/${login}.png`, name: null });
    }
    return users.get(key);
  }

  // ------------------------------------------------------------------ state, as tests set it up

  function addRepo({ owner, name, gitDir }) {
    const repo = { owner: user(owner), name, gitDir, id: nodeId('R', next()), pulls: [] };
    repos.set(`${owner}/${name}`.toLowerCase(), repo);
    return repo;
  }

  function repoOf(owner, name) {
    return repos.get(`${owner}/${name}`.toLowerCase());
  }

  function openPull({ owner, name, head, base = 'main', title = `Pull request from ${head}`, author = viewerLogin, state = 'OPEN' }) {
    const repo = repoOf(owner, name);
    if (!repo) throw new Error(`stand-in: no repository ${owner}/${name}`);
    const number = repo.pulls.length + 1 + (opts.firstPullNumber ?? 41);
    const pull = { repo, number, id: nodeId('PR', next()), title, head, base, author: user(author), state, threads: [], reviews: [], createdAt: new Date().toISOString() };
    repo.pulls.push(pull);
    nodes.set(pull.id, () => pullObject(pull));
    return pull;
  }

  const headOid = (pull) => refOid(pull.repo.gitDir, pull.head);
  const baseOid = (pull) => refOid(pull.repo.gitDir, pull.base);
  const pullUrl = (pull) => `${HOST_URL}/${pull.repo.owner.login}/${pull.repo.name}/pull/${pull.number}`;

  /** The diff a comment at `commit` is written on: the merge base with the base branch, then the commit. */
  function diffSides(pull, commit) {
    const base = mergeBase(pull.repo.gitDir, baseOid(pull), commit);
    if (!base) throw new GitHubError('UNPROCESSABLE', 'commit_id is not part of the pull request');
    return { base, commit };
  }

  /**
   * Creates a review thread as GitHub does for a comment on `line` (and `startLine`) of `side`
   * at `commit`: refused when a line is not part of the diff; a file-level thread needs the file
   * in the diff. Returns the thread.
   */
  function createThread(pull, t, review) {
    const gitDir = pull.repo.gitDir;
    const commit = t.commit ?? headOid(pull);
    if (!hasCommit(gitDir, commit)) throw new GitHubError('UNPROCESSABLE', `No commit found for SHA: ${commit}`);
    const { base } = diffSides(pull, commit);
    const side = t.side ?? 'RIGHT';
    const startSide = t.startSide ?? side;
    const file = t.subjectType === 'FILE';
    let diffHunk;
    if (file) {
      if (!changedPaths(gitDir, base, commit).includes(t.path)) throw new GitHubError('UNPROCESSABLE', 'Path could not be resolved');
      diffHunk = '';
    } else {
      const hunks = hunksOf(gitDir, base, commit, t.path);
      if (!lineInDiff(hunks, side, t.line) || (t.startLine != null && !lineInDiff(hunks, startSide, t.startLine))) {
        throw new GitHubError('UNPROCESSABLE', 'Pull request review thread line must be part of the diff');
      }
      if (t.startLine != null && t.startLine >= t.line && startSide === side) throw new GitHubError('UNPROCESSABLE', 'Pull request review thread start line must precede the end line');
      diffHunk = diffHunkFor(hunks, side, t.line);
    }
    const thread = {
      pull, id: nodeId('PRRT', next()), path: t.path, side, startSide: t.startLine != null ? startSide : null,
      originalLine: file ? null : t.line, originalStartLine: file ? null : t.startLine ?? null,
      subjectType: file ? 'FILE' : 'LINE', originalCommit: commit, diffHunk, resolvedBy: null, comments: [], review,
    };
    nodes.set(thread.id, () => threadObject(thread));
    addComment(thread, { author: t.author ?? viewerLogin, bot: t.bot, body: t.body, review, createdAt: t.createdAt });
    pull.threads.push(thread);
    if (t.resolved) thread.resolvedBy = user(t.resolvedBy ?? viewerLogin);
    for (const r of t.replies ?? []) addComment(thread, r);
    return thread;
  }

  function addComment(thread, { author = viewerLogin, bot = false, body, review, createdAt }) {
    const n = next();
    const c = { thread, id: nodeId('PRRC', n), databaseId: n, author: user(author, bot), body, createdAt: createdAt ?? new Date(Date.now() + n).toISOString(), lastEditedAt: null, review, replyTo: thread.comments[0] };
    thread.comments.push(c);
    nodes.set(c.id, () => commentObject(c));
    return c;
  }

  /** Whether the thread's code changed at the head since its commit (GitHub then calls it outdated). */
  function isOutdated(thread) {
    const head = headOid(thread.pull);
    if (!head || head === thread.originalCommit) return false;
    const gitDir = thread.pull.repo.gitDir;
    return fileAt(gitDir, head, thread.path) !== fileAt(gitDir, thread.originalCommit, thread.path);
  }

  // ------------------------------------------------------------------ GraphQL objects

  function commitObject(oid) {
    return oid ? { __typename: 'Commit', oid, abbreviatedOid: oid.slice(0, 7), id: nodeId('C', oid) } : null;
  }

  function repoObject(repo) {
    return {
      __typename: 'Repository', id: repo.id, name: repo.name, nameWithOwner: `${repo.owner.login}/${repo.name}`, owner: repo.owner,
      url: `${HOST_URL}/${repo.owner.login}/${repo.name}`,
      pullRequest: ({ number }) => {
        const pull = repo.pulls.find((p) => p.number === number);
        if (!pull) throw new GitHubError('NOT_FOUND', `Could not resolve to a PullRequest with the number of ${number}.`);
        return pullObject(pull);
      },
      pullRequests: (args) => {
        let list = repo.pulls;
        if (args.headRefName) list = list.filter((p) => p.head === args.headRefName);
        if (args.baseRefName) list = list.filter((p) => p.base === args.baseRefName);
        if (args.states) list = list.filter((p) => args.states.includes(p.state));
        list = [...list].sort((a, b) => (args.orderBy?.direction === 'DESC' ? b.number - a.number : a.number - b.number));
        return connection(list.map(pullObject), args, 'pullRequests');
      },
    };
  }

  function pullObject(pull) {
    return {
      __typename: 'PullRequest', id: pull.id, number: pull.number, title: pull.title, url: pullUrl(pull), state: pull.state, isDraft: false,
      headRefName: pull.head, baseRefName: pull.base, headRefOid: () => headOid(pull), baseRefOid: () => baseOid(pull),
      isCrossRepository: false, author: pull.author, createdAt: pull.createdAt, repository: () => repoObject(pull.repo),
      headRepository: () => repoObject(pull.repo), baseRepository: () => repoObject(pull.repo),
      reviewThreads: (args) => connection(pull.threads.filter((t) => t.review?.state !== 'PENDING').map(threadObject), args, 'reviewThreads'),
      reviews: (args) => connection(pull.reviews.filter((r) => r.state !== 'PENDING').map(reviewObject), args, 'reviews'),
    };
  }

  function threadObject(t) {
    const outdated = isOutdated(t);
    return {
      __typename: 'PullRequestReviewThread', id: t.id, path: t.path, diffSide: t.side, startDiffSide: t.startSide,
      line: outdated ? null : t.originalLine, startLine: outdated ? null : t.originalStartLine, originalLine: t.originalLine, originalStartLine: t.originalStartLine,
      isResolved: t.resolvedBy !== null, isCollapsed: t.resolvedBy !== null, isOutdated: outdated, subjectType: t.subjectType, resolvedBy: t.resolvedBy,
      viewerCanReply: true, viewerCanResolve: t.resolvedBy === null, viewerCanUnresolve: t.resolvedBy !== null,
      pullRequest: () => pullObject(t.pull), repository: () => repoObject(t.pull.repo),
      comments: (args) => connection(t.comments.map(commentObject), args, 'comments'),
    };
  }

  function commentObject(c) {
    const t = c.thread;
    const outdated = isOutdated(t);
    return {
      __typename: 'PullRequestReviewComment', id: c.id, databaseId: c.databaseId, fullDatabaseId: String(c.databaseId), body: c.body, createdAt: c.createdAt,
      updatedAt: c.lastEditedAt ?? c.createdAt, lastEditedAt: c.lastEditedAt, url: `${pullUrl(t.pull)}#discussion_r${c.databaseId}`, author: c.author,
      path: t.path, diffHunk: t.diffHunk, originalCommit: commitObject(t.originalCommit), commit: commitObject(outdated ? t.originalCommit : headOid(t.pull)),
      line: outdated ? null : t.originalLine, originalLine: t.originalLine, startLine: outdated ? null : t.originalStartLine, originalStartLine: t.originalStartLine,
      outdated, replyTo: c.replyTo ? commentObject(c.replyTo) : null, pullRequestReview: c.review ? reviewObject(c.review) : null,
      subjectType: t.subjectType, isMinimized: false, state: c.review?.state === 'PENDING' ? 'PENDING' : 'SUBMITTED',
    };
  }

  function reviewObject(r) {
    return {
      __typename: 'PullRequestReview', id: r.id, databaseId: r.databaseId, fullDatabaseId: String(r.databaseId), state: r.state, body: r.body ?? '', author: r.author,
      url: `${pullUrl(r.pull)}#pullrequestreview-${r.databaseId}`, submittedAt: r.submittedAt ?? null, createdAt: r.createdAt, commit: commitObject(r.commit),
      pullRequest: () => pullObject(r.pull),
    };
  }

  function lookup(id, typename) {
    const make = nodes.get(id);
    const obj = make?.();
    if (!obj || (typename && obj.__typename !== typename)) throw new GitHubError('NOT_FOUND', `Could not resolve to a node with the global id of '${id}'`);
    return obj;
  }

  function internal(id) {
    for (const repo of repos.values()) {
      for (const pull of repo.pulls) {
        if (pull.id === id) return { pull };
        for (const r of pull.reviews) if (r.id === id) return { review: r };
        for (const t of pull.threads) {
          if (t.id === id) return { thread: t };
          for (const c of t.comments) if (c.id === id) return { comment: c };
        }
      }
    }
    return {};
  }

  const EVENTS = { COMMENT: 'COMMENTED', APPROVE: 'APPROVED', REQUEST_CHANGES: 'CHANGES_REQUESTED' };

  function submit(review, event, body) {
    if (body != null) review.body = body;
    const own = review.pull.author.login.toLowerCase() === viewerLogin.toLowerCase();
    if (own && event === 'APPROVE') throw new GitHubError('UNPROCESSABLE', 'Can not approve your own pull request');
    if (own && event === 'REQUEST_CHANGES') throw new GitHubError('UNPROCESSABLE', 'Can not request changes on your own pull request');
    const threads = review.pull.threads.filter((t) => t.review === review);
    if ((event === 'COMMENT' || event === 'REQUEST_CHANGES') && !review.body && threads.length === 0) throw new GitHubError('UNPROCESSABLE', 'Review body is required');
    review.state = EVENTS[event];
    review.submittedAt = new Date().toISOString();
  }

  const rootValue = {
    viewer: () => user(viewerLogin),
    repository: ({ owner, name }) => {
      const repo = repoOf(owner, name);
      if (!repo) throw new GitHubError('NOT_FOUND', `Could not resolve to a Repository with the name '${owner}/${name}'.`);
      return repoObject(repo);
    },
    node: ({ id }) => lookup(id),
    rateLimit: () => ({ __typename: 'RateLimit', limit: 5000, cost: 1, remaining, used: 5000 - remaining, resetAt: new Date(mode.resetAt * 1000).toISOString(), nodeCount: 0 }),
    addPullRequestReview: ({ input }) => {
      const { pull } = internal(input.pullRequestId);
      if (!pull) throw new GitHubError('NOT_FOUND', `Could not resolve to a node with the global id of '${input.pullRequestId}'`);
      if (pull.reviews.some((r) => r.state === 'PENDING' && r.author.login === viewerLogin)) throw new GitHubError('UNPROCESSABLE', 'User can only have one pending review per pull request');
      const commit = input.commitOID ?? headOid(pull);
      if (!hasCommit(pull.repo.gitDir, commit)) throw new GitHubError('UNPROCESSABLE', `No commit found for SHA: ${commit}`);
      const n = next();
      const review = { pull, id: nodeId('PRR', n), databaseId: n, author: user(viewerLogin), state: 'PENDING', body: input.body ?? '', commit, createdAt: new Date().toISOString() };
      pull.reviews.push(review);
      nodes.set(review.id, () => reviewObject(review));
      for (const t of input.threads ?? []) createThread(pull, { ...t, commit, author: viewerLogin }, review);
      if (input.event) submit(review, input.event, input.body);
      return { clientMutationId: input.clientMutationId ?? null, pullRequestReview: reviewObject(review) };
    },
    addPullRequestReviewThread: ({ input }) => {
      const { review } = internal(input.pullRequestReviewId ?? '');
      if (!review || review.state !== 'PENDING') throw new GitHubError('NOT_FOUND', 'Could not resolve to a pending review');
      const { path, body, line, startLine, side, startSide, subjectType } = input;
      const thread = createThread(review.pull, { path, body, line, startLine, side, startSide, subjectType, commit: review.commit, author: viewerLogin }, review);
      return { clientMutationId: input.clientMutationId ?? null, thread: threadObject(thread) };
    },
    submitPullRequestReview: ({ input }) => {
      const { review } = internal(input.pullRequestReviewId ?? '');
      if (!review || review.state !== 'PENDING') throw new GitHubError('NOT_FOUND', 'Could not resolve to a pending review');
      submit(review, input.event, input.body);
      return { clientMutationId: input.clientMutationId ?? null, pullRequestReview: reviewObject(review) };
    },
    deletePullRequestReview: ({ input }) => {
      const { review } = internal(input.pullRequestReviewId);
      if (!review || review.state !== 'PENDING') throw new GitHubError('UNPROCESSABLE', 'Can not delete a submitted review');
      review.pull.reviews = review.pull.reviews.filter((r) => r !== review);
      review.pull.threads = review.pull.threads.filter((t) => t.review !== review);
      return { clientMutationId: input.clientMutationId ?? null, pullRequestReview: reviewObject(review) };
    },
    addPullRequestReviewThreadReply: ({ input }) => {
      const { thread } = internal(input.pullRequestReviewThreadId);
      if (!thread) throw new GitHubError('NOT_FOUND', `Could not resolve to a node with the global id of '${input.pullRequestReviewThreadId}'`);
      const c = addComment(thread, { author: viewerLogin, body: input.body });
      return { clientMutationId: input.clientMutationId ?? null, comment: commentObject(c) };
    },
    resolveReviewThread: ({ input }) => {
      const { thread } = internal(input.threadId);
      if (!thread) throw new GitHubError('NOT_FOUND', `Could not resolve to a node with the global id of '${input.threadId}'`);
      thread.resolvedBy = user(viewerLogin);
      return { clientMutationId: input.clientMutationId ?? null, thread: threadObject(thread) };
    },
    unresolveReviewThread: ({ input }) => {
      const { thread } = internal(input.threadId);
      if (!thread) throw new GitHubError('NOT_FOUND', `Could not resolve to a node with the global id of '${input.threadId}'`);
      thread.resolvedBy = null;
      return { clientMutationId: input.clientMutationId ?? null, thread: threadObject(thread) };
    },
  };

  async function runGraphql(body, record) {
    if (typeof body?.query !== 'string') {
      violations.push('GraphQL: the request has no query string');
      return { status: 400, json: { message: 'Problems parsing JSON' } };
    }
    record.operation = body.operationName ?? /(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1];
    const result = await graphql({
      schema, source: body.query, rootValue, variableValues: body.variables ?? undefined, operationName: body.operationName ?? undefined,
      typeResolver: (value) => value.__typename,
    });
    if (result.errors) {
      // Parse, validation and variable errors (no data at all): GitHub would refuse the document.
      if (result.data === undefined) violations.push(`GraphQL ${record.operation ?? '(anonymous)'}: ${result.errors.map((e) => e.message).join('; ')}`);
      // Errors GitHub reports itself (NOT_FOUND, UNPROCESSABLE…) carry its `type`; anything else is a stand-in or client bug.
      for (const e of result.errors) if (result.data !== undefined && !(e.originalError instanceof GitHubError)) violations.push(`GraphQL ${record.operation}: ${e.message}`);
    }
    const errors = result.errors?.map((e) => ({
      ...(e.originalError instanceof GitHubError ? { type: e.originalError.githubType } : {}), message: e.message,
      ...(e.path ? { path: e.path } : {}), ...(e.locations ? { locations: e.locations } : {}),
    }));
    return { status: 200, json: { ...(result.data !== undefined ? { data: result.data } : {}), ...(errors ? { errors } : {}) } };
  }

  // ------------------------------------------------------------------ REST

  function restComment(c) {
    const t = c.thread;
    const o = commentObject(c);
    return {
      url: `${server.url}/repos/${t.pull.repo.owner.login}/${t.pull.repo.name}/pulls/comments/${c.databaseId}`,
      pull_request_review_id: c.review?.databaseId ?? null, id: c.databaseId, node_id: c.id, diff_hunk: t.diffHunk, path: t.path,
      commit_id: o.commit.oid, original_commit_id: t.originalCommit, in_reply_to_id: c.replyTo?.databaseId,
      user: { login: c.author.__typename === 'Bot' ? `${c.author.login}[bot]` : c.author.login, id: c.author.databaseId, type: c.author.__typename === 'Bot' ? 'Bot' : 'User' },
      body: c.body, created_at: c.createdAt, updated_at: o.updatedAt, html_url: o.url, line: o.line, original_line: t.originalLine,
      start_line: o.startLine, original_start_line: t.originalStartLine, side: t.side, start_side: t.startSide, subject_type: t.subjectType === 'FILE' ? 'file' : 'line',
    };
  }

  function runRest(method, pathname, query, headers, body, check) {
    const p = check.pathParams;
    const repo = p.owner ? repoOf(p.owner, p.repo) : undefined;
    const notFound = { status: 404, json: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' } };
    switch (`${method} ${check.template}`) {
      case 'GET /user': return { status: 200, json: { login: viewerLogin, id: user(viewerLogin).databaseId, type: 'User' } };
      case 'GET /rate_limit': return { status: 200, json: { resources: { core: { limit: 5000, remaining, reset: mode.resetAt, used: 5000 - remaining } }, rate: { limit: 5000, remaining, reset: mode.resetAt, used: 5000 - remaining } } };
      case 'GET /repos/{owner}/{repo}/pulls/{pull_number}/comments': {
        const pull = repo?.pulls.find((x) => x.number === Number(p.pull_number));
        if (!pull) return notFound;
        // GitHub's order: by creation (default) or last update, ascending unless direction=desc.
        const key = query.get('sort') === 'updated' ? (c) => c.updated_at : (c) => c.created_at;
        const desc = query.get('direction') === 'desc';
        const all = pull.threads.filter((t) => t.review?.state !== 'PENDING').flatMap((t) => t.comments).map(restComment)
          .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id) * (desc ? -1 : 1));
        const perPage = Number(query.get('per_page') ?? 30);
        const page = Number(query.get('page') ?? 1);
        return { status: 200, json: all.slice((page - 1) * perPage, page * perPage), etag: true };
      }
      default:
        violations.push(`REST ${method} ${check.template}: GitHub has it, the stand-in does not serve it`);
        return { status: 501, json: { message: `stand-in: ${method} ${check.template} not served` } };
    }
  }

  // ------------------------------------------------------------------ HTTP

  function authorized(headers) {
    const m = /^(?:bearer|token)\s+(.+)$/i.exec(headers.authorization ?? '');
    return !mode.badCredentials && m?.[1] === token;
  }

  /**
   * The stand-in's own controls for tests in another process (the real VS Code suites): set up a
   * repository and pull request, add threads and replies as reviewers would, read what was
   * posted. Not GitHub's API (no schema to hold them to), and never counted as calls.
   */
  function admin(pathname, body) {
    // Pull numbers count per repository, as GitHub's do: two repositories of one run both have a
    // #42. A control call names the number alone, so it means the newest pull of that number
    // (the e2e run's suite and its UI scenario each make a repository on one stand-in).
    const pullBy = (n) => [...repos.values()].flatMap((r) => r.pulls).reverse().find((p) => p.number === n);
    const threadBy = (id) => [...repos.values()].flatMap((r) => r.pulls).flatMap((p) => p.threads).find((t) => t.id === id);
    switch (pathname) {
      case '/_standin/pull': {
        if (!repoOf(body.owner, body.name)) addRepo(body);
        return { number: openPull(body).number };
      }
      case '/_standin/thread': return { id: createThread(pullBy(body.number), body).id };
      case '/_standin/reply': return { id: addComment(threadBy(body.threadId), body).id };
      case '/_standin/resolve': { const t = threadBy(body.threadId); t.resolvedBy = body.resolved === false ? null : user(body.by ?? viewerLogin); return {}; }
      case '/_standin/state': {
        const pull = pullBy(body.number);
        return {
          violations,
          threads: pull.threads.map((t) => ({
            id: t.id, path: t.path, side: t.side, line: t.originalLine, subjectType: t.subjectType, resolved: t.resolvedBy !== null, review: t.review?.state,
            comments: t.comments.map((c) => ({ author: c.author.login, body: c.body })),
          })),
          reviews: pull.reviews.map((r) => ({ id: r.id, state: r.state, body: r.body, commit: r.commit })),
        };
      }
      default: throw new Error(`no stand-in control ${pathname}`);
    }
  }

  async function handle(req, res) {
    forgetRefs();
    const url = new URL(req.url, 'http://stand-in');
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    if (url.pathname.startsWith('/_standin/')) {
      try {
        const out = admin(url.pathname, text ? JSON.parse(text) : {});
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(out));
      } catch (e) {
        res.writeHead(400, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ message: String(e?.message ?? e) }));
      }
    }
    const record = { kind: url.pathname === '/graphql' || url.pathname === '/api/graphql' ? 'graphql' : 'rest', method: req.method, path: url.pathname + url.search, at: Date.now() };
    calls.push(record);
    const reply = (status, json, headers = {}) => {
      record.status = status;
      const payload = status === 304 ? '' : JSON.stringify(json);
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8', 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': String(remaining),
        'x-ratelimit-reset': String(mode.resetAt), 'x-ratelimit-resource': record.kind === 'graphql' ? 'graphql' : 'core', 'x-github-request-id': crypto.randomUUID(), ...headers,
      });
      res.end(payload);
    };
    let body;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        violations.push(`${req.method} ${url.pathname}: the body is not JSON`);
        return reply(400, { message: 'Problems parsing JSON' });
      }
    }
    if (!authorized(req.headers)) return reply(401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
    if (req.headers['user-agent'] === undefined) violations.push(`${req.method} ${url.pathname}: no User-Agent (GitHub refuses requests without one)`);
    if (mode.rateLimited) {
      remaining = 0;
      if (record.kind === 'graphql') return reply(200, { errors: [{ type: 'RATE_LIMITED', message: 'API rate limit exceeded for user ID 1.' }] });
      return reply(403, { message: 'API rate limit exceeded for user ID 1.', documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api' });
    }
    if (record.kind === 'graphql') {
      if (req.method !== 'POST') return reply(404, { message: 'Not Found' });
      remaining = Math.max(0, remaining - 1);
      const r = await runGraphql(body, record);
      return reply(r.status, r.json);
    }
    const check = checkRestRequest(req.method, url.pathname, url.searchParams, body);
    if (check.problems.length) {
      violations.push(`REST ${req.method} ${url.pathname}: ${check.problems.join('; ')}`);
      return reply(check.template ? 422 : 404, { message: check.template ? 'Validation Failed' : 'Not Found', errors: check.problems });
    }
    const r = runRest(req.method, url.pathname, url.searchParams, req.headers, body, check);
    if (r.etag) {
      const etag = `W/"${crypto.createHash('sha256').update(JSON.stringify(r.json)).digest('hex').slice(0, 32)}"`;
      // A conditional request answered 304 does not count against the rate limit (GitHub's rule).
      if (req.headers['if-none-match'] === etag) return reply(304, undefined, { etag });
      remaining = Math.max(0, remaining - 1);
      return reply(r.status, r.json, { etag });
    }
    remaining = Math.max(0, remaining - 1);
    return reply(r.status, r.json);
  }

  const httpServer = http.createServer((req, res) => {
    handle(req, res).catch((e) => {
      violations.push(`stand-in failure: ${e?.stack ?? e}`);
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'stand-in failure' }));
    });
  });
  await new Promise((resolve) => httpServer.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = httpServer.address().port;

  const server = {
    url: `http://127.0.0.1:${port}`,
    graphqlUrl: `http://127.0.0.1:${port}/graphql`,
    token, viewer: viewerLogin, calls, violations, mode,
    addRepo, openPull, user,
    /** Adds a review thread as a reviewer would (refused as GitHub refuses it). `commit`: the head by default. */
    addThread: (pull, t) => {
      forgetRefs();
      try {
        return createThread(pull, t);
      } catch (e) {
        throw new Error(`stand-in refused the thread: ${e.message}`, { cause: e });
      }
    },
    reply: (thread, r) => addComment(thread, r),
    resolve: (thread, by = viewerLogin) => { thread.resolvedBy = user(by); },
    unresolve: (thread) => { thread.resolvedBy = null; },
    editComment: (comment, body) => { comment.body = body; comment.lastEditedAt = new Date().toISOString(); },
    deleteThread: (thread) => { thread.pull.threads = thread.pull.threads.filter((t) => t !== thread); },
    /** Submitted reviews of a pull request (what a push made). */
    reviewsOf: (pull) => pull.reviews,
    threadsOf: (pull) => pull.threads,
    isOutdated,
    resetCalls: () => { calls.length = 0; },
    close: () => new Promise((resolve) => { httpServer.closeAllConnections?.(); httpServer.close(() => resolve()); }),
  };
  return server;
}

// A process of its own (the real VS Code runs, e2e/vscode/run.mjs): `node server.mjs [--port N] [--token T]`
// prints {"url","graphqlUrl","token"} on its first line; tests set it up through /_standin/ (admin above).
if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : undefined; };
  const s = await startGitHubStandIn({ port: Number(arg('--port') ?? 0), token: arg('--token') });
  process.stdout.write(`${JSON.stringify({ url: s.url, graphqlUrl: s.graphqlUrl, token: s.token })}\n`);
}
