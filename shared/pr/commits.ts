/**
 * The files of the commits review comments were written on. A commit the clone lacks (pushed
 * from elsewhere, or force-pushed away and kept by the host) is fetched from the remote by its
 * id, all missing ones in one `git fetch`; one the remote no longer has stays missing, and the
 * caller falls back to the comment's diff hunk.
 */
import { GIT_TIMEOUT_MS, gitText, runGit } from '../workspace/git';

/** A fetch of missing commits may take a while on a large remote: longer than a local git call. */
const FETCH_TIMEOUT_MS = 8 * GIT_TIMEOUT_MS;

const OID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

export class CommitFiles {
  private readonly texts = new Map<string, string | undefined>();
  private readonly bases = new Map<string, string | undefined>();
  private readonly present = new Set<string>();
  /** Commits fetched from the remote by this pull. */
  fetched = 0;

  constructor(private readonly root: string, private readonly remote: string) {}

  private has(oid: string): boolean {
    if (this.present.has(oid)) return true;
    const ok = OID.test(oid) && runGit(this.root, ['cat-file', '-e', `${oid}^{commit}`]).ok;
    if (ok) this.present.add(oid);
    return ok;
  }

  /** Makes the commits available where the remote still has them (one fetch for all, then one each if that fails). */
  ensure(oids: Iterable<string>): void {
    const missing = [...new Set(oids)].filter((o) => OID.test(o) && !this.has(o));
    if (missing.length === 0) return;
    const fetch = (list: string[]) => runGit(this.root, ['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', '--no-recurse-submodules', this.remote, ...list], { timeoutMs: FETCH_TIMEOUT_MS }).ok;
    if (!fetch(missing)) for (const oid of missing) fetch([oid]);
    for (const oid of missing) if (this.has(oid)) this.fetched++;
  }

  available(oid: string | undefined): oid is string {
    return oid !== undefined && this.has(oid);
  }

  /** The file's text at the commit (repository-relative path), or undefined. */
  text(oid: string, repoPath: string): string | undefined {
    const key = `${oid}:${repoPath}`;
    if (!this.texts.has(key)) {
      const r = this.has(oid) ? runGit(this.root, ['show', `${oid}:${repoPath}`]) : undefined;
      this.texts.set(key, r?.ok ? r.stdout.toString('utf8') : undefined);
    }
    return this.texts.get(key);
  }

  mergeBase(a: string, b: string): string | undefined {
    const key = `${a} ${b}`;
    if (!this.bases.has(key)) this.bases.set(key, this.has(a) && this.has(b) ? gitText(this.root, ['merge-base', a, b])?.trim() || undefined : undefined);
    return this.bases.get(key);
  }
}

/** The workspace folder's place in its repository (`sub/dir/`, or '' at the top), to map repository paths to workspace ones. */
export function repositoryPrefix(root: string): string {
  return gitText(root, ['rev-parse', '--show-prefix'])?.trim() ?? '';
}
