/**
 * A file as git last committed it before a given time: for cross-file.ts, which must not take
 * a copy that was in a file all along (a duplicate) for code that moved there. Read-only git
 * commands, asked only for files a search is about to follow a thread into; any failure (no
 * git, not a repository, a file git never had) means "not known".
 */
import { gitText, READ_GIT_TIMEOUT_MS } from '../workspace/git';
import { isRepositoryTop } from '../workspace/repository';

/** On a CLI read's way: git gives up sooner (not known then). */
const ON_READ = { timeoutMs: READ_GIT_TIMEOUT_MS };

export class GitHistory {
  private readonly commits = new Map<number, string | undefined>();
  private readonly texts = new Map<string, string | undefined>();
  private readonly usable: boolean;

  constructor(private readonly root: string) {
    this.usable = isRepositoryTop(root);
  }

  /**
   * The text of `rel` in the newest commit made before the second of `timeMs` (by committer
   * date), or undefined: no git, no such commit, or the file was not in it.
   */
  textBefore(rel: string, timeMs: number): string | undefined {
    if (!this.usable) return undefined;
    // git's dates are whole seconds, and --before includes its second: a commit made in the
    // check's own second may come after it (a move committed right away), so it is left out.
    const second = Math.floor(timeMs / 1000) - 1;
    let commit = this.commits.get(second);
    if (!this.commits.has(second)) {
      commit = gitText(this.root, ['rev-list', '-1', `--before=@${second}`, 'HEAD'], ON_READ)?.trim() || undefined;
      this.commits.set(second, commit);
    }
    if (commit === undefined) return undefined;
    const key = `${commit}:${rel}`;
    if (!this.texts.has(key)) this.texts.set(key, gitText(this.root, ['show', `${commit}:./${rel}`], ON_READ));
    return this.texts.get(key);
  }
}
