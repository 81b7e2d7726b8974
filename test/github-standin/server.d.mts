/** Types of the GitHub API stand-in (server.mjs), for the TypeScript tests. */
export interface StandInComment { id: string; databaseId: number; body: string }
export interface StandInThread { id: string; path: string; comments: StandInComment[]; resolvedBy: unknown }
export interface StandInPull { number: number; id: string; head: string; base: string }
export interface StandInReview { id: string; state: string; body: string; commit: string }
export interface NewThread {
  path: string; line?: number; startLine?: number; side?: 'LEFT' | 'RIGHT'; startSide?: 'LEFT' | 'RIGHT'; subjectType?: 'LINE' | 'FILE';
  body: string; author?: string; bot?: boolean; commit?: string; resolved?: boolean; resolvedBy?: string; createdAt?: string;
  replies?: { author?: string; bot?: boolean; body: string }[];
}
export interface StandIn {
  url: string;
  graphqlUrl: string;
  token: string;
  viewer: string;
  calls: { kind: 'rest' | 'graphql'; method: string; path: string; operation?: string; status?: number }[];
  violations: string[];
  mode: { rateLimited: boolean; badCredentials: boolean; resetAt: number };
  addRepo(r: { owner: string; name: string; gitDir: string }): unknown;
  openPull(p: { owner: string; name: string; head: string; base?: string; title?: string; author?: string }): StandInPull;
  addThread(pull: StandInPull, t: NewThread): StandInThread;
  reply(thread: StandInThread, r: { author?: string; bot?: boolean; body: string }): StandInComment;
  resolve(thread: StandInThread, by?: string): void;
  unresolve(thread: StandInThread): void;
  editComment(comment: StandInComment, body: string): void;
  deleteThread(thread: StandInThread): void;
  reviewsOf(pull: StandInPull): StandInReview[];
  threadsOf(pull: StandInPull): StandInThread[];
  isOutdated(thread: StandInThread): boolean;
  resetCalls(): void;
  close(): Promise<void>;
}
export function startGitHubStandIn(opts?: { token?: string; viewer?: string; port?: number; firstPullNumber?: number }): Promise<StandIn>;
