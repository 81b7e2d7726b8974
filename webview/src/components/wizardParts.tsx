import { useEffect, useRef, useState } from 'react';
import type { SetupReportView, SetupStateView } from '../../../shared/board/protocol';
import { useApp, useBoard } from '../lib/context';
import { Codicon, Dropdown, Spinner } from '../ui/primitives';
import { l10n } from '../../../shared/board/l10n';

/** Which workspace folder a wizard acts on (multi-root: one store per folder). */
export function useFolderChoice(): [string | undefined, (root: string) => void, { root: string; name: string }[]] {
  const folders = useBoard((s) => s.folders);
  const [root, setRoot] = useState<string | undefined>(folders[0]?.root);
  useEffect(() => { if (!root || !folders.some((f) => f.root === root)) setRoot(folders[0]?.root); }, [folders, root]);
  return [root, setRoot, folders.map((f) => ({ root: f.root, name: f.name }))];
}

export function FolderPicker({ root, setRoot, folders }: { root: string; setRoot: (r: string) => void; folders: { root: string; name: string }[] }) {
  if (folders.length < 2) return <p className="muted">{l10n.t('Workspace folder:')} <b>{folders[0]?.name}</b> <span className="path">{root}</span></p>;
  return <Dropdown label={l10n.t('Workspace folder')} value={root} options={folders.map((f) => ({ value: f.root, label: f.name }))} onChange={setRoot} testId="wizard-folder" />;
}

/** Loads describeSetup for the chosen folder; reloads after a run. */
export function useSetupState(root: string | undefined, version: number): SetupStateView | 'loading' | { error: string } | undefined {
  const { bridge } = useApp();
  const [state, setState] = useState<SetupStateView | 'loading' | { error: string }>();
  const describedRoot = useRef<string>(undefined);
  useEffect(() => {
    if (!root) return;
    let live = true;
    // Another folder starts from "loading"; describing the same one again (after a run) keeps
    // what is on screen until the answer comes, so the run's report does not blink away.
    if (describedRoot.current !== root) setState('loading');
    describedRoot.current = root;
    bridge.request('setup/describe', { root })
      .then((s) => { if (live) setState(s); })
      .catch((e: unknown) => { if (live) setState({ error: e instanceof Error ? e.message : String(e) }); });
    return () => { live = false; };
  }, [bridge, root, version]);
  return state;
}

/** What setup or uninstall did to a file, in words (the kind itself when it is a new one). */
const kindWord = (kind: string): string => ({
  created: l10n.t('created'), updated: l10n.t('updated'), unchanged: l10n.t('unchanged'), removed: l10n.t('removed'), skipped: l10n.t('skipped'), refused: l10n.t('refused'),
} as Record<string, string>)[kind] ?? kind;

const KIND_ICON: Record<string, string> = { created: 'add', updated: 'edit', unchanged: 'circle-small', removed: 'trash', skipped: 'debug-step-over', refused: 'shield' };

/** A path inside the workspace folder shown relative to it (shorter, and what the user knows). */
export function displayPath(p: string, root: string): string {
  const base = root.endsWith('/') || root.endsWith('\\') ? root : root + (root.includes('\\') && !root.includes('/') ? '\\' : '/');
  return p.startsWith(base) ? p.slice(base.length) : p;
}

export function ReportView({ title, report, root }: { title: string; report: SetupReportView; root: string }) {
  return (
    <section className="report" data-testid="wizard-report" aria-label={title}>
      <h3><Codicon name="checklist" /> {title}</h3>
      {report.actions.length === 0 ? <p className="muted">{l10n.t('Nothing needed doing.')}</p> : (
        <ul className="report-list">
          {report.actions.map((a, i) => (
            <li key={i} className={`report-item ${a.kind}`} data-kind={a.kind}>
              <Codicon name={KIND_ICON[a.kind] ?? 'circle-small'} />
              <span className="report-kind">{kindWord(a.kind)}</span>
              <span className="path" title={a.path}>{displayPath(a.path, root)}</span>
              {a.detail && <span className="muted"> — {a.detail}</span>}
            </li>
          ))}
        </ul>
      )}
      <NeedsView needs={report.needs ?? []} />
    </section>
  );
}

const NEED_ICON: Record<string, string> = { todo: 'warning', info: 'info' };

/** What the agents just set up still need from the user, once; without it they never get the review. */
function NeedsView({ needs }: { needs: NonNullable<SetupReportView['needs']> }) {
  const left = needs.filter((n) => n.state !== 'done');
  if (!left.length) return null;
  return (
    <div className="report-needs" data-testid="wizard-needs">
      <h4>{l10n.t('Once per agent — setup cannot do this for you, and without it the agent does not get your review:')}</h4>
      <ul className="report-list">
        {left.map((n, i) => (
          <li key={i} className={`report-item need ${n.state}`} data-state={n.state}>
            <Codicon name={NEED_ICON[n.state] ?? 'circle-small'} />
            <span className="report-kind">{n.label}</span>
            <span>{n.step}{n.where && <span className="muted"> — {l10n.t('checked in {0}', n.where)}</span>}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Loading({ text }: { text: string }) {
  return <div className="empty"><Spinner /> {text}</div>;
}
