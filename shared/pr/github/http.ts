/**
 * GitHub's REST and GraphQL APIs over Node's own fetch (the CLI ships no dependencies). Every
 * failure becomes one ConsiderError a person can act on, with the exit code the CLI documents
 * (docs/pull-requests.md): no answer (io), bad or expired token (auth), no access or not found
 * (not_found), rate limit (busy, with the time it resets). The token goes in a header and
 * nowhere else: never into a message, a log or the store.
 */
import { ConsiderError } from '../../errors';
import type { ApiEndpoints } from '../remote';

export interface HttpOptions {
  /** What to tell the user when GitHub refuses the token ("run gh auth login", "sign in again"). */
  authHint: string;
  userAgent?: string;
}

/** A request GitHub has not answered by then fails (a network failure, exit 5). */
const REQUEST_TIMEOUT_MS = 30_000;

export interface RestAnswer<T> {
  status: number;
  data?: T;
  etag?: string;
}

interface GraphqlError { type?: string; message: string; path?: (string | number)[] }

export class GitHubHttp {
  /** Requests sent (the figures count them; 304s included). */
  calls = 0;

  constructor(private readonly endpoints: ApiEndpoints, private readonly token: string, private readonly opts: HttpOptions) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      authorization: `bearer ${this.token}`,
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
      'user-agent': this.opts.userAgent ?? 'consider-pr',
      ...extra,
    };
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    this.calls++;
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (e) {
      const cause = (e as { cause?: { code?: string } }).cause?.code ?? (e as Error).name;
      const host = new URL(url).host;
      throw new ConsiderError('io', `cannot reach ${host} (${cause === 'TimeoutError' ? 'no answer in time' : cause})`,
        'check the network connection (or GITHUB_API_URL / GITHUB_GRAPHQL_URL when set)');
    }
  }

  /** The common refusals of both APIs, by status. */
  private async refusal(r: Response, what: string): Promise<ConsiderError> {
    let message = '';
    try {
      message = String(((await r.json()) as { message?: unknown }).message ?? '');
    } catch {
      /* no JSON body */
    }
    if (r.status === 401) return new ConsiderError('auth', `GitHub refused the token (401 ${message || 'Bad credentials'}): it is wrong, expired or revoked`, this.opts.authHint);
    if (rateLimited(r, message)) return rateLimitError(r);
    if (r.status === 403) return new ConsiderError('auth', `GitHub refused ${what} (403${message ? `: ${message}` : ''})`, `the token needs access to the repository (the "repo" scope); ${this.opts.authHint}`);
    if (r.status === 404) return new ConsiderError('not_found', `GitHub has no ${what} (404), or the token cannot see it`, 'check the remote\'s owner and name, and that the token may read the repository');
    if (r.status >= 500) return new ConsiderError('io', `GitHub failed to answer ${what} (${r.status})`, 'try again in a moment');
    return new ConsiderError('io', `GitHub refused ${what} (${r.status}${message ? `: ${message}` : ''})`);
  }

  async rest<T>(method: string, path: string, opts: { query?: Record<string, string | number>; body?: unknown; etag?: string; what: string }): Promise<RestAnswer<T>> {
    const url = new URL(this.endpoints.rest + path);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
    const r = await this.send(url.toString(), {
      method,
      headers: this.headers({ ...(opts.etag ? { 'if-none-match': opts.etag } : {}), ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}) }),
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    });
    const etag = r.headers.get('etag') ?? undefined;
    if (r.status === 304) return { status: 304, etag };
    if (!r.ok) throw await this.refusal(r, opts.what);
    return { status: r.status, data: (await r.json()) as T, etag };
  }

  /** Runs a GraphQL document; any error GitHub reports is thrown as one ConsiderError. */
  async graphql<T>(query: string, variables: Record<string, unknown>, what: string): Promise<T> {
    const r = await this.send(this.endpoints.graphql, { method: 'POST', headers: this.headers({ 'content-type': 'application/json' }), body: JSON.stringify({ query, variables }) });
    if (!r.ok) throw await this.refusal(r, what);
    const answer = (await r.json()) as { data?: T; errors?: GraphqlError[] };
    const errors = answer.errors ?? [];
    if (errors.length) {
      const first = errors[0]!;
      if (errors.some((e) => e.type === 'RATE_LIMITED')) throw rateLimitError(r);
      if (first.type === 'NOT_FOUND') throw new ConsiderError('not_found', `GitHub: ${first.message}`, 'check the remote\'s owner and name, the pull request number, and that the token may read the repository');
      if (first.type === 'FORBIDDEN') throw new ConsiderError('auth', `GitHub refused ${what}: ${first.message}`, this.opts.authHint);
      throw new ConsiderError('io', `GitHub refused ${what}: ${first.message}`);
    }
    if (answer.data === undefined) throw new ConsiderError('io', `GitHub sent no data for ${what}`);
    return answer.data;
  }
}

function rateLimited(r: Response, message: string): boolean {
  return (r.status === 403 || r.status === 429) && (r.headers.get('x-ratelimit-remaining') === '0' || /rate limit/i.test(message));
}

function rateLimitError(r: Response): ConsiderError {
  const reset = Number(r.headers.get('x-ratelimit-reset'));
  const retryAfter = Number(r.headers.get('retry-after'));
  const when = Number.isFinite(reset) && reset > 0 ? new Date(reset * 1000) : Number.isFinite(retryAfter) && retryAfter > 0 ? new Date(Date.now() + retryAfter * 1000) : undefined;
  const at = when ? ` until ${when.toISOString().slice(11, 16)} UTC` : '';
  return new ConsiderError('busy', `GitHub's API rate limit is used up${at}`, 'try again after that; nothing was changed');
}
