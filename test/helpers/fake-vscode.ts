/**
 * A small stand-in for the parts of the `vscode` module the editor code draws with (the
 * Comments API, Uri, Range, MarkdownString, EventEmitter, l10n), as the Markdown extension keeps
 * one for its fast tests: enough to run the thread renderer and check what it puts on screen
 * without code-server. The real VS Code suites (e2e/vscode/) remain the proof that it works
 * there; this layer only keeps logic fast to test. Use it with
 * `vi.mock('vscode', async () => (await import('./helpers/fake-vscode')).fakeVscode())`.
 */
import path from 'node:path';

export class FakeUri {
  private constructor(readonly scheme: string, readonly fsPath: string, private readonly text: string) {}
  static file(p: string): FakeUri { return new FakeUri('file', path.resolve(p), `file://${path.resolve(p)}`); }
  static parse(text: string): FakeUri { return new FakeUri(text.slice(0, text.indexOf(':')), '', text); }
  toString(): string { return this.text; }
}

export class FakeRange {
  readonly start: { line: number; character: number };
  readonly end: { line: number; character: number };
  constructor(startLine: number, startChar: number, endLine: number, endChar: number) {
    this.start = { line: startLine, character: startChar };
    this.end = { line: endLine, character: endChar };
  }
  isEqual(o: FakeRange): boolean {
    return this.start.line === o.start.line && this.start.character === o.start.character && this.end.line === o.end.line && this.end.character === o.end.character;
  }
}

export class FakeMarkdownString {
  isTrusted = true;
  supportHtml = true;
  supportThemeIcons = true;
  constructor(readonly value = '', _supportThemeIcons = false) {}
}

export class FakeEventEmitter<T> {
  private readonly listeners = new Set<(e: T) => void>();
  readonly event = (listener: (e: T) => void) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };
  fire(e: T): void { for (const l of [...this.listeners]) l(e); }
  dispose(): void { this.listeners.clear(); }
}

/** A comment thread widget as the renderer leaves it; counts what was set on it. */
export class FakeCommentThread {
  label?: string;
  contextValue?: string;
  canReply = true;
  state?: number;
  collapsibleState?: number;
  disposed = false;
  /** How many times `comments` was assigned: a re-render that touches nothing leaves it alone. */
  commentAssignments = 0;
  private shownComments: unknown[] = [];
  constructor(readonly uri: FakeUri, public range: FakeRange, comments: unknown[]) { this.shownComments = comments; }
  get comments(): unknown[] { return this.shownComments; }
  set comments(c: unknown[]) { this.shownComments = c; this.commentAssignments++; }
  dispose(): void { this.disposed = true; }
}

export class FakeCommentController {
  readonly threads: FakeCommentThread[] = [];
  createCommentThread(uri: FakeUri, range: FakeRange, comments: unknown[]): FakeCommentThread {
    const t = new FakeCommentThread(uri, range, comments);
    this.threads.push(t);
    return t;
  }
  /** The widgets still on screen. */
  live(): FakeCommentThread[] { return this.threads.filter((t) => !t.disposed); }
  dispose(): void {}
}

export function fakeVscode() {
  return {
    Uri: FakeUri,
    Range: FakeRange,
    MarkdownString: FakeMarkdownString,
    EventEmitter: FakeEventEmitter,
    CommentMode: { Editing: 0, Preview: 1 },
    CommentThreadState: { Unresolved: 0, Resolved: 1 },
    CommentThreadCollapsibleState: { Collapsed: 0, Expanded: 1 },
    comments: { createCommentController: () => new FakeCommentController() },
    l10n: { t: (message: string, ...args: unknown[]) => message.replace(/\{(\d+)\}/g, (_m, i: string) => String(args[Number(i)])) },
  };
}
