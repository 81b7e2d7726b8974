/**
 * The webview's requests in flight (webview/src/lib/requests.ts): a result is checked against
 * the request it answers, an error passes through, a request the host never answers fails after
 * its time, progress restarts that time, and a late or unknown answer is ignored.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PendingRequests, RequestError } from '../webview/src/lib/requests';

afterEach(() => vi.useRealTimers());

const ok = (requestId: string, result: unknown) => ({ type: 'host/response' as const, requestId, ok: true as const, result });

describe('PendingRequests', () => {
  it('resolves with a result that fits its request, rejects one that does not', async () => {
    const p = new PendingRequests();
    const good = p.track('a', 'thread/setState');
    p.settle(ok('a', { done: 2, failed: [] }));
    await expect(good).resolves.toEqual({ done: 2, failed: [] });
    // A reconcile summary is not what `thread/setState` answers: caught, not handed on.
    const bad = p.track('b', 'thread/setState');
    p.settle(ok('b', { folders: 1, checked: 0, moved: 0, stale: 0, orphaned: 0, restored: 0, failed: [] }));
    await expect(bad).rejects.toMatchObject({ code: 'malformed', message: expect.stringContaining('thread/setState: result.done') });
    expect(p.size).toBe(0);
  });

  it('passes the host\'s error on, with its code', async () => {
    const p = new PendingRequests();
    const r = p.track('a', 'store/undo');
    p.settle({ type: 'host/response', requestId: 'a', ok: false, error: { message: 'nothing to undo', code: 'gone' } });
    await expect(r).rejects.toEqual(new RequestError('nothing to undo', 'gone'));
  });

  it('fails a request the host never answers, and ignores the late answer', async () => {
    vi.useFakeTimers();
    const p = new PendingRequests(1_000);
    const r = p.track('a', 'store/archiveResolved');
    const settled = expect(r).rejects.toMatchObject({ code: 'timeout' });
    vi.advanceTimersByTime(1_001);
    await settled;
    p.settle(ok('a', { done: 1, failed: [] })); // too late: nothing left to settle
    expect(p.size).toBe(0);
  });

  it('progress shows and restarts the time', async () => {
    vi.useFakeTimers();
    const p = new PendingRequests(1_000);
    const seen: number[] = [];
    const r = p.track('a', 'store/reconcileAll', (done) => seen.push(done));
    vi.advanceTimersByTime(900);
    p.progress('a', 1, 3);
    vi.advanceTimersByTime(900); // 1,800 ms in all, 900 since the progress
    p.settle(ok('a', { folders: 1, checked: 3, moved: 0, stale: 0, orphaned: 0, restored: 0, failed: [] }));
    await expect(r).resolves.toMatchObject({ checked: 3 });
    expect(seen).toEqual([1]);
  });

  it('progress restarts the time, it does not cancel it: silence a full time after the last progress still fails the request (issue 29)', async () => {
    vi.useFakeTimers();
    const p = new PendingRequests(1_000);
    let outcome: string | undefined;
    p.track('a', 'store/reconcileAll').then(() => { outcome = 'answered'; }, (e: RequestError) => { outcome = e.code; });
    vi.advanceTimersByTime(900);
    p.progress('a', 1, 3);
    await vi.advanceTimersByTimeAsync(999); // 1,899 ms in all: past the first time, not past the restarted one
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1); // a full time since the progress, and nothing since
    expect(outcome).toBe('timeout');
    expect(p.size).toBe(0);
  });
});
