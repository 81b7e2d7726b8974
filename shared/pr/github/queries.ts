/**
 * The GraphQL documents Consider sends to GitHub. Each is checked against GitHub's published
 * schema by the tests' stand-in (test/github-standin/): a field or argument GitHub does not have
 * fails there. Named `Consider…` so GitHub's logs and the stand-in's record name them.
 */

const PULL_REQUEST = 'id number title url state headRefName headRefOid baseRefName baseRefOid author { login __typename }';
const COMMENT_FIELDS = 'id url body createdAt lastEditedAt author { login __typename } originalCommit { oid } diffHunk';
const THREAD_FIELDS = 'id path diffSide startDiffSide originalLine originalStartLine isOutdated isResolved subjectType resolvedBy { login }';

export const FIND_PULL_REQUEST = `query ConsiderFindPullRequest($owner: String!, $name: String!, $head: String!) {
  repository(owner: $owner, name: $name) {
    pullRequests(headRefName: $head, states: [OPEN], first: 5, orderBy: { field: UPDATED_AT, direction: DESC }) { nodes { ${PULL_REQUEST} } }
  }
}`;

export const PULL_REQUEST_BY_NUMBER = `query ConsiderPullRequest($owner: String!, $name: String!, $number: Int!) {
  repository(owner: $owner, name: $name) { pullRequest(number: $number) { ${PULL_REQUEST} } }
}`;

/** 100 threads a page with their first 100 comments: 10,100 nodes, far under GitHub's 500,000 limit. */
export const REVIEW_THREADS = `query ConsiderReviewThreads($owner: String!, $name: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) {
      reviewThreads(first: 100, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { ${THREAD_FIELDS} comments(first: 100) { pageInfo { hasNextPage endCursor } nodes { ${COMMENT_FIELDS} } } }
      }
    }
  }
}`;

/** The rest of a thread's comments past its first 100. */
export const THREAD_COMMENTS = `query ConsiderThreadComments($id: ID!, $after: String) {
  node(id: $id) { ... on PullRequestReviewThread { comments(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { ${COMMENT_FIELDS} } } } }
}`;

export const START_REVIEW = `mutation ConsiderStartReview($input: AddPullRequestReviewInput!) {
  addPullRequestReview(input: $input) { pullRequestReview { id url } }
}`;

export const ADD_REVIEW_THREAD = `mutation ConsiderAddReviewThread($input: AddPullRequestReviewThreadInput!) {
  addPullRequestReviewThread(input: $input) { thread { ${THREAD_FIELDS} comments(first: 1) { pageInfo { hasNextPage endCursor } nodes { ${COMMENT_FIELDS} } } } }
}`;

export const SUBMIT_REVIEW = `mutation ConsiderSubmitReview($input: SubmitPullRequestReviewInput!) {
  submitPullRequestReview(input: $input) { pullRequestReview { id url state } }
}`;

export const DELETE_REVIEW = `mutation ConsiderDeleteReview($input: DeletePullRequestReviewInput!) {
  deletePullRequestReview(input: $input) { clientMutationId }
}`;

export const REPLY = `mutation ConsiderReply($input: AddPullRequestReviewThreadReplyInput!) {
  addPullRequestReviewThreadReply(input: $input) { comment { ${COMMENT_FIELDS} } }
}`;

export const RESOLVE = `mutation ConsiderResolve($input: ResolveReviewThreadInput!) {
  resolveReviewThread(input: $input) { thread { id isResolved } }
}`;

export const UNRESOLVE = `mutation ConsiderUnresolve($input: UnresolveReviewThreadInput!) {
  unresolveReviewThread(input: $input) { thread { id isResolved } }
}`;
