/**
 * BoardServices for host-side board tests (BoardSession over the real store and setup
 * modules): the VS Code parts are inert stubs unless a test passes its own.
 */
import type { FolderStoreState } from '../../extension/api';
import type { BoardServices } from '../../extension/board/services';
import * as setupApi from '../../setup';
import * as store from '../../shared';

export interface TestServices {
  home: string;
  folders(): FolderStoreState[];
  refresh?(): void;
  documentText?: BoardServices['documentText'];
  /** The editor selection the board's "To editor selection" uses (none by default). */
  currentSelection?: BoardServices['host']['currentSelection'];
  log?(line: string): void;
  /** Copy Review Digest (nothing copied by default). */
  copyDigest?: BoardServices['copyDigest'];
  /** Submit Review's session question (never asked by default). */
  askSession?: BoardServices['askSession'];
}

export function testBoardServices(t: TestServices): BoardServices {
  return {
    host: {
      folders: () => t.folders(),
      visibility: () => ({ showResolved: true, showStale: true }),
      setVisibility: async () => undefined,
      refresh: async () => t.refresh?.(),
      revealThread: async () => undefined,
      currentSelection: t.currentSelection ?? (() => undefined),
    },
    store, setup: setupApi,
    documentText: t.documentText ?? (() => undefined),
    openExternal: () => undefined, openFile: () => undefined,
    home: t.home, runtimeDir: '', skillsDir: '', log: t.log ?? (() => undefined),
    copyDigest: t.copyDigest ?? (async () => undefined),
    ...(t.askSession ? { askSession: t.askSession } : {}),
  };
}
