/** `setup/*` and `uninstall/*`: the wizards call the one setup implementation (setup/). */
import type { Handlers } from './context';
import type { SetupState } from '../../../setup/index';

/** An integration's delivery hook, for agents that have one. */
function hookOf(hooks: SetupState['hooks'], target: string): { hook?: { installed: SetupState['hooks'][number]['installed'] } } {
  const h = hooks.find((x) => x.target === target);
  return h ? { hook: { installed: h.installed } } : {};
}

/** An integration's MCP registration, for agents that take MCP servers. */
function mcpOf(servers: SetupState['mcpServers'], target: string): { mcp?: { path: string; installed: boolean } } {
  const m = servers.find((x) => x.target === target);
  return m ? { mcp: { path: m.path, installed: m.installed } } : {};
}

/** An integration's plan gate, for agents with a plan hook (setup/targets/plans.ts). */
function planGateOf(gates: SetupState['planGates'], target: string): { planGate?: { installed: SetupState['planGates'][number]['installed']; note?: string } } {
  const g = gates.find((x) => x.target === target);
  return g ? { planGate: { installed: g.installed, ...(g.note ? { note: g.note } : {}) } } : {};
}

export const setupHandlers: Handlers<'setup/describe' | 'setup/run' | 'uninstall/run'> = {
  'setup/describe': async (p, ctx) => {
    ctx.folder(p.root);
    const st = await ctx.services.setup.describeSetup(p.root, ctx.services.home);
    return {
      root: p.root,
      storeExists: st.storeExists,
      ...(st.runtimeVersion ? { runtimeVersion: st.runtimeVersion } : {}),
      gitignoreHasEntry: st.gitignoreHasEntry,
      integrations: ctx.services.setup.INTEGRATIONS.map((row) => ({
        target: row.target,
        label: row.label,
        projectPath: row.projectPath(p.root),
        homePath: row.homePath(ctx.services.home),
        installed: st.integrations.find((i) => i.target === row.target)?.installed ?? [],
        ...hookOf(st.hooks, row.target),
        ...mcpOf(st.mcpServers, row.target),
        ...planGateOf(st.planGates, row.target),
      })),
    };
  },

  'setup/run': async (p, ctx) => {
    ctx.folder(p.root);
    const report = await ctx.services.setup.runSetup({
      root: p.root, home: ctx.services.home, gitignore: p.gitignore, integrations: p.integrations.map((i) => ({ ...i })),
      hooks: (p.hooks ?? []).map((h) => ({ ...h })),
      mcpServers: (p.mcpServers ?? []).map((m) => ({ ...m })),
      planGates: (p.planGates ?? []).map((g) => ({ ...g })),
      runtimeDir: ctx.services.runtimeDir, skillsDir: ctx.services.skillsDir,
    });
    await ctx.afterWrite([p.root]);
    return report;
  },

  'uninstall/run': async (p, ctx) => {
    ctx.folder(p.root);
    const report = await ctx.services.setup.runUninstall({ root: p.root, home: ctx.services.home, mode: p.mode, removeGitignoreEntry: p.removeGitignoreEntry, removeEdited: p.removeEdited === true });
    await ctx.afterWrite([p.root]);
    return report;
  },
};
