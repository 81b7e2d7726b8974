/**
 * Optional notifications (setting consider.notifyAgentActivity) when the agent replies to or
 * resolves a thread whose file is not visible: the inline reply is then easy to miss.
 */
import path from 'node:path';
import * as vscode from 'vscode';
import type { Comment } from '../../shared/model';
import type { ConsiderHost } from '../api';
import { readSettings } from '../settings';
import * as notify from '../notify';

type Seen = Map<string, { agentReplies: number; workflow: Comment['workflowState'] }>;

export function watchAgentActivity(host: ConsiderHost): vscode.Disposable {
  const seen = new Map<string, Seen>();
  const snapshot = (root: string): Seen => {
    const m: Seen = new Map();
    const store = host.folders().find((f) => f.root === root)?.store;
    for (const c of store?.comments ?? []) m.set(c.id, { agentReplies: c.thread.filter((r) => r.author === 'agent').length, workflow: c.workflowState });
    return m;
  };
  for (const f of host.folders()) seen.set(f.root, snapshot(f.root));

  return host.onDidChangeStores((roots) => {
    for (const root of roots) {
      const before = seen.get(root);
      const after = snapshot(root);
      seen.set(root, after);
      if (!before || !readSettings().notifyAgentActivity) continue;
      const store = host.folders().find((f) => f.root === root)?.store;
      const visible = new Set(vscode.window.visibleTextEditors.map((e) => e.document.uri.fsPath));
      const events: { c: Comment; what: string }[] = [];
      for (const c of store?.comments ?? []) {
        const b = before.get(c.id);
        const a = after.get(c.id)!;
        if (!b || visible.has(path.join(root, c.file))) continue;
        const lastReply = c.thread[c.thread.length - 1];
        if (a.agentReplies > b.agentReplies) events.push({ c, what: 'replied' });
        else if (b.workflow === 'open' && a.workflow === 'resolved' && c.resolvedBy === 'agent' && lastReply?.author !== 'human') events.push({ c, what: 'resolved' });
      }
      if (events.length === 0) continue;
      const first = events[0]!;
      const message = events.length === 1
        ? (first.what === 'replied' ? vscode.l10n.t('Consider: the agent replied on {0}:{1}.', first.c.file, first.c.anchor.startLine)
          : vscode.l10n.t('Consider: the agent resolved a thread on {0}:{1}.', first.c.file, first.c.anchor.startLine))
        : vscode.l10n.t('Consider: the agent answered {0} threads.', events.length);
      const show = vscode.l10n.t('Show');
      void notify.info(message, show).then((choice) => {
        if (choice === show) void host.revealThread(root, first.c.id);
      });
    }
  });
}
