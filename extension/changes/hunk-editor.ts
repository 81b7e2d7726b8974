/**
 * The changes of a Changes diff, in the diff itself: each change's first line says whether it is
 * reviewed ("● Change 2 of 5 · not reviewed" / "✓ reviewed"), and hovering any of its lines
 * offers *Mark Change Reviewed*, *Reject Change…* and *Next Unreviewed Change* as links. The same
 * commands are on the diff's title bar and context menu, with keybindings, and act on the change
 * under the cursor. Why text decorations and hovers, not CodeLens: VS Code draws no CodeLens in
 * diff editors unless the user turns on `diffEditor.codeLens` for every diff (off by default,
 * microsoft/vscode#97640); the diff gutter's own toolbar (git's Stage/Revert Block) is a proposed
 * API (`contribDiffEditorGutterToolBarMenus`) a published extension cannot use. Decorations and
 * hovers draw in both sides of any diff; GitLens offers its per-hunk actions the same way (hovers
 * with command links), and GitHub Pull Requests puts Mark as Viewed on the diff's title bar.
 *
 * A change that only removed lines is labelled on the baseline side, on the lines it removed.
 * Also keeps the context key `consider.changes.inDiff` (the focused editor shows a Changes diff)
 * that the menus depend on. The keybindings do not: this key is set from the extension host, a
 * round trip behind the window, and a key pressed before it arrived fell through to VS Code's own
 * binding (in the browser Ctrl+Alt+N is New Untitled Text File: an empty tab instead of Reject
 * Change…, seen on a loaded machine). They ask the window's own `diffEditorOriginalUri` instead,
 * which is right the moment the diff has focus.
 */
import * as vscode from 'vscode';
import { toStoredPath } from '../../shared/paths';
import { countOf } from '../../shared/board/l10n';
import { CommandIds } from '../command-ids';
import { Disposable } from '../util/dispose';
import { BASELINE_SCHEME, parseBaselineUri } from './baseline-docs';
import type { ChangeAt, HunkReview } from './hunk-review';

export const IN_DIFF_CONTEXT = 'consider.changes.inDiff';

/** What an editor shows of a Changes diff: which side, of which file. */
export interface DiffSide {
  root: string;
  /** The file's path today (the key of its hunks). */
  path: string;
  side: 'modified' | 'baseline';
}

/** Whether a tab is a Changes diff (its left side is a baseline document). */
function isChangesDiff(input: unknown): input is vscode.TabInputTextDiff {
  return input instanceof vscode.TabInputTextDiff && input.original.scheme === BASELINE_SCHEME;
}

export class HunkEditors extends Disposable {
  // The label goes before the change's first line, not after it: a diff side is half an editor
  // wide, and a label after a long line was scrolled out of sight.
  private readonly unreviewed = this.register(vscode.window.createTextEditorDecorationType({
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.warningForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
    before: { color: new vscode.ThemeColor('editorWarning.foreground'), margin: '0 1ch 0 0', fontStyle: 'italic' },
  }));
  private readonly reviewed = this.register(vscode.window.createTextEditorDecorationType({
    before: { color: new vscode.ThemeColor('descriptionForeground'), margin: '0 1ch 0 0', fontStyle: 'italic' },
  }));
  /** Invisible: carries each change's hover over all its lines. */
  private readonly hover = this.register(vscode.window.createTextEditorDecorationType({}));

  constructor(private readonly review: HunkReview, private readonly rootOf: (fsPath: string) => string | undefined) {
    super();
    const redraw = (): void => this.redraw();
    this.register(review.onDidChange(redraw));
    this.register(vscode.window.onDidChangeVisibleTextEditors(redraw));
    this.register(vscode.window.tabGroups.onDidChangeTabs(redraw));
    this.register(vscode.window.onDidChangeActiveTextEditor(() => this.updateContext()));
    this.register(vscode.workspace.onDidChangeTextDocument((e) => {
      // Typing moves lines: the labels are drawn again when the edited file's hunks are (review.onDidChange).
      if (e.document.uri.scheme === BASELINE_SCHEME) redraw();
    }));
    redraw();
  }

  /** Which side of which Changes diff an editor shows, if any. */
  sideOf(editor: vscode.TextEditor | undefined): DiffSide | undefined {
    if (!editor) return undefined;
    const uri = editor.document.uri;
    if (uri.scheme === BASELINE_SCHEME) {
      const d = parseBaselineUri(uri);
      if (!d || d.snapshot) return undefined;
      const path = this.review.pathOfBaselineFile(d.root, d.rel) ?? d.rel;
      return this.shownInDiff(uri) ? { root: d.root, path, side: 'baseline' } : undefined;
    }
    if (uri.scheme !== 'file') return undefined;
    const root = this.rootOf(uri.fsPath);
    if (!root || !this.shownInDiff(uri)) return undefined;
    return { root, path: toStoredPath(root, uri.fsPath), side: 'modified' };
  }

  /** Whether a document is one side of an open Changes diff tab. */
  private shownInDiff(uri: vscode.Uri): boolean {
    const s = uri.toString();
    for (const g of vscode.window.tabGroups.all) {
      for (const t of g.tabs) {
        if (isChangesDiff(t.input) && (t.input.modified.toString() === s || t.input.original.toString() === s)) return true;
      }
    }
    return false;
  }

  /** The change under an editor's cursor (or the one a link names). */
  changeAtCursor(editor: vscode.TextEditor | undefined = vscode.window.activeTextEditor): ChangeAt | undefined {
    const side = this.sideOf(editor);
    if (!side || !editor) return undefined;
    const line = editor.selection.active.line;
    return side.side === 'modified' ? this.review.changeAtLine(side.root, side.path, line) : this.review.changeAtBaseLine(side.root, side.path, line);
  }

  private updateContext(): void {
    void vscode.commands.executeCommand('setContext', IN_DIFF_CONTEXT, this.sideOf(vscode.window.activeTextEditor) !== undefined);
  }

  private redraw(): void {
    this.updateContext();
    for (const editor of vscode.window.visibleTextEditors) this.decorate(editor);
  }

  private decorate(editor: vscode.TextEditor): void {
    const side = this.sideOf(editor);
    const file = side && this.review.file(side.root, side.path);
    const open: vscode.DecorationOptions[] = [];
    const done: vscode.DecorationOptions[] = [];
    const hovers: vscode.DecorationOptions[] = [];
    if (side && file && file.hunks.length) {
      const total = file.ids.length;
      const maxLine = editor.document.lineCount - 1;
      file.hunks.forEach((h, i) => {
        // A change that only removed lines is shown on the baseline side; the others on today's.
        const onBaseline = h.newCount === 0;
        if ((side.side === 'baseline') !== onBaseline) return;
        const first = onBaseline ? h.oldStart : h.newStart;
        const count = onBaseline ? h.oldCount : h.newCount;
        if (first > maxLine) return;
        const last = Math.min(maxLine, first + count - 1);
        const reviewed = file.reviewed[i]!;
        const at = { root: side.root, path: side.path, id: h.id };
        // Short, as it pushes the line's code to the right: "✓ 1/3" reviewed, "● 2/3" not yet (the
        // row in the Changes view says "✓ 1/3" too; the hover spells it out).
        const label = `${reviewed ? '✓' : '●'} ${i + 1}/${total}`;
        (reviewed ? done : open).push({ range: new vscode.Range(first, 0, first, 0), renderOptions: { before: { contentText: label } } });
        hovers.push({ range: new vscode.Range(first, 0, last, Number.MAX_SAFE_INTEGER), hoverMessage: hoverFor(at, reviewed, i + 1, total, count, onBaseline) });
      });
    }
    editor.setDecorations(this.unreviewed, open);
    editor.setDecorations(this.reviewed, done);
    editor.setDecorations(this.hover, hovers);
  }
}

/** How a keybinding of ours is written on this platform: Ctrl+Alt+Y, or ⌥⌘Y on a Mac. */
export function keyHint(letter: string): string {
  return process.platform === 'darwin' ? `⌥⌘${letter}` : `Ctrl+Alt+${letter}`;
}

/** A command link of a hover, with its arguments. */
function link(title: string, command: string, arg: unknown, tooltip: string): string {
  return `[${title}](command:${command}?${encodeURIComponent(JSON.stringify([arg]))} "${tooltip.replace(/"/g, '\'')}")`;
}

/** The links of a change's hover. Only Consider's own change commands may run from it. */
function hoverFor(at: { root: string; path: string; id: string }, reviewed: boolean, n: number, total: number, lines: number, removedOnly: boolean): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, true);
  md.isTrusted = { enabledCommands: [CommandIds.markChangeReviewed, CommandIds.markChangeNotReviewed, CommandIds.rejectChange, CommandIds.nextUnreviewedChange] };
  md.supportHtml = false;
  const what = removedOnly ? countOf(lines, vscode.l10n.t('{0} line removed'), vscode.l10n.t('{0} lines removed')) : countOf(lines, vscode.l10n.t('{0} line'), vscode.l10n.t('{0} lines'));
  md.appendText(`${vscode.l10n.t('Change {0} of {1}', n, total)} (${what}) · ${reviewed ? vscode.l10n.t('reviewed') : vscode.l10n.t('not reviewed')}`);
  md.appendMarkdown('\n\n');
  const links = [
    reviewed
      ? link(`$(circle-large-outline) ${vscode.l10n.t('Mark Not Reviewed')}`, CommandIds.markChangeNotReviewed, at, vscode.l10n.t('Count this change as not reviewed again'))
      : link(`$(check) ${vscode.l10n.t('Mark Reviewed')}`, CommandIds.markChangeReviewed, at, vscode.l10n.t('Mark this change reviewed ({0})', keyHint('Y'))),
    link(`$(close) ${vscode.l10n.t('Reject…')}`, CommandIds.rejectChange, at, vscode.l10n.t('Tell the agent why this change is wrong, and optionally revert it ({0})', keyHint('N'))),
    link(`$(arrow-down) ${vscode.l10n.t('Next Unreviewed')}`, CommandIds.nextUnreviewedChange, at, vscode.l10n.t('Go to the next change not reviewed, in this file or the next ({0})', keyHint('J'))),
  ];
  md.appendMarkdown(links.join(' &nbsp;·&nbsp; '));
  return md;
}
