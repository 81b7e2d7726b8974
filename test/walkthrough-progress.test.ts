// The walkthrough's progress (extension/setup/walkthrough-progress.ts, issue 40) on a small fake of
// VS Code's context keys and tabs: a step's key is true only during a pulse, so the walkthrough,
// which VS Code loads lazily, never finds it already true; the UI scenario
// e2e/vscode/ui/walkthrough-progress.scenario.mjs shows the steps ticking in the real VS Code.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => ({
  context: new Map<string, unknown>(),
  tabs: [] as { input: unknown }[][],
  tabListeners: [] as ((e: { opened: { input: unknown }[] }) => void)[],
}));
vi.mock('vscode', () => ({
  commands: { executeCommand: async (id: string, key: string, value: unknown) => { if (id === 'setContext') fake.context.set(key, value); } },
  window: {
    tabGroups: {
      get all() { return fake.tabs.map((tabs) => ({ tabs })); },
      onDidChangeTabs: (l: (e: { opened: { input: unknown }[] }) => void) => { fake.tabListeners.push(l); return { dispose: () => undefined }; },
    },
  },
  Disposable: { from: (...ds: { dispose(): unknown }[]) => ({ dispose: () => ds.forEach((d) => d.dispose()) }) },
}));

import { PULSE_MS, walkthroughShown, quietWalkthroughProgress, registerWalkthroughProgress, walkthroughStepDone } from '../extension/setup/walkthrough-progress';

class Memento {
  readonly values = new Map<string, unknown>();
  get<T>(key: string, fallback?: T): T | undefined { return (this.values.has(key) ? this.values.get(key) : fallback) as T | undefined; }
  async update(key: string, value: unknown): Promise<void> { this.values.set(key, value); }
  keys(): readonly string[] { return [...this.values.keys()]; }
}
const trueKeys = () => [...fake.context].filter(([, v]) => v === true).map(([k]) => k).sort();
const noEvent = () => ({ dispose: () => undefined });

beforeEach(() => {
  vi.useFakeTimers();
  fake.context.clear();
  fake.tabs = [];
  fake.tabListeners = [];
});
afterEach(() => vi.useRealTimers());

describe('walkthrough progress: steps done by the user, told to VS Code in pulses', () => {
  it('a step done is remembered; once a walkthrough may be showing, it sets its key for a moment, then clears it', async () => {
    const memento = new Memento();
    const d = registerWalkthroughProgress(memento, () => false, noEvent);
    expect(trueKeys()).toEqual([]); // nothing done: no key, no pulse
    // No walkthrough shown in this window yet: VS Code's service may not exist, and a key true when
    // it is made would be taken as seen (its step never ticks). Remembered only.
    walkthroughStepDone('comment');
    await Promise.resolve();
    expect(trueKeys()).toEqual([]);
    expect(memento.get('consider.walkthrough.stepsDone')).toEqual(['comment']);
    for (const l of fake.tabListeners) l({ opened: [{ input: undefined }] }); // the walkthrough's tab
    expect(trueKeys()).toEqual(['consider.walkthrough.commentDone']);
    vi.advanceTimersByTime(PULSE_MS);
    expect(trueKeys()).toEqual([]); // false again
    walkthroughStepDone('board'); // the walkthrough may be open beside: at once
    expect(trueKeys()).toEqual(['consider.walkthrough.boardDone', 'consider.walkthrough.commentDone']);
    d.dispose();
    expect(trueKeys()).toEqual([]);
    walkthroughStepDone('review'); // after the window's tracker is gone: nothing
    expect(trueKeys()).toEqual([]);
  });

  it('before Consider opens the walkthrough, a pulse still going is ended (its keys would be taken as seen)', async () => {
    fake.tabs = [[{ input: undefined }]]; // shown before: steps pulse as they are done
    const d = registerWalkthroughProgress(new Memento(), () => false, noEvent);
    walkthroughStepDone('answer');
    expect(trueKeys()).toEqual(['consider.walkthrough.answerDone']);
    await quietWalkthroughProgress();
    expect(trueKeys()).toEqual([]); // at once, not PULSE_MS later
    walkthroughShown(); // after it opened: the step ticks
    expect(trueKeys()).toEqual(['consider.walkthrough.answerDone']);
    d.dispose();
  });

  it('pulses when a tab VS Code does not describe opens (the walkthrough\'s), not for a file\'s tab', () => {
    const memento = new Memento();
    memento.values.set('consider.walkthrough.stepsDone', ['answer']);
    const d = registerWalkthroughProgress(memento, () => true, noEvent);
    expect(trueKeys()).toEqual([]);
    for (const l of fake.tabListeners) l({ opened: [{ input: { uri: 'file:///a.ts' } }] });
    expect(trueKeys()).toEqual([]);
    for (const l of fake.tabListeners) l({ opened: [{ input: undefined }] });
    expect(trueKeys()).toEqual(['consider.walkthrough.answerDone', 'consider.walkthrough.setupDone']);
    d.dispose();
  });

  it('pulses at start when such a tab was restored with the window, and when a folder becomes set up', () => {
    fake.tabs = [[{ input: undefined }]];
    let setUp = false;
    const listeners: (() => void)[] = [];
    const d = registerWalkthroughProgress(new Memento(), () => setUp, (l) => { listeners.push(l as () => void); return noEvent(); });
    expect(trueKeys()).toEqual([]); // restored, but nothing done yet
    vi.advanceTimersByTime(PULSE_MS);
    setUp = true;
    for (const l of listeners) l();
    expect(trueKeys()).toEqual(['consider.walkthrough.setupDone']);
    d.dispose();

    const memento = new Memento();
    memento.values.set('consider.walkthrough.stepsDone', ['comment']);
    const again = registerWalkthroughProgress(memento, () => false, noEvent); // a window reloaded with the walkthrough open
    expect(trueKeys()).toEqual(['consider.walkthrough.commentDone']);
    again.dispose();
  });
});
