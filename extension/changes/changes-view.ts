/**
 * The Changes view (`consider.changes`): a native tree of the files changed since a baseline,
 * as VS Code's source control and GitHub's "Files changed" show them — grouped by folder
 * (compact folders), each file with its `+added −removed`, its open threads, git's letter and
 * colour for added / deleted / renamed / modified, and a Viewed checkbox. One tree per workspace
 * folder in a multi-root workspace. Rows that say why something is not listed (files not
 * compared, a baseline incomplete) sit on top. The message line above the tree names the
 * baseline (and says when nothing changed since, or why it cannot be used); with no baseline at
 * all, or no folder, a welcome text says what to do (package.json viewsWelcome, chosen by the
 * context key `consider.changes.state`: VS Code shows no welcome while a message is set).
 */
import path from 'node:path';
import * as vscode from 'vscode';
import type { FileChange } from '../../shared/changes/model';
import { baselineWords, countsWords, problemWords } from './baseline-words';
import { absoluteOf } from '../../shared/paths';
import { countOf } from '../../shared/board/l10n';
import { sessionLabel } from '../../shared/board/session-label';
import { isWorkingNow } from '../../shared/store/agent-turns';
import type { FolderStores } from '../store/folder-stores';
import { Disposable } from '../util/dispose';
import type { ChangesModel, FolderChanges } from './changes-model';
import { type DirNode, type FileNode, type TreeNode, KIND_LETTER, ago, kindWord, buildTree, fileDescription, filesUnder, msUntilAgoChanges, shownOfResult } from './tree-model';
import { isViewed, baselineKey } from '../../shared/changes';
import { CommandIds } from '../command-ids';
import type { HunkReview } from './hunk-review';

export const CHANGES_VIEW_ID = 'consider.changes';
/** How often a shown view asks its other worktrees' lists again (their files send this window no events). */
const WORKTREES_REFRESH_MS = 30_000;
/** The scheme of the rows' resource URIs: the file's path (for its icon) with the change's letter (for its decoration). */
export const CHANGE_SCHEME = 'consider-change';

export type ChangeElement =
  | { type: 'folder'; root: string }
  /** Another worktree of the repository (issue 39): what its agent changed, read only. */
  | { type: 'worktree'; root: string }
  | { type: 'dir'; root: string; node: DirNode }
  | { type: 'file'; root: string; node: FileNode }
  | { type: 'note'; root: string; id: string; label: string; description?: string; tooltip?: string; icon: string; color?: string; children?: ChangeElement[] }
  | { type: 'skipped'; root: string; path: string; reason: string };

/** The state the welcome text follows (package.json viewsWelcome). */
export type ViewState = 'noFolder' | 'noBaseline' | 'nothing' | 'problem' | 'list';

/** Why a file is not compared, in words (a function: the words are in the current language). */
const noteWord = (note: string): string | undefined => ({
  binary: vscode.l10n.t('binary'), 'too-large': vscode.l10n.t('too large'), unreadable: vscode.l10n.t('unreadable'),
  'symlink-outside': vscode.l10n.t('a link leading outside the workspace'), 'missing-content': vscode.l10n.t('baseline copy missing'),
} as Record<string, string>)[note];

export class ChangesView extends Disposable implements vscode.TreeDataProvider<ChangeElement>, vscode.FileDecorationProvider {
  private readonly treeEmitter = this.register(new vscode.EventEmitter<ChangeElement | undefined>());
  readonly onDidChangeTreeData = this.treeEmitter.event;
  private readonly decorationEmitter = this.register(new vscode.EventEmitter<vscode.Uri | vscode.Uri[] | undefined>());
  readonly onDidChangeFileDecorations = this.decorationEmitter.event;
  readonly treeView: vscode.TreeView<ChangeElement>;
  /** Each folder's tree, and the list and ticks it was built from (a list computed since makes it stale). */
  private readonly trees = new Map<string, { from: FolderChanges['result']; viewed: FolderChanges['viewed']; nodes: TreeNode[] }>();
  /** The rows last drawn (shownRows). */
  private lastShown: string | undefined;
  /** Says the shown ages again when their words change (scheduleAges). */
  private ageTimer: NodeJS.Timeout | undefined;

  constructor(private readonly model: ChangesModel, private readonly stores: FolderStores, private readonly review: HunkReview) {
    super();
    this.treeView = this.register(vscode.window.createTreeView(CHANGES_VIEW_ID, { treeDataProvider: this, showCollapseAll: true, canSelectMany: true }));
    this.register(vscode.window.registerFileDecorationProvider(this));
    this.register(this.treeView.onDidChangeVisibility((e) => {
      model.setActive(e.visible);
      // Ages were not said again while hidden.
      if (e.visible && this.showsAge()) this.redrawAges();
      else this.scheduleAges();
    }));
    this.register(this.treeView.onDidChangeCheckboxState((e) => this.checkboxesChanged(e)));
    this.register(model.onDidChange(() => this.redraw()));
    this.register({ dispose: () => clearTimeout(this.ageTimer) });
    this.register(review.onDidChange(() => this.redraw()));
    this.register(model.onDidChangeWorktrees(() => this.redraw()));
    // Another worktree's files send this window no events: its list is asked again on the clock while shown.
    const worktreeClock = setInterval(() => { if (this.treeView.visible && model.worktrees().length) void model.refreshWorktrees(); }, WORKTREES_REFRESH_MS);
    this.register({ dispose: () => clearInterval(worktreeClock) });
    model.setActive(this.treeView.visible);
    this.redraw();
  }

  /** The times the folders' words give an age of ("since review round 1 (5 min ago)"). */
  private shownAges(): string[] {
    return this.model.list().flatMap((f) => (f.result?.ok && f.result.capturedAt !== undefined ? [f.result.capturedAt] : []));
  }

  private showsAge(): boolean {
    return this.shownAges().length > 0;
  }

  /** Says the ages again: the message line, and with several folders their rows. */
  private redrawAges(): void {
    if (this.model.list().length > 1) this.treeEmitter.fire(undefined);
    void this.updateChrome();
  }

  /**
   * While the view is shown, its ages are said again when their words change ("just now" →
   * "1 min ago"; it said "just now" minutes later: issue 40), not on a clock: a redraw of a
   * multi-root view renders every row again, and a Viewed click in that moment is lost. The
   * lists are not recomputed.
   */
  private scheduleAges(): void {
    clearTimeout(this.ageTimer);
    this.ageTimer = undefined;
    const ages = this.treeView.visible ? this.shownAges() : [];
    if (!ages.length || this.isDisposed) return;
    this.ageTimer = setTimeout(() => {
      this.ageTimer = undefined;
      this.redrawAges();
    }, Math.min(...ages.map((at) => msUntilAgoChanges(at))));
  }

  /**
   * Rebuilds every tree from the model and redraws (cheap: the lists are computed already), but
   * only when a row would change: VS Code renders every row again on a redraw, and a click on a
   * row's Viewed checkbox in that moment is lost. The view was redrawn after each store change
   * (a comment added elsewhere recomputes the list), several times in a few seconds, and then
   * after each computation of the list, which differed from the last in its duration only
   * (shownOfResult): most likely how two CI runs lost a tick.
   */
  private redraw(): void {
    this.trees.clear();
    // Hidden, nothing can be clicked and VS Code keeps the refresh until the view shows: the
    // rows are not serialised to be compared (10,000 changed files cost the host milliseconds each time).
    const shown = this.treeView.visible ? this.shownRows() : undefined;
    if (shown === undefined || shown !== this.lastShown) {
      this.lastShown = shown;
      this.treeEmitter.fire(undefined);
      // A row's letter comes from its URI (the kind is in it): asked again only with new rows.
      this.decorationEmitter.fire(undefined);
    }
    void this.updateChrome();
  }

  /** What the rows show, as one string (getTreeItem's inputs): equal strings draw the same rows. */
  private shownRows(): string {
    const parts: unknown[] = [];
    for (const f of this.model.list()) {
      // The list itself is in the file rows; the rest of the result (its name, age, notes) as it is.
      parts.push(f.root, f.name, f.ref ? baselineKey(f.ref) : null, shownOfResult(f.result));
      if (!f.result?.ok) continue;
      parts.push(this.progressOf(f));
      for (const n of this.treeOf(f).flatMap(filesUnder)) parts.push([n.change, n.viewed, n.openThreads, this.review.file(f.root, n.change.path)?.reviewed]);
    }
    parts.push(this.model.worktrees());
    return JSON.stringify(parts);
  }

  /** The tree of a folder, brought up to date. */
  private treeOf(f: FolderChanges): TreeNode[] {
    const cached = this.trees.get(f.root);
    if (cached && cached.from === f.result && cached.viewed === f.viewed) return cached.nodes;
    const result = f.result;
    if (!result?.ok || !f.ref) return [];
    const key = baselineKey(f.ref);
    const threads = openThreadsByFile(this.stores, f.root);
    // Viewed = every change of the file reviewed (hunk-review.ts); the tick alone until its changes are known.
    const viewed = (c: FileChange): boolean => this.review.viewed(f.root, c.path) ?? isViewed(f.viewed, key, c.path, c.current);
    const nodes = buildTree(result.list.changes, viewed, (c) => (threads.get(c.path) ?? 0) + (c.oldPath ? threads.get(c.oldPath) ?? 0 : 0));
    this.trees.set(f.root, { from: result, viewed: f.viewed, nodes });
    return nodes;
  }

  /** A folder's rows wait for its list (computed on the worker; VS Code shows the view's progress bar meanwhile). */
  async getChildren(element?: ChangeElement): Promise<ChangeElement[]> {
    if (!element) {
      const folders = this.model.list();
      const worktrees = this.model.worktrees().map((w): ChangeElement => ({ type: 'worktree', root: w.root }));
      if (folders.length > 1) return [...folders.map((f): ChangeElement => ({ type: 'folder', root: f.root })), ...worktrees];
      return [...(folders.length ? await this.folderChildren(folders[0]!.root) : []), ...worktrees];
    }
    switch (element.type) {
      case 'folder': return this.folderChildren(element.root);
      case 'worktree': return this.worktreeChildren(element.root);
      case 'dir': return element.node.children.map((node) => this.elementOf(element.root, node));
      case 'note': return element.children ?? [];
      default: return [];
    }
  }

  /** Another worktree's rows: why there is no list, or its files as a tree (no Viewed ticks: they are that window's). */
  private worktreeChildren(root: string): ChangeElement[] {
    const w = this.model.worktrees().find((x) => x.root === root);
    if (!w) return [];
    if (!w.result.ok) {
      const problem = problemWords(w.result.problem);
      return [{ type: 'note', root, id: 'problem', label: problem.message, description: problem.hint, icon: 'error', color: 'problemsErrorIcon.foreground' }];
    }
    if (!w.result.list.changes.length) return [{ type: 'note', root, id: 'nothing', label: vscode.l10n.t('Nothing changed since {0}', baselineWords(w.result.name)), icon: 'pass' }];
    return this.worktreeTree(root).map((node) => this.elementOf(root, node));
  }

  /** A worktree's tree, built once per list. */
  private worktreeTree(root: string): TreeNode[] {
    const w = this.model.worktrees().find((x) => x.root === root);
    if (!w?.result.ok) return [];
    const cached = this.trees.get(root);
    if (cached && cached.from === w.result) return cached.nodes;
    const nodes = buildTree(w.result.list.changes, () => false, () => 0);
    this.trees.set(root, { from: w.result, viewed: new Map(), nodes });
    return nodes;
  }

  private isWorktree(root: string): boolean {
    return this.model.worktrees().some((w) => w.root === root);
  }

  private elementOf(root: string, node: TreeNode): ChangeElement {
    return node.kind === 'dir' ? { type: 'dir', root, node } : { type: 'file', root, node };
  }

  /** A folder's rows: notes first (incomplete baseline, files not compared), then its tree. */
  private async folderChildren(root: string): Promise<ChangeElement[]> {
    const f = await this.model.fresh(root);
    if (!f) return [];
    const multi = this.model.list().length > 1;
    const notes: ChangeElement[] = [];
    const result = f.result;
    if (!f.ref) {
      if (multi) notes.push({ type: 'note', root, id: 'none', label: vscode.l10n.t('No baseline yet'), description: vscode.l10n.t('submit a review or Mark All Reviewed'), icon: 'info' });
      return notes;
    }
    if (!result) return notes;
    if (!result.ok) {
      const problem = problemWords(result.problem);
      if (multi) notes.push({ type: 'note', root, id: 'problem', label: problem.message, description: problem.hint, icon: 'error', color: 'problemsErrorIcon.foreground' });
      return notes;
    }
    const list = result.list;
    if (list.missingContent.length) {
      notes.push({
        type: 'note', root, id: 'incomplete', label: vscode.l10n.t('Baseline incomplete'), icon: 'warning', color: 'problemsWarningIcon.foreground',
        description: vscode.l10n.t('the captured copy of {0} is missing', countOf(list.missingContent.length, vscode.l10n.t('{0} file'), vscode.l10n.t('{0} files'))),
        tooltip: vscode.l10n.t('Files in .consider/baselines/ were removed. These files are listed as changed, without a diff: {0}', list.missingContent.join(', ')),
      });
    }
    if (list.skipped.length) {
      const reasons = [...new Set(list.skipped.map((s) => noteWord(s.reason) ?? s.reason))].join(', ');
      notes.push({
        type: 'note', root, id: 'skipped', label: vscode.l10n.t('{0} not compared', countOf(list.skipped.length, vscode.l10n.t('{0} file'), vscode.l10n.t('{0} files'))), description: reasons, icon: 'info',
        tooltip: vscode.l10n.t('Consider does not capture binary files, files over the size limit (consider.changes.maxFileSizeKB), unreadable files, or links leading outside the workspace.'),
        children: list.skipped.map((s) => ({ type: 'skipped', root, path: s.path, reason: noteWord(s.reason) ?? s.reason })),
      });
    }
    if (multi && list.changes.length === 0) notes.push({ type: 'note', root, id: 'nothing', label: vscode.l10n.t('Nothing changed since {0}', baselineWords(result.name)), icon: 'pass' });
    return [...notes, ...this.treeOf(f).map((node) => this.elementOf(root, node))];
  }

  getParent(element: ChangeElement): ChangeElement | undefined {
    if (element.type === 'folder' || element.type === 'worktree') return undefined;
    const worktree = this.isWorktree(element.root);
    const multi = this.model.list().length > 1;
    const top: ChangeElement | undefined = worktree ? { type: 'worktree', root: element.root } : multi ? { type: 'folder', root: element.root } : undefined;
    if (element.type !== 'dir' && element.type !== 'file') return top;
    if (worktree) return this.parentIn(this.worktreeTree(element.root), element, top);
    const f = this.model.get(element.root);
    return f ? this.parentIn(this.treeOf(f), element, top) : top;
  }

  /** The row above a dir or file row in a tree: its dir, else `top`. */
  private parentIn(tree: TreeNode[], element: Extract<ChangeElement, { type: 'dir' | 'file' }>, top: ChangeElement | undefined): ChangeElement | undefined {
    const target = element.node;
    const find = (nodes: TreeNode[], parent: ChangeElement | undefined): ChangeElement | undefined => {
      for (const n of nodes) {
        if (n === target) return parent;
        if (n.kind === 'dir') {
          const hit = find(n.children, { type: 'dir', root: element.root, node: n });
          if (hit) return hit;
        }
      }
      return undefined;
    };
    return find(tree, top) ?? top;
  }

  getTreeItem(e: ChangeElement): vscode.TreeItem {
    switch (e.type) {
      case 'folder': return this.folderItem(e.root);
      case 'worktree': return this.worktreeItem(e.root);
      case 'dir': return dirItem(e.root, e.node, this.isWorktree(e.root));
      case 'file': return this.fileItem(e.root, e.node);
      case 'skipped': {
        const item = new vscode.TreeItem(e.path, vscode.TreeItemCollapsibleState.None);
        item.id = `${e.root}\0skipped\0${e.path}`;
        item.description = e.reason;
        item.resourceUri = vscode.Uri.file(absoluteOf(e.root, e.path));
        item.command = { command: 'vscode.open', title: vscode.l10n.t('Open File'), arguments: [item.resourceUri] };
        return item;
      }
      case 'note': {
        const item = new vscode.TreeItem(e.label, e.children?.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
        item.id = `${e.root}\0note\0${e.id}`;
        item.description = e.description;
        item.tooltip = e.tooltip;
        item.iconPath = new vscode.ThemeIcon(e.icon, e.color ? new vscode.ThemeColor(e.color) : undefined);
        item.contextValue = `changesNote:${e.id}`;
        return item;
      }
    }
  }

  private folderItem(root: string): vscode.TreeItem {
    const f = this.model.get(root)!;
    const item = new vscode.TreeItem(f.name, vscode.TreeItemCollapsibleState.Expanded);
    item.id = `${root}\0folder`;
    item.iconPath = new vscode.ThemeIcon('root-folder');
    item.contextValue = 'changesFolder';
    item.description = f.result ? `${vscode.l10n.t('since {0}', sinceText(f))}${f.result.ok ? ` · ${this.progressOf(f)}` : ''}` : f.ref ? '' : vscode.l10n.t('no baseline yet');
    item.tooltip = root;
    return item;
  }

  /**
   * Another worktree's header: its branch, its folder, how many files its agent changed since
   * its branch left this checkout's, and what the agent last did there (its hooks' turn records).
   */
  private worktreeItem(root: string): vscode.TreeItem {
    const w = this.model.worktrees().find((x) => x.root === root)!;
    const item = new vscode.TreeItem(w.branch ?? vscode.l10n.t('(detached)'), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `${root}\0worktree`;
    item.iconPath = new vscode.ThemeIcon('git-branch');
    item.contextValue = 'changesWorktree';
    const parts = [path.basename(w.folder)];
    if (w.result.ok) parts.push(countOf(w.result.list.changes.length, vscode.l10n.t('{0} file changed'), vscode.l10n.t('{0} files changed')));
    const turn = w.lastTurn;
    if (turn) {
      const who = sessionLabel(turn.session);
      // The board's rule too (isWorkingNow): a turn "running" for hours is an agent that died mid-turn.
      parts.push(isWorkingNow(turn) ? vscode.l10n.t('{0} working now', who) : vscode.l10n.t('{0} last acted {1}', who, ago(turn.at)));
    }
    item.description = parts.join(' · ');
    item.tooltip = `${vscode.l10n.t('Worktree {0}: what changed there since {1}. Read here; review and reply in a window on that worktree.', w.branch ?? w.folder, w.result.ok ? baselineWords(w.result.name) : w.result.label)}\n${w.folder}`;
    return item;
  }

  private fileItem(root: string, n: FileNode): vscode.TreeItem {
    const c = n.change;
    const item = new vscode.TreeItem(n.name, vscode.TreeItemCollapsibleState.None);
    item.id = `${root}\0file\0${c.path}`;
    item.resourceUri = changeUri(root, c);
    // Another worktree's file: read here, so no Viewed tick and none of the review actions (its window has them).
    const worktree = this.isWorktree(root);
    item.description = worktree ? fileDescription(n) : withProgress(fileDescription(n), this.review.file(root, c.path)?.reviewed);
    if (!worktree) item.checkboxState = { state: n.viewed ? vscode.TreeItemCheckboxState.Checked : vscode.TreeItemCheckboxState.Unchecked, tooltip: n.viewed ? vscode.l10n.t('Viewed (untick to review again)') : vscode.l10n.t('Mark as viewed') };
    item.contextValue = `${worktree ? 'changesWorktreeFile' : 'changesFile'}:${c.kind}${c.note ? `:${c.note}` : ''}${n.viewed ? ':viewed' : ''}`;
    const tooltip = new vscode.MarkdownString(undefined, true);
    tooltip.isTrusted = false;
    tooltip.supportHtml = false;
    tooltip.appendText(c.path);
    tooltip.appendMarkdown('\n\n');
    const note = c.note ? noteWord(c.note) : undefined;
    tooltip.appendText(`${c.oldPath ? vscode.l10n.t('{0} from {1}', kindWord(c.kind), c.oldPath) : kindWord(c.kind)}${c.added !== undefined ? ` · ${countsWords(c)}` : ''}${note ? ` (${note})` : ''}`);
    if (n.openThreads) tooltip.appendText(` · ${countOf(n.openThreads, vscode.l10n.t('{0} open thread'), vscode.l10n.t('{0} open threads'))}`);
    const reviewed = this.review.file(root, c.path)?.reviewed;
    if (reviewed && reviewed.length > 1) tooltip.appendText(` · ${vscode.l10n.t('{0} of {1} changes reviewed', reviewed.filter(Boolean).length, reviewed.length)}`);
    if (n.viewed) tooltip.appendText(` · ${vscode.l10n.t('viewed')}`);
    item.tooltip = tooltip;
    item.command = { command: CommandIds.changesOpenChange, title: vscode.l10n.t('Open Changes'), arguments: [{ root, path: c.path }] };
    item.accessibilityInformation = { label: `${n.name}, ${kindWord(c.kind)}, ${item.description}${n.viewed ? `, ${vscode.l10n.t('viewed')}` : ''}` };
    return item;
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== CHANGE_SCHEME) return undefined;
    const kind = uri.query as FileChange['kind'];
    const letter = KIND_LETTER[kind];
    if (!letter) return undefined;
    return { badge: letter, tooltip: kindWord(kind), color: new vscode.ThemeColor(DECORATION_COLOR[kind]) };
  }

  private checkboxesChanged(e: vscode.TreeCheckboxChangeEvent<ChangeElement>): void {
    const byRoot = new Map<string, Map<string, string | undefined>>();
    for (const [el, state] of e.items) {
      if (el.type !== 'file' && el.type !== 'dir') continue;
      const files = byRoot.get(el.root) ?? new Map<string, string | undefined>();
      byRoot.set(el.root, files);
      for (const n of filesUnder(el.node)) files.set(n.change.path, state === vscode.TreeItemCheckboxState.Checked ? n.change.current : undefined);
    }
    for (const [root, files] of byRoot) this.review.setViewed(root, [...files].map(([p, current]) => ({ path: p, ...(current !== undefined ? { current } : {}) })));
  }

  /** "12 of 31 changes reviewed (3 of 8 files)", or files viewed while the changes are being counted. */
  private progressOf(f: FolderChanges): string {
    const files = progressText(this.viewedCount(f));
    const p = this.review.progress(f.root);
    if (!p) return files;
    return vscode.l10n.t('{0} of {1} reviewed ({2})', p.reviewed, countOf(p.total, vscode.l10n.t('{0} change'), vscode.l10n.t('{0} changes')), files);
  }

  private viewedCount(f: FolderChanges): { viewed: number; total: number } {
    const files = this.treeOf(f).flatMap(filesUnder);
    return { viewed: files.filter((n) => n.viewed).length, total: files.length };
  }

  /** The view's description, badge and welcome state, from every folder. */
  private async updateChrome(): Promise<void> {
    const folders = this.model.list();
    // The badge counts changes not reviewed once every folder's are known, files not viewed until then.
    let unviewed = 0;
    let unreviewed = 0;
    let changesKnown = true;
    for (const f of folders) {
      if (!f.result?.ok) continue;
      const c = this.viewedCount(f);
      unviewed += c.total - c.viewed;
      const p = this.review.progress(f.root);
      if (p) unreviewed += p.total - p.reviewed;
      else changesKnown = false;
    }
    this.treeView.badge = changesKnown
      ? (unreviewed ? { value: unreviewed, tooltip: vscode.l10n.t('{0} not reviewed yet', countOf(unreviewed, vscode.l10n.t('{0} change'), vscode.l10n.t('{0} changes'))) } : undefined)
      : (unviewed ? { value: unviewed, tooltip: vscode.l10n.t('{0} not viewed yet', countOf(unviewed, vscode.l10n.t('{0} changed file'), vscode.l10n.t('{0} changed files'))) } : undefined);
    const only = folders.length === 1 ? folders[0] : undefined;
    const r = only?.result;
    this.treeView.description = r ? vscode.l10n.t('since {0}', baselineWords(r.name)) : undefined;
    // The view's container shows one view, so VS Code merges its header away with the
    // description: the message line says what the list is counted from, and how far you are.
    if (!only || !r) this.treeView.message = undefined;
    else if (!r.ok) {
      const problem = problemWords(r.problem);
      this.treeView.message = `${vscode.l10n.t('Since {0}: {1}', baselineWords(r.name), problem.message)}${problem.hint ? ` — ${problem.hint}` : ''}.`;
    } else if (!r.list.changes.length) this.treeView.message = vscode.l10n.t('No file changed since {0}.', sinceText(only));
    else this.treeView.message = vscode.l10n.t('Since {0} · {1}', sinceText(only), this.progressOf(only));
    this.scheduleAges();
    await vscode.commands.executeCommand('setContext', 'consider.changes.state', viewState(folders));
  }

  /** The labels of the top-level rows, as drawn (the tests' view of "one tree per folder"). */
  async topLabels(): Promise<string[]> {
    return (await this.getChildren()).map((e) => {
      const label = this.getTreeItem(e).label;
      return typeof label === 'string' ? label : label?.label ?? '';
    });
  }

  /** What the tests and the status read: the files listed for a folder, as shown. */
  async shown(root: string): Promise<{ path: string; kind: string; description: string; viewed: boolean }[]> {
    const f = await this.model.fresh(root);
    if (!f) return [];
    return this.treeOf(f).flatMap(filesUnder).map((n) => ({
      path: n.change.path, kind: n.change.kind, description: withProgress(fileDescription(n), this.review.file(root, n.change.path)?.reviewed), viewed: n.viewed,
    }));
  }

  /** What the view's message line and badge say now (the tests read them as drawn). */
  chrome(): { message: string | undefined; badge: number | undefined } {
    return { message: this.treeView.message, badge: this.treeView.badge?.value };
  }
}

/** `readOnly`: another worktree's folder, without the Viewed tick. */
function dirItem(root: string, n: DirNode, readOnly = false): vscode.TreeItem {
  const item = new vscode.TreeItem(n.name, vscode.TreeItemCollapsibleState.Expanded);
  item.id = `${root}\0dir\0${n.path}`;
  item.resourceUri = vscode.Uri.file(path.join(root, n.path));
  item.iconPath = vscode.ThemeIcon.Folder;
  if (!readOnly) item.checkboxState = { state: n.viewed ? vscode.TreeItemCheckboxState.Checked : vscode.TreeItemCheckboxState.Unchecked, tooltip: n.viewed ? vscode.l10n.t('All viewed') : vscode.l10n.t('Mark the folder\'s files as viewed') };
  item.tooltip = `${n.path}: ${countOf(n.files, vscode.l10n.t('{0} changed file'), vscode.l10n.t('{0} changed files'))}`;
  item.contextValue = 'changesDir';
  return item;
}

const DECORATION_COLOR: Readonly<Record<FileChange['kind'], string>> = {
  added: 'gitDecoration.addedResourceForeground',
  deleted: 'gitDecoration.deletedResourceForeground',
  modified: 'gitDecoration.modifiedResourceForeground',
  renamed: 'gitDecoration.renamedResourceForeground',
};

export function changeUri(root: string, c: FileChange): vscode.Uri {
  return vscode.Uri.file(absoluteOf(root, c.path)).with({ scheme: CHANGE_SCHEME, query: c.kind });
}

/** A file row's description with its changes reviewed, when some but not all are ("✓ 2/5": a sidebar row is narrow; the tooltip says it in words). */
function withProgress(description: string, reviewed: readonly boolean[] | undefined): string {
  const n = reviewed?.filter(Boolean).length ?? 0;
  if (!reviewed || n === 0 || n === reviewed.length) return description;
  return [description, `✓ ${n}/${reviewed.length}`].filter(Boolean).join(' · ');
}

const progressText = (c: { viewed: number; total: number }): string => vscode.l10n.t('{0} of {1} viewed', c.viewed, countOf(c.total, vscode.l10n.t('{0} file'), vscode.l10n.t('{0} files')));

/** "review round 2 (12 min ago)", "the last commit (main, 1a2b3c4)". */
function sinceText(f: FolderChanges): string {
  const label = f.result ? baselineWords(f.result.name) : '';
  const at = f.result?.ok ? f.result.capturedAt : undefined;
  return at ? `${label} (${ago(at)})` : label;
}

function viewState(folders: readonly FolderChanges[]): ViewState {
  if (!folders.length) return 'noFolder';
  if (folders.length > 1) return 'list';
  const f = folders[0]!;
  if (!f.ref) return 'noBaseline';
  if (!f.result) return 'list';
  if (!f.result.ok) return 'problem';
  return f.result.list.changes.length || f.result.list.skipped.length || f.result.list.missingContent.length ? 'list' : 'nothing';
}

/** Open threads per workspace-relative file of a folder. */
function openThreadsByFile(stores: FolderStores, root: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const c of stores.get(root)?.store?.comments ?? []) if (c.workflowState === 'open') counts.set(c.file, (counts.get(c.file) ?? 0) + 1);
  return counts;
}
