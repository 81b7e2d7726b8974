/** The board projection's file filter choices (webview/src/state/projection.ts). */
import { describe, expect, it } from 'vitest';
import type { FolderSnapshot, ThreadView } from '../shared/protocol';
import { fileKey, fileOptions, projectRows } from '../webview/src/state/projection';

const view = (id: string, file: string): ThreadView => ({
  id, file, startLine: 1, endLine: 1, workflowState: 'open', anchorState: 'anchored', author: 'human', title: id, lastActivityAt: '2026-01-01T00:00:00Z',
});
const folder = (root: string, threads: ThreadView[]): FolderSnapshot => ({ root, name: root.slice(1), hasStore: true, threads });

describe('fileOptions', () => {
  const folders = [folder('/one', [view('a', 'src/b.ts'), view('b', 'src/a.ts'), view('c', 'src/b.ts')]), folder('/two', [view('a', 'src/a.ts'), view('d', 'README.md')])];

  it('lists each file once per folder, by path, with the folder name when there are several', () => {
    expect(fileOptions(projectRows(folders), true)).toEqual([
      { value: fileKey('/one', 'src/a.ts'), label: 'one/src/a.ts' },
      { value: fileKey('/one', 'src/b.ts'), label: 'one/src/b.ts' },
      { value: fileKey('/two', 'README.md'), label: 'two/README.md' },
      { value: fileKey('/two', 'src/a.ts'), label: 'two/src/a.ts' },
    ]);
  });

  it('labels by path alone in a single folder', () => {
    expect(fileOptions(projectRows(folders.slice(0, 1)), false).map((o) => o.label)).toEqual(['src/a.ts', 'src/b.ts']);
  });
});
