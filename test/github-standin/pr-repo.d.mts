/** Types of the pull request git setup (pr-repo.mjs), for the TypeScript tests. */
export function gitIn(dir: string, ...args: string[]): string;
export function writeFiles(dir: string, files: Record<string, string | null>): void;
export interface PrRepo {
  top: string; bare: string; work: string; owner: string; name: string; remoteUrl: string;
  git(...args: string[]): string;
  commit(changes: Record<string, string | null>, message?: string): string;
  branch(name: string): void;
  push(opts?: { force?: boolean }): void;
  pruneOrigin(): void;
  head(): string;
}
export function makePrRepo(opts?: { owner?: string; name?: string; files?: Record<string, string>; dir?: string }): PrRepo;
