/** Setup (spec §8.2) and the state the wizards show. See index.ts for the public surface. */
import fs from 'node:fs';
import path from 'node:path';
import type { ConsiderConfig } from '../shared/model';
import type { SetupAction, SetupOptions, SetupReport, SetupState } from './types';
import { describeSkills, installSkills } from './skills/workspace';
import { readSetupConfig, changeSetupConfig, mergeInstall, mergeHookInstall, mergeMcpInstall, trackedMcp, trackingKey } from './config';
import { installMcpServers, describeMcpServers } from './mcp/workspace';
import { deployRuntime, deployedVersion, packageVersion, versionIn } from './runtime';
import { userCliPath, userDataDir } from '../shared/user-data';
import { setUpState } from '../shared/project-trust';
import { addGitignoreEntry, gitignoreHasEntry, gitignorePath, type GitignoreSetup } from './gitignore';
import { isDirectory, syncFile } from './fsutil';
import { installHooks, describeHooks } from './hooks/workspace';
import { describePlanGates, installPlanGates, mergePlanGateInstall } from './plans/workspace';
import { installUserCli, recordProject, unrecordProject } from './user-install';
import { describeNeeds } from './prerequisites';
import { considerPaths, emptyStore, ensureConsiderDir, serializeStore } from '../shared';

/**
 * `.consider/` with its own `.gitignore` of `*`, so git never sees it even without the root
 * entry: made by the store module, as every writer makes it; setup also puts back a `.gitignore`
 * in it that says something else, and refuses a `.consider` that is not a folder of its own.
 */
function ensureDir(root: string, actions: SetupAction[]): void {
  const { dir } = considerPaths(root);
  let existed = false;
  try {
    const st = fs.lstatSync(dir);
    if (st.isSymbolicLink() || !st.isDirectory()) throw new Error(`${dir} exists and is not a folder; move it away and run setup again`);
    existed = true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const ignore = path.join(dir, '.gitignore');
  const hadIgnore = fs.existsSync(ignore);
  ensureConsiderDir(root);
  actions.push({ kind: existed ? 'unchanged' : 'created', path: dir });
  if (!hadIgnore) actions.push({ kind: 'created', path: ignore });
  else if (fs.readFileSync(ignore, 'utf8').trim() === '*') actions.push({ kind: 'unchanged', path: ignore });
  else actions.push({ kind: syncFile(ignore, '*\n'), path: ignore });
}

/** An empty store, so the first-run prompt (which looks for one) asks no more. */
function ensureStore(root: string, actions: SetupAction[]): void {
  const file = considerPaths(root).store;
  try {
    fs.writeFileSync(file, serializeStore(emptyStore()), { flag: 'wx' }); // never replaces an existing store
    actions.push({ kind: 'created', path: file });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    actions.push({ kind: 'unchanged', path: file });
  }
}

export async function setupWorkspace(opts: SetupOptions & { overwriteEdited?: boolean }): Promise<SetupReport> {
  const root = path.resolve(opts.root);
  const home = path.resolve(opts.home);
  const actions: SetupAction[] = [];
  if (!isDirectory(root)) throw new Error(`${root} is not a folder`);
  const version = packageVersion(opts.runtimeDir);

  ensureDir(root, actions);
  for (const a of deployRuntime(root, opts.runtimeDir)) actions.push(a);

  const { config, problem } = readSetupConfig(root);
  const configPath = considerPaths(root).config;
  const before = fs.existsSync(configPath) && !problem ? trackingKey(config) : undefined;

  const skills = installSkills(opts.integrations, root, home, opts.skillsDir, version, config, opts.overwriteEdited);
  actions.push(...skills.actions);
  const { installs, moved } = skills;

  const hooks = installHooks(opts.hooks ?? [], root, home, version, config);
  actions.push(...hooks.actions);
  for (const h of hooks.installs) mergeHookInstall(config, h);

  const planGates = installPlanGates(opts.planGates ?? [], root, home, version, config);
  actions.push(...planGates.actions);
  for (const g of planGates.installs) mergePlanGateInstall(config, g);

  const mcp = installMcpServers(opts.mcpServers ?? [], root, version, config, home);
  actions.push(...mcp.actions);
  for (const m of mcp.installs) mergeMcpInstall(config, m);
  const dropMcp = (c: ConsiderConfig) => { if (mcp.dropped.length) c.trackedMcpInstalls = trackedMcp(c).filter((t) => !mcp.dropped.includes(t.path)); };
  dropMcp(config);

  let gitignoreDone: GitignoreSetup | undefined;
  if (opts.gitignore) {
    const change = addGitignoreEntry(root);
    if (change.kind === 'created' || change.kind === 'updated') config.gitignoreSetup = gitignoreDone = change.done;
    const detail = change.kind === 'refused' ? change.detail : change.kind === 'unchanged' ? 'already ignores .consider/' : change.kind === 'updated' ? 'added .consider/' : 'created with .consider/';
    actions.push({ kind: change.kind, path: gitignorePath(root), detail });
  } else {
    actions.push({ kind: 'skipped', path: gitignorePath(root), detail: 'left as is (.consider/ ignores itself)' });
  }

  if (before === trackingKey(config)) actions.push({ kind: 'unchanged', path: configPath });
  else {
    // Re-applied to the latest file under the lock: another window's setup is not lost.
    await changeSetupConfig(root, (latest) => {
      latest.trackedSkillInstalls = latest.trackedSkillInstalls.filter((t) => !moved.has(t.path));
      for (const i of installs) mergeInstall(latest, i);
      for (const h of hooks.installs) mergeHookInstall(latest, h);
      for (const g of planGates.installs) mergePlanGateInstall(latest, g);
      for (const m of mcp.installs) mergeMcpInstall(latest, m);
      dropMcp(latest);
      if (gitignoreDone) latest.gitignoreSetup = gitignoreDone;
    });
    if (problem) actions.push({ kind: 'updated', path: configPath, detail: `${problem}; kept as config.json.broken and started afresh` });
    else actions.push({ kind: before !== undefined ? 'updated' : 'created', path: configPath });
  }

  // What the agents still need, from what was just written: described before anything lands in
  // the home folder, so a description that fails fails a setup that has recorded nothing.
  const needs = describeNeeds(root, home, await describeWorkspace(root, home));

  // Last, once everything above went through (a setup that fails on the way records nothing):
  // what every hook and MCP entry runs, for a user of them (this setup installs some, or their
  // copy is there already), and the record that the developer set this folder up — the one
  // definition of "set up" (shared/project-trust.ts; README, "Trust model").
  if (opts.hooks?.length || opts.mcpServers?.length || opts.planGates?.length || fs.existsSync(userCliPath(home))) {
    actions.push(installUserCli(home, opts.runtimeDir, version));
  }
  const record = recordProject(home, root);
  actions.push(record);
  // After the record: VS Code's store watcher is what tells the walkthrough this folder is set up now.
  try {
    ensureStore(root, actions);
  } catch (e) {
    if (record.kind !== 'unchanged') unrecordProject(home, root); // failed: nothing recorded
    throw e;
  }
  return { actions, needs };
}

export async function describeWorkspace(rootIn: string, homeIn: string): Promise<SetupState> {
  const root = path.resolve(rootIn);
  const home = path.resolve(homeIn);
  const { config } = readSetupConfig(root);
  const runtimeVersion = deployedVersion(root);
  const userVersion = versionIn(userDataDir(home));
  const setUp = setUpState(root, home);
  const state: Omit<SetupState, 'needs'> = {
    storeExists: fs.existsSync(considerPaths(root).store),
    ...(runtimeVersion ? { runtimeVersion } : {}),
    gitignoreHasEntry: gitignoreHasEntry(root),
    trackedSkills: config.trackedSkillInstalls,
    integrations: describeSkills(root, home),
    hooks: describeHooks(root, home),
    planGates: describePlanGates(root, home),
    mcpServers: describeMcpServers(root),
    userCli: { path: userCliPath(home), ...(userVersion ? { version: userVersion } : {}), projectRecorded: setUp === 'set-up', setUp },
  };
  return { ...state, needs: describeNeeds(root, home, state) };
}
