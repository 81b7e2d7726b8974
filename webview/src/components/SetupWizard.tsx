import { useEffect, useState } from 'react';
import type { HookAgent, InstallScope, Integration, McpAgent, PlanGateAgent, SetupReportView } from '../../../shared/board/protocol';
import { useApp } from '../lib/context';
import { Button, Checkbox, Codicon, RadioGroup } from '../ui/primitives';
import { displayPath, FolderPicker, Loading, ReportView, useFolderChoice, useSetupState } from './wizardParts';
import { l10n } from '../../../shared/board/l10n';
import { withNodes } from '../lib/l10n';

/**
 * Per agent: install the skill, where, and (agents that have them) the delivery hook and the
 * MCP server registration. The MCP server is off unless already registered: the skill and the
 * CLI already do the job, typed tools are for agents that prefer them.
 */
type Choice = { enabled: boolean; scope: InstallScope; hook: boolean; mcp: boolean; planGate: boolean };

/** Spec §8.2: one panel with explicit choices; nothing happens until "Set up" is pressed. */
export function SetupWizard() {
  const { bridge } = useApp();
  const [root, setRoot, folders] = useFolderChoice();
  const [version, setVersion] = useState(0);
  const state = useSetupState(root, version);
  const [gitignore, setGitignore] = useState(true);
  const [choices, setChoices] = useState<Partial<Record<Integration, Choice>>>({});
  const [running, setRunning] = useState(false);
  const [report, setReport] = useState<SetupReportView>();
  const [error, setError] = useState<string>();

  // Pre-select what is already installed, at the scope it is installed. The hook is on by
  // default with a new skill; for an installed skill it shows whether the hook is there.
  useEffect(() => {
    if (!state || state === 'loading' || 'error' in state) return;
    setChoices(Object.fromEntries(state.integrations.map((i) => [i.target, {
      enabled: i.installed.length > 0,
      scope: i.installed[0]?.scope ?? i.hook?.installed[0]?.scope ?? 'project',
      hook: !!i.hook && (i.installed.length === 0 || i.hook.installed.length > 0),
      mcp: !!i.mcp?.installed,
      // The plan gate changes how the agent's plans are approved: the user opts in (shown when installed).
      planGate: !!i.planGate && i.planGate.installed.length > 0,
    }])));
  }, [state]);

  if (!root) return <div className="empty"><Codicon name="folder-opened" /><p>{l10n.t('Open a folder to set up Consider.')}</p></div>;
  if (!state || state === 'loading') return <Loading text={l10n.t('Checking what is set up…')} />;
  if ('error' in state) return <div className="banner error" role="alert">{l10n.t('Could not inspect the workspace: {0}', state.error)}</div>;

  const selected = state.integrations.filter((i) => choices[i.target]?.enabled).map((i) => ({ target: i.target, scope: choices[i.target]!.scope }));
  const hooks = state.integrations.filter((i) => i.hook && choices[i.target]?.enabled && choices[i.target]?.hook)
    .map((i) => ({ target: i.target as HookAgent, scope: choices[i.target]!.scope }));
  const mcpServers = state.integrations.filter((i) => i.mcp && choices[i.target]?.enabled && choices[i.target]?.mcp)
    .map((i) => ({ target: i.target as McpAgent }));
  const planGates = state.integrations.filter((i) => i.planGate && choices[i.target]?.enabled && choices[i.target]?.planGate)
    .map((i) => ({ target: i.target as PlanGateAgent, scope: choices[i.target]!.scope }));
  const run = async () => {
    setRunning(true); setError(undefined);
    try {
      setReport(await bridge.request('setup/run', {
        root, gitignore: gitignore && !state.gitignoreHasEntry, integrations: selected,
        ...(hooks.length ? { hooks } : {}), ...(mcpServers.length ? { mcpServers } : {}), ...(planGates.length ? { planGates } : {}),
      }));
      setVersion((v) => v + 1);
    } catch (e) { setError(e instanceof Error ? e.message : String(e)); } finally { setRunning(false); }
  };

  return (
    <div className="wizard" data-testid="setup-wizard">
      <h2><Codicon name="gear" /> {l10n.t('Set up Consider')}</h2>
      <p className="muted">{withNodes(l10n.t('Creates {0} (invisible to git on its own), deploys {1} into {2}, and installs a skill so your agent knows how to answer review threads. Safe to run again.'), <code>.consider/</code>, <code>consider-cli</code>, <code>.consider/bin/</code>)}</p>
      <FolderPicker root={root} setRoot={setRoot} folders={folders} />
      {state.runtimeVersion
        ? <p className="note"><Codicon name="pass" /> {l10n.t('Consider is already set up here (CLI {0}). Running again updates what you choose below.', state.runtimeVersion)}</p>
        : state.storeExists && <p className="note" data-testid="setup-store-only"><Codicon name="info" /> {l10n.t('Your comments are stored here, but your agent cannot read them yet: setup deploys the CLI it reads them with.')}</p>}

      <fieldset className="wizard-section">
        <legend>{l10n.t('Git')}</legend>
        {state.gitignoreHasEntry ? (
          <p className="muted"><Codicon name="check" /> {withNodes(l10n.t('{0} already lists {1}.'), <code>.gitignore</code>, <code>.consider/</code>)}</p>
        ) : (
          <Checkbox checked={gitignore} onChange={setGitignore} testId="setup-gitignore">{withNodes(l10n.t('Add {0} to the root {1} (recommended)'), <code>.consider/</code>, <code>.gitignore</code>)}</Checkbox>
        )}
      </fieldset>

      <fieldset className="wizard-section">
        <legend>{l10n.t('Agent integrations')}</legend>
        <p className="muted">{withNodes(l10n.t('Pick the agents you use. Each gets a {0} skill, in this project or in your home folder. With the hook, a submitted review reaches the agent by itself when it finishes a turn; with the plan gate, its plan opens here for your review before it writes code; with MCP, the agent gets the threads as typed tools instead of shell commands. Your agent\'s own settings files keep everything else they had. Leave all unchecked to skip skills for now.'), <code>consider</code>)}</p>
        {state.integrations.map((i) => {
          const c = choices[i.target] ?? { enabled: false, scope: 'project' as const, hook: !!i.hook, mcp: false, planGate: false };
          const set = (patch: Partial<Choice>) => setChoices({ ...choices, [i.target]: { ...c, ...patch } });
          return (
            <div key={i.target} className={`integration${c.enabled ? ' on' : ''}`} data-testid={`integration-${i.target}`}>
              <Checkbox checked={c.enabled} onChange={(v) => set({ enabled: v })} testId={`integration-${i.target}-enable`}>
                <b>{i.label}</b>{i.installed.length > 0 && <span className="tag anchored">{l10n.t('installed')}</span>}
              </Checkbox>
              <RadioGroup<InstallScope> label={l10n.t('{0} location', i.label)} value={c.scope} testId={`integration-${i.target}-scope`}
                options={[
                  { value: 'project', label: <>{l10n.t('This project')} <span className="path" title={i.projectPath}>{displayPath(i.projectPath, root)}</span></>, disabled: !c.enabled },
                  { value: 'home', label: <>{l10n.t('Home')} <span className="path">{i.homePath}</span></>, disabled: !c.enabled },
                ]}
                onChange={(v) => set({ scope: v })} orientation="vertical" />
              {i.hook && (
                <Checkbox checked={c.enabled && c.hook} disabled={!c.enabled} onChange={(v) => set({ hook: v })} testId={`integration-${i.target}-hook`}>
                  {l10n.t('Deliver my review automatically (hook)')}{i.hook.installed.length > 0 && <span className="tag anchored">{l10n.t('installed')}</span>}
                </Checkbox>
              )}
              {i.planGate && (
                <Checkbox checked={c.enabled && c.planGate} disabled={!c.enabled} onChange={(v) => set({ planGate: v })} testId={`integration-${i.target}-plan-gate`}>
                  {l10n.t('Review its plans in VS Code before it writes code (plan gate)')}
                  {i.planGate.note && <span className="muted"> ({i.planGate.note})</span>}
                  {i.planGate.installed.length > 0 && <span className="tag anchored">{l10n.t('installed')}</span>}
                </Checkbox>
              )}
              {i.mcp && (
                <Checkbox checked={c.enabled && c.mcp} disabled={!c.enabled} onChange={(v) => set({ mcp: v })} testId={`integration-${i.target}-mcp`}>
                  {l10n.t('Typed tools over MCP, in')} <span className="path" title={i.mcp.path}>{displayPath(i.mcp.path, root)}</span>
                  {i.target === 'copilot' && <span className="muted"> {l10n.t('(for Copilot outside this editor: here the extension gives agent mode the tools)')}</span>}
                  {i.mcp.installed && <span className="tag anchored">{l10n.t('installed')}</span>}
                </Checkbox>
              )}
            </div>
          );
        })}
        {selected.length === 0 && <p className="muted" data-testid="setup-none"><Codicon name="info" /> {l10n.t('No integration selected: only the store and the CLI are set up.')}</p>}
      </fieldset>

      <div className="wizard-actions">
        <Button icon="rocket" disabled={running} onClick={() => void run()} testId="setup-run">{running ? l10n.t('Setting up…') : l10n.t('Set up')}</Button>
        {error && <span className="error-text" role="alert">{error}</span>}
      </div>
      {report && <ReportView title={l10n.t('What setup did')} report={report} root={root} />}
    </div>
  );
}
