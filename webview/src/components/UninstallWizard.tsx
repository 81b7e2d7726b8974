import { useState } from 'react';
import type { SetupReportView } from '../../../shared/board/protocol';
import { useApp, useBoard } from '../lib/context';
import { Button, Checkbox, Codicon, RadioGroup } from '../ui/primitives';
import { displayPath, FolderPicker, Loading, ReportView, useFolderChoice, useSetupState } from './wizardParts';
import { countOf, l10n } from '../../../shared/board/l10n';
import { withNodes } from '../lib/l10n';

type Mode = 'full' | 'skills-only';

/** Spec §8.3: full uninstall or skills only; a second click confirms a full removal. */
export function UninstallWizard() {
  const { bridge } = useApp();
  const [root, setRoot, folders] = useFolderChoice();
  const [version, setVersion] = useState(0);
  const state = useSetupState(root, version);
  const threads = useBoard((s) => s.folders.find((f) => f.root === root)?.threads.length ?? 0);
  const [mode, setMode] = useState<Mode>('skills-only');
  const [removeGitignore, setRemoveGitignore] = useState(true);
  const [removeEdited, setRemoveEdited] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);
  const [report, setReport] = useState<SetupReportView>();
  const [error, setError] = useState<string>();

  if (!root) return <div className="empty"><Codicon name="folder-opened" /><p>{l10n.t('Open a folder to uninstall Consider from it.')}</p></div>;
  if (!state || state === 'loading') return <Loading text={l10n.t('Checking what is installed…')} />;
  if ('error' in state) return <div className="banner error" role="alert">{l10n.t('Could not inspect the workspace: {0}', state.error)}</div>;

  const installed = state.integrations.flatMap((i) => [
    ...i.installed.map((x) => ({ label: i.label, ...x })),
    ...(i.hook?.installed ?? []).map((x) => ({ label: l10n.t('{0} hook', i.label), ...x })),
    ...(i.planGate?.installed ?? []).map((x) => ({ label: l10n.t('{0} plan gate', i.label), ...x })),
    ...(i.mcp?.installed ? [{ label: l10n.t('{0} MCP server', i.label), scope: 'project' as const, path: i.mcp.path }] : []),
  ]);
  // After a full uninstall (or in a folder never set up) there is nothing to remove: say so, and offer no form.
  const nothingHere = !state.storeExists && !state.runtimeVersion && !state.gitignoreHasEntry && installed.length === 0;
  const nothingToRun = mode === 'skills-only' && installed.length === 0;
  const withThreads = threads === 0 ? '' : ` ${threads === 1 ? l10n.t('with its thread') : l10n.t('with all {0}', countOf(threads, l10n.t('{0} thread'), l10n.t('{0} threads')))}`;
  const run = async () => {
    if (mode === 'full' && !confirming) { setConfirming(true); return; }
    setConfirming(false); setRunning(true); setError(undefined);
    try {
      setReport(await bridge.request('uninstall/run', { root, mode, removeGitignoreEntry: mode === 'full' && removeGitignore && state.gitignoreHasEntry, removeEdited }));
      setVersion((v) => v + 1);
    } catch (e) { setError(e instanceof Error ? e.message : String(e)); } finally { setRunning(false); }
  };

  return (
    <div className="wizard" data-testid="uninstall-wizard">
      <h2><Codicon name="trash" /> {l10n.t('Uninstall Consider')}</h2>
      <FolderPicker root={root} setRoot={setRoot} folders={folders} />
      {nothingHere ? (
        <p className="notice" data-testid="uninstall-nothing"><Codicon name="pass" /><span className="notice-text">{withNodes(l10n.t('Consider is not installed in this folder: no {0}, no skills, hooks or MCP servers from setup. Nothing to uninstall.'), <code>.consider/</code>)}</span></p>
      ) : <>
        <fieldset className="wizard-section">
          <legend>{l10n.t('What to remove')}</legend>
          <RadioGroup<Mode> label={l10n.t('Uninstall mode')} value={mode} onChange={(m) => { setMode(m); setConfirming(false); }} orientation="vertical" testId="uninstall-mode"
            options={[
              { value: 'skills-only', label: <><b>{l10n.t('Skills only')}</b> — {withNodes(l10n.t('remove the agent skills, hooks and MCP servers, keep {0} and its threads'), <code>.consider/</code>)}</> },
              { value: 'full', label: <><b>{l10n.t('Everything')}</b> — {withNodes(l10n.t('remove the skills, hooks, MCP servers and {0}{1}, the archive and the CLI'), <code>.consider/</code>, withThreads)}</> },
            ]} />
          {mode === 'full' && state.gitignoreHasEntry && (
            <Checkbox checked={removeGitignore} onChange={setRemoveGitignore} testId="uninstall-gitignore">{withNodes(l10n.t('Also remove the {0} line setup added to {1}'), <code>.consider/</code>, <code>.gitignore</code>)}</Checkbox>
          )}
          <Checkbox checked={removeEdited} onChange={setRemoveEdited} testId="uninstall-remove-edited">
            {l10n.t('Also delete skill files I edited or added (otherwise they are kept, and listed)')}
          </Checkbox>
        </fieldset>
        <fieldset className="wizard-section">
          <legend>{l10n.t('Installed skills, hooks and MCP servers')}</legend>
          {installed.length === 0 ? <p className="muted">{l10n.t('Setup has not installed a skill, a hook or an MCP server here.')}</p> : (
          <ul className="report-list">
            {installed.map((x) => <li key={x.path}><Codicon name="file-code" /> {x.label} <span className="muted">({x.scope === 'home' ? l10n.t('home') : l10n.t('project')})</span> <span className="path" title={x.path}>{displayPath(x.path, root)}</span></li>)}
          </ul>
        )}
          <p className="muted">{withNodes(l10n.t('Only {0} folders and {1} itself are ever deleted; from an agent\'s settings file only the Consider hook and MCP server entries are taken out, and only a file setup created is deleted. Anything else is refused and reported.'), <code>…/skills/consider</code>, <code>.consider/</code>)}</p>
        </fieldset>
        <div className="wizard-actions">
          {confirming ? (
          <div className="confirm" role="alert" data-testid="uninstall-confirm">
            <Codicon name="warning" /> {withNodes(l10n.t('This deletes {0}{1}. It cannot be undone.'), <code>.consider/</code>, withThreads)}
            <Button icon="trash" onClick={() => void run()} testId="uninstall-confirm-yes">{l10n.t('Remove everything')}</Button>
            <Button appearance="secondary" onClick={() => setConfirming(false)}>{l10n.t('Cancel')}</Button>
          </div>
        ) : (
          <Button icon="trash" disabled={running || nothingToRun} onClick={() => void run()} testId="uninstall-run"
            title={nothingToRun ? l10n.t('Setup installed no skill, hook or MCP server here') : undefined}>{running ? l10n.t('Uninstalling…') : mode === 'full' ? l10n.t('Uninstall everything…') : l10n.t('Remove skills')}</Button>
        )}
          {error && <span className="error-text" role="alert">{error}</span>}
        </div>
      </>}
      {report && <ReportView title={l10n.t('What uninstall did')} report={report} root={root} />}
    </div>
  );
}
