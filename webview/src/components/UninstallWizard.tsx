import { useState } from 'react';
import type { SetupReportView } from '../../../shared/board/protocol';
import { useApp, useBoard } from '../lib/context';
import { Button, Checkbox, Codicon, RadioGroup } from '../ui/primitives';
import { displayPath, FolderPicker, Loading, ReportView, useFolderChoice, useSetupState } from './wizardParts';
import { plural } from '../../../shared/text';

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

  if (!root) return <div className="empty"><Codicon name="folder-opened" /><p>Open a folder to uninstall Consider from it.</p></div>;
  if (!state || state === 'loading') return <Loading text="Checking what is installed…" />;
  if ('error' in state) return <div className="banner error" role="alert">Could not inspect the workspace: {state.error}</div>;

  const installed = state.integrations.flatMap((i) => [
    ...i.installed.map((x) => ({ label: i.label, ...x })),
    ...(i.hook?.installed ?? []).map((x) => ({ label: `${i.label} hook`, ...x })),
    ...(i.planGate?.installed ?? []).map((x) => ({ label: `${i.label} plan gate`, ...x })),
    ...(i.mcp?.installed ? [{ label: `${i.label} MCP server`, scope: 'project' as const, path: i.mcp.path }] : []),
  ]);
  // After a full uninstall (or in a folder never set up) there is nothing to remove: say so, and offer no form.
  const nothingHere = !state.storeExists && !state.runtimeVersion && !state.gitignoreHasEntry && installed.length === 0;
  const nothingToRun = mode === 'skills-only' && installed.length === 0;
  const withThreads = threads === 0 ? '' : threads === 1 ? ' with its thread' : ` with all ${plural(threads, 'thread')}`;
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
      <h2><Codicon name="trash" /> Uninstall Consider</h2>
      <FolderPicker root={root} setRoot={setRoot} folders={folders} />
      {nothingHere ? (
        <p className="notice" data-testid="uninstall-nothing"><Codicon name="pass" /><span className="notice-text">Consider is not installed in this folder: no <code>.consider/</code>, no skills, hooks or MCP servers from setup. Nothing to uninstall.</span></p>
      ) : <>
        <fieldset className="wizard-section">
          <legend>What to remove</legend>
          <RadioGroup<Mode> label="Uninstall mode" value={mode} onChange={(m) => { setMode(m); setConfirming(false); }} orientation="vertical" testId="uninstall-mode"
            options={[
              { value: 'skills-only', label: <><b>Skills only</b> — remove the agent skills, hooks and MCP servers, keep <code>.consider/</code> and its threads</> },
              { value: 'full', label: <><b>Everything</b> — remove the skills, hooks, MCP servers and <code>.consider/</code>{withThreads}, the archive and the CLI</> },
            ]} />
          {mode === 'full' && state.gitignoreHasEntry && (
            <Checkbox checked={removeGitignore} onChange={setRemoveGitignore} testId="uninstall-gitignore">Also remove the <code>.consider/</code> line setup added to <code>.gitignore</code></Checkbox>
          )}
          <Checkbox checked={removeEdited} onChange={setRemoveEdited} testId="uninstall-remove-edited">
            Also delete skill files I edited or added (otherwise they are kept, and listed)
          </Checkbox>
        </fieldset>
        <fieldset className="wizard-section">
          <legend>Installed skills, hooks and MCP servers</legend>
          {installed.length === 0 ? <p className="muted">Setup has not installed a skill, a hook or an MCP server here.</p> : (
          <ul className="report-list">
            {installed.map((x) => <li key={x.path}><Codicon name="file-code" /> {x.label} <span className="muted">({x.scope})</span> <span className="path" title={x.path}>{displayPath(x.path, root)}</span></li>)}
          </ul>
        )}
          <p className="muted">Only <code>…/skills/consider</code> folders and <code>.consider/</code> itself are ever deleted; from an agent's settings file only the Consider hook and MCP server entries are taken out, and only a file setup created is deleted. Anything else is refused and reported.</p>
        </fieldset>
        <div className="wizard-actions">
          {confirming ? (
          <div className="confirm" role="alert" data-testid="uninstall-confirm">
            <Codicon name="warning" /> This deletes <code>.consider/</code>{withThreads}. It cannot be undone.
            <Button icon="trash" onClick={() => void run()} testId="uninstall-confirm-yes">Remove everything</Button>
            <Button appearance="secondary" onClick={() => setConfirming(false)}>Cancel</Button>
          </div>
        ) : (
          <Button icon="trash" disabled={running || nothingToRun} onClick={() => void run()} testId="uninstall-run"
            title={nothingToRun ? 'Setup installed no skill, hook or MCP server here' : undefined}>{running ? 'Uninstalling…' : mode === 'full' ? 'Uninstall everything…' : 'Remove skills'}</Button>
        )}
          {error && <span className="error-text" role="alert">{error}</span>}
        </div>
      </>}
      {report && <ReportView title="What uninstall did" report={report} root={root} />}
    </div>
  );
}
