/**
 * Re-anchoring: where does a thread's code live in today's file? Pure functions, no I/O.
 * Deployed as `.consider/shared/reconcile.js` (spec §4.1).
 * PLACEHOLDER with the contract's signature: filled in by the re-anchoring work (issue 3).
 */
import type { Anchor } from './model';

export interface ReanchorResult {
  anchorState: 'anchored' | 'stale';
  startLine: number;
  endLine: number;
  /** Which rule decided (for tests, benchmarks and the triage view). */
  method: string;
  /** Why the thread is stale, in words a human can read. */
  reason?: string;
  /** 0..1 */
  confidence: number;
}

export function reanchor(anchor: Anchor, _currentText: string, _opts: { snapshotText?: string } = {}): ReanchorResult {
  return { anchorState: 'anchored', startLine: anchor.startLine, endLine: anchor.endLine, method: 'placeholder', confidence: 0 };
}
