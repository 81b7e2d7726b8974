/**
 * What the board's host logic needs from the outside world, injected so the logic has no
 * `vscode` import: the extension wires VS Code in (panel.ts), tests and the e2e fake host
 * wire plain Node in. The store and setup functions are the real shared modules.
 */
import type * as storeApi from '../../shared';
import type * as setupApi from '../../setup';
import type { ConsiderHost } from '../api';
import type { WorktreeFolders } from './worktrees';

export type StoreApi = Pick<typeof storeApi,
  'replyToThread' | 'setWorkflowState' | 'deleteThread' | 'restoreThreads' | 'archiveResolved' | 'unarchive' | 'submitReview' | 'addressRound' | 'discardReview' |
  'reconcileWorkspace' | 'reanchorInText' | 'setAnchor' | 'takeSuggestedMove' | 'confirmAnchor' | 'restoreAnchor' | 'considerPaths' | 'parseStoreText' | 'withStoreLock' | 'restoreLastGoodCopy' | 'splitLines'>;

export type SetupApi = Pick<typeof setupApi, 'describeSetup' | 'runSetup' | 'runUninstall' | 'INTEGRATIONS'>;

export type BoardHost = Pick<ConsiderHost, 'folders' | 'visibility' | 'setVisibility' | 'refresh' | 'revealThread' | 'currentSelection'>;

export interface BoardServices {
  readonly host: BoardHost;
  readonly store: StoreApi;
  readonly setup: SetupApi;
  /** Text of a workspace file as the user sees it (an open editor's unsaved text, else disk); undefined if missing. */
  documentText(root: string, relFile: string): string | undefined;
  /** Opens a URL outside the editor (already checked by the caller). */
  openExternal(url: string): void;
  /** Opens a local file in an editor. */
  openFile(absPath: string): void;
  readonly home: string;
  readonly runtimeDir: string;
  readonly skillsDir: string;
  log(line: string): void;
  /**
   * Copy Review Digest (extension/commands/digest-command.ts) without its notification: the
   * page's size and the pending comments left out of it, or undefined when nothing was copied.
   */
  copyDigest(): Promise<{ chars: number; pendingLeftOut: number } | undefined>;
  /** Proof of fix: opens the diff of a thread's code as written with today's (absent where there is no Changes view: tests). */
  showThreadChanges?(root: string, id: string): void;
  /** Opens the Changes view on a round's baseline (absent where there is no Changes view: tests). */
  showChangesSince?(root: string, round: number): void;
  /** Review per change in a folder: the capture the Changes view counts from and its progress (snapshot.ts withRoundProgress); absent or undefined when none. */
  changeProgress?(root: string): ChangeProgress | undefined;
  /** The repository's other worktrees and their threads (worktrees.ts readOtherWorktrees); absent: the board shows this checkout only. */
  readWorktrees?(roots: readonly string[]): Promise<WorktreeFolders>;
  /**
   * Submit Review's session question (extension/review/session-question.ts): the session a
   * folder's round is for, undefined for any session (one or no session acted there recently),
   * null when the user closed the question. Absent: never asked (tests).
   */
  askSession?(root: string): Promise<string | undefined | null>;
  /** Opens a file of another worktree (a path git listed, resolved inside it) at a line. */
  openFileAt?(absPath: string, line: number): void;
}

/** The Changes view's progress in a folder, counted from the capture `baseline` (a round's, or a Mark All Reviewed's). */
export interface ChangeProgress {
  readonly baseline: string;
  readonly reviewed: number;
  readonly total: number;
}
