// What the plan's CodeLens and status bar say about a version's state. The lens counts whole
// minutes only: its text (and so its redraw) changes at most once a minute.
import { describe, expect, it } from 'vitest';
import type { FolderPlan } from '../extension/plans/plan-service';
import { stateLine } from '../extension/plans/plan-words';

const submittedAt = '2026-11-26T08:00:00.000Z';
const at = (seconds: number): number => Date.parse(submittedAt) + seconds * 1000;
const plan = (waiting: boolean): FolderPlan => ({
  root: '/w',
  uri: undefined as never,
  plan: { id: 'p_k3j9x0ab', title: 'Add session auth', document: 'add-session-auth.md', agent: 'claude', createdAt: submittedAt, versions: [{ version: 1, submittedAt }] },
  version: { version: 1, submittedAt },
  ...(waiting ? { waiter: { pid: 1, host: 'h', version: 1, since: submittedAt, until: '2026-11-26T09:00:00.000Z' } } : {}),
});

describe('stateLine', () => {
  it('the lens says the same thing for the whole first minute, then counts minutes', () => {
    const lens = [0, 1, 12, 59].map((s) => stateLine(plan(true), at(s), true));
    expect(new Set(lens)).toEqual(new Set(['waiting for your verdict']));
    expect(stateLine(plan(true), at(61), true)).toBe('waiting 1 min for your verdict');
    expect(stateLine(plan(true), at(119), true)).toBe('waiting 1 min for your verdict');
    expect(stateLine(plan(false), at(5), true)).toBe('submitted just now, nobody waiting');
    expect(stateLine(plan(false), at(180), true)).toBe('submitted 3 min ago, nobody waiting');
  });

  it('the long form (tooltips, status bar) keeps the seconds', () => {
    expect(stateLine(plan(true), at(12))).toBe('Claude Code has been waiting 12 s for your verdict');
  });
});
