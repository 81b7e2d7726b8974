/** The user settings of issue 4 item 9 (declared in package.json under `consider.*`). */
import * as vscode from 'vscode';

export interface ConsiderSettings {
  /** Default for the resolved-threads toggle in a workspace that never set it. */
  showResolvedByDefault: boolean;
  /** Default for the stale/orphaned-threads toggle. */
  showStaleByDefault: boolean;
  /** Mention the Add Comment keybinding in the comment box. */
  showKeybindingHint: boolean;
  /** A notification when the agent replies to or resolves a thread in a file that is not visible. */
  notifyAgentActivity: boolean;
}

export function readSettings(): ConsiderSettings {
  const c = vscode.workspace.getConfiguration('consider');
  return {
    showResolvedByDefault: c.get<boolean>('visibility.showResolved', true),
    showStaleByDefault: c.get<boolean>('visibility.showStale', true),
    showKeybindingHint: c.get<boolean>('showKeybindingHint', true),
    notifyAgentActivity: c.get<boolean>('notifyAgentActivity', true),
  };
}
