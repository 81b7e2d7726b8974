/** The extension's Disposable base (extension/util/dispose.ts): pure logic, no vscode at run time. */
import { describe, expect, it } from 'vitest';
import { Disposable, disposeAll, toDisposable } from '../extension/util/dispose';

class Owner extends Disposable {
  own(d: { dispose(): void }) { return this.register(d); }
  get gone() { return this.isDisposed; }
}

describe('Disposable', () => {
  it('disposes what it owns once, newest first; a late registration is disposed at once', () => {
    const log: string[] = [];
    const owner = new Owner();
    owner.own(toDisposable(() => log.push('first')));
    owner.own(toDisposable(() => log.push('second')));
    owner.dispose();
    owner.dispose();
    expect(log).toEqual(['second', 'first']);
    expect(owner.gone).toBe(true);
    owner.own(toDisposable(() => log.push('late')));
    expect(log).toEqual(['second', 'first', 'late']);
  });

  it('disposes the rest when one throws, then reports the failure', () => {
    const log: string[] = [];
    const list = [toDisposable(() => log.push('a')), { dispose: () => { throw new Error('boom'); } }, toDisposable(() => log.push('c'))];
    expect(() => disposeAll(list)).toThrow('boom');
    expect(log).toEqual(['c', 'a']);
    expect(list).toEqual([]);
  });
});
