/**
 * The one Disposable base for the extension's long-lived objects (after VS Code's
 * markdown-language-features `util/dispose.ts`): an object registers what it owns as it makes
 * it, and disposing it disposes all of that once, in reverse order. Something registered after
 * disposal is disposed at once, so a late event subscription can never leak.
 */
import type * as vscode from 'vscode';

export function disposeAll(disposables: vscode.Disposable[]): void {
  const errors: unknown[] = [];
  for (const d of disposables.splice(0).reverse()) {
    try {
      d.dispose();
    } catch (e) {
      errors.push(e);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, 'several disposables failed to dispose');
}

export abstract class Disposable implements vscode.Disposable {
  private readonly owned: vscode.Disposable[] = [];
  private disposed = false;

  /** Whether dispose() ran: work queued on timers checks it before touching disposed parts. */
  protected get isDisposed(): boolean {
    return this.disposed;
  }

  /** Takes ownership of `d`: it is disposed with this object (at once if this one is already disposed). */
  protected register<T extends vscode.Disposable>(d: T): T {
    if (this.disposed) d.dispose();
    else this.owned.push(d);
    return d;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    disposeAll(this.owned);
  }
}

/** A disposable that runs `fn` once (a timer to clear, a panel to close). */
export function toDisposable(fn: () => void): vscode.Disposable {
  let done = false;
  return { dispose: () => { if (!done) { done = true; fn(); } } };
}
