/**
 * consider-setup: setup and uninstall from a terminal, for people who do not use the
 * wizard. The same implementation as the wizards (this folder). Bundled by
 * scripts/build.mjs into dist/setup/consider-setup.cjs, next to dist/runtime and skills/.
 *
 *   consider-setup setup [--root DIR] [--no-gitignore] [--integration claude:project …] [--hook claude:project …] [--plan-gate claude:project …] [--mcp claude …]
 *   consider-setup uninstall --full|--skills-only [--keep-gitignore] [--remove-edited] [--root DIR]
 *   consider-setup status [--root DIR]
 *   consider-setup refresh [--root DIR]      (after updating: refresh the CLI and untouched skills)
 * Exit codes: 0 ok (refused items are listed), 1 usage, 5 I/O failure.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  INTEGRATIONS, HOOK_ROWS, MCP_ROWS, PLAN_GATE_ROWS, describeSetup, runSetup, runUninstall, applyRefresh,
  type AgentNeed, type HookAgent, type Integration, type McpAgent, type PlanGateAgent, type Scope, type SetupReport,
} from './index';
import { isWithin } from '../shared/paths';
import { setUpStateAdvice } from '../shared/project-trust';
import { describeRuns } from './hooks/inspect';

const USAGE = `usage:
  consider-setup setup [--root DIR] [--no-gitignore] [--integration TARGET:SCOPE]... [--hook AGENT:SCOPE]... [--plan-gate AGENT:SCOPE]... [--mcp AGENT]... [--json]
      --integration installs the skill that teaches the agent consider-cli
        TARGET: ${INTEGRATIONS.map((i) => i.target).join(', ')}   SCOPE: project, home
      --hook installs the hook that delivers your review to the agent by itself
        AGENT: ${HOOK_ROWS.map((h) => h.target).join(', ')}
      --plan-gate installs the agent's plan hook: its plan opens in VS Code for your review before it writes code
        AGENT: ${PLAN_GATE_ROWS.map((g) => g.target).join(', ')} (every other agent: consider-cli plan submit, taught by the skill)
      --mcp registers consider-cli's MCP server in the agent's config file in this project
        AGENT: ${MCP_ROWS.map((m) => `${m.target} (${m.file})`).join(', ')}
      example: consider-setup setup --integration claude:project --hook claude:project --plan-gate claude:project --mcp claude --integration codex:home
  consider-setup uninstall (--full | --skills-only) [--keep-gitignore] [--remove-edited] [--root DIR] [--json]
      --full removes .consider/ (all threads and plans), the installed skills, hooks, plan gates and MCP servers and the .gitignore line
      --skills-only removes the skills, hooks, plan gates and MCP servers and keeps .consider/
      --remove-edited also deletes skill files you edited or added (kept otherwise)
  consider-setup status [--root DIR] [--json]
  consider-setup refresh [--root DIR] [--json]
      updates the deployed CLI and the skills setup installed, except skills you edited
The root defaults to the current directory (required when run from Consider's own checkout, as npm run does).`;

class UsageError extends Error {}

const bundleDir = __dirname; // dist/setup
const runtimeDir = path.join(bundleDir, '..', 'runtime');
const skillsDir = path.join(bundleDir, '..', '..', 'skills');

/** `TARGET[:SCOPE]` against the known targets (`what` names them in the message). */
function parseChoice<T extends string>(spec: string, known: readonly string[], what: string): { target: T; scope: Scope } {
  const [target, scope = 'project'] = spec.split(':');
  if (!known.includes(target!)) throw new UsageError(`unknown ${what} "${target}" (known: ${known.join(', ')})`);
  if (scope !== 'project' && scope !== 'home') throw new UsageError(`unknown scope "${scope}" (project or home)`);
  return { target: target as T, scope };
}

/** An MCP registration is always in the project (setup/targets/mcp.ts): `AGENT`, or `AGENT:project`. */
function parseMcpAgent(spec: string): McpAgent {
  const { target, scope } = parseChoice<McpAgent>(spec, MCP_ROWS.map((m) => m.target), 'MCP agent');
  if (scope !== 'project') throw new UsageError(`the MCP server is registered per project, not in the home folder (--mcp ${target})`);
  return target;
}

function shown(p: string, root: string, home: string): string {
  if (p === root) return '.';
  if (isWithin(root, p)) return path.relative(root, p);
  if (isWithin(home, p)) return '~/' + path.relative(home, p);
  return p;
}

function printReport(report: SetupReport, root: string, home: string): void {
  for (const a of report.actions) {
    console.log(`${a.kind.padEnd(9)} ${shown(a.path, root, home)}${a.detail ? `  (${a.detail})` : ''}`);
  }
  const refused = report.actions.filter((a) => a.kind === 'refused').length;
  if (refused) console.log(`${refused} item(s) refused: not touched.`);
  printNeeds(report.needs ?? [], false);
}

const NEED_WORD: Record<AgentNeed['state'], string> = { todo: 'to do', done: 'done', info: 'note' };

/**
 * What the agents set up here still need from the user, once (setup/prerequisites.ts). After
 * setup only what is left to do; status shows the done ones too.
 */
function printNeeds(needs: readonly AgentNeed[], withDone: boolean): void {
  const shownNeeds = needs.filter((n) => withDone || n.state !== 'done');
  if (!shownNeeds.length) return;
  console.log(`\nOnce per agent (setup cannot do this for you; without it the agent does not get your review):`);
  for (const n of shownNeeds) console.log(`${NEED_WORD[n.state].padEnd(9)} ${n.label}: ${n.step}${n.where ? `  [${n.where}]` : ''}`);
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      root: { type: 'string' },
      'no-gitignore': { type: 'boolean' },
      'keep-gitignore': { type: 'boolean' },
      'remove-edited': { type: 'boolean' },
      integration: { type: 'string', multiple: true },
      hook: { type: 'string', multiple: true },
      'plan-gate': { type: 'string', multiple: true },
      mcp: { type: 'string', multiple: true },
      full: { type: 'boolean' },
      'skills-only': { type: 'boolean' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0];
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 1;
  }
  if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`);
  const root = path.resolve(values.root ?? process.cwd());
  // `npm run consider-setup` runs in Consider's own checkout whatever folder it was typed in: without
  // --root it would set up the clone instead of the user's project.
  if (values.root === undefined && (command === 'setup' || command === 'uninstall') && root === path.resolve(bundleDir, '..', '..')) {
    throw new UsageError(`${root} is Consider's own checkout: name your project with --root DIR (e.g. --root ~/code/my-project)`);
  }
  const home = os.homedir();
  let report: SetupReport;
  switch (command) {
    case 'setup':
      report = await runSetup({
        root, home, runtimeDir, skillsDir,
        gitignore: !values['no-gitignore'],
        integrations: (values.integration ?? []).map((s) => parseChoice<Integration>(s, INTEGRATIONS.map((i) => i.target), 'integration')),
        hooks: (values.hook ?? []).map((s) => parseChoice<HookAgent>(s, HOOK_ROWS.map((h) => h.target), 'hook agent')),
        planGates: (values['plan-gate'] ?? []).map((s) => parseChoice<PlanGateAgent>(s, PLAN_GATE_ROWS.map((g) => g.target), 'plan gate agent')),
        mcpServers: (values.mcp ?? []).map((s) => ({ target: parseMcpAgent(s) })),
      });
      break;
    case 'uninstall': {
      if (!!values.full === !!values['skills-only']) throw new UsageError('uninstall needs exactly one of --full or --skills-only');
      report = await runUninstall({ root, home, mode: values.full ? 'full' : 'skills-only', removeGitignoreEntry: !values['keep-gitignore'], removeEdited: values['remove-edited'] === true });
      break;
    }
    case 'status': {
      const state = await describeSetup(root, home);
      const where = (x: { scope: string; path: string }) => `${x.scope}: ${shown(x.path, root, home)}`;
      if (values.json) console.log(JSON.stringify(state, null, 2));
      else {
        console.log(`store: ${state.storeExists ? 'yes' : 'no'}   CLI: ${state.runtimeVersion ?? 'not deployed'}   .gitignore entry: ${state.gitignoreHasEntry ? 'yes' : 'no'}`);
        const you = state.userCli;
        console.log(`your copy of the CLI (what hooks and MCP servers run): ${shown(you.path, root, home)} ${you.version ?? '(not installed)'}`);
        console.log(`this project recorded as set up by you: ${you.setUp === 'set-up' ? 'yes' : `no — ${setUpStateAdvice(you.setUp)}`}`);
        const rows = [
          ...state.integrations.map((i) => ({ label: i.label, installed: i.installed.map((x) => where(x)) })),
          ...state.hooks.map((h) => ({ label: `${h.label} hook`, installed: h.installed.map((x) => `${where(x)}${x.runs ? ` — ${describeRuns({ runs: x.runs, command: x.command ?? '' })}` : ''}`) })),
          ...state.planGates.map((g) => ({ label: `${g.label} plan gate`, installed: g.installed.map((x) => `${where(x)}${x.runs ? ` — ${x.runs === 'your-cli' ? 'runs your copy of the CLI' : `runs your edited command: ${x.command}`}` : ''}`) })),
          ...state.mcpServers.map((m) => ({ label: `${m.label} MCP server`, installed: m.installed ? [where({ scope: 'project', path: m.path })] : [] })),
        ];
        const width = Math.max(...rows.map((r) => r.label.length));
        for (const { label, installed } of rows) console.log(`${label.padEnd(width)}  ${installed.length ? installed.join(', ') : '-'}`);
        printNeeds(state.needs, true);
      }
      return 0;
    }
    case 'refresh':
      report = await applyRefresh({ root, home, runtimeDir, skillsDir });
      break;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
  if (values.json) console.log(JSON.stringify(report, null, 2));
  else printReport(report, root, home);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    const usage = e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    console.error(`consider-setup: ${(e as Error).message}${usage ? ' (see consider-setup --help)' : ''}`);
    process.exit(usage ? 1 : 5);
  },
);
