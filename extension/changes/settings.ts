/** The Changes view's settings (package.json `consider.changes.*`). */
import * as vscode from 'vscode';
import { DEFAULT_MAX_FILE_BYTES } from '../../shared/changes';
import * as notify from '../notify';

/** Files larger than this are not captured into baselines nor diffed (`consider.changes.maxFileSizeKB`). */
export function changesMaxFileBytes(): number {
  const kb = vscode.workspace.getConfiguration('consider').get<number>('changes.maxFileSizeKB', DEFAULT_MAX_FILE_BYTES / 1024);
  return Number.isFinite(kb) && kb > 0 ? Math.round(kb * 1024) : DEFAULT_MAX_FILE_BYTES;
}

/** What Submit Review passes to submitReviewWithBaseline: the size limit, and a warning when no baseline could be taken. */
export function baselineCaptureOptions(): { maxFileBytes: number; onCaptureFailed(error: string): void } {
  return {
    maxFileBytes: changesMaxFileBytes(),
    onCaptureFailed: (error) => void notify.warn(vscode.l10n.t('Consider: the review was sent, but the workspace could not be captured for "changes since this round" ({0}).', error)),
  };
}
