/**
 * consider-cli: the agent's side of Consider (DESIGN.md §5). Zero dependencies; bundled to
 * one CommonJS file that requires only ../shared/store.js and ../shared/reconcile.js.
 *
 * Contract: errors are one line on stderr with no stack trace, and with --json also
 * {"error":{code,message,hint}} on stdout. Exit codes: 0 ok, 1 usage, 2 not found,
 * 3 store busy (retry), 4 store unreadable or too new, 5 other I/O failure, 6 `wait` timed out;
 * `plan` adds 7 changes requested, 8 not reviewed in VS Code, 130 stopped by Ctrl+C (docs/plan-gate.md);
 * `pr` adds 9 no token or GitHub refused it (docs/pull-requests.md).
 */
import './install-compile-cache'; // first: before anything loads the store
import { parseArgs } from 'node:util';
import { ConsiderError, EXIT_CODES, committedChangeCount, describeFsError, isConsiderError } from '../shared';
import type { Command } from './command';
import { COMMON_HELP, COMMON_OPTIONS, afterSuccess, workspaceRoot } from './command';
import { context, get, list, summary, thread } from './read-commands';
import { digest } from './digest/command';
import { inert } from './output';
import { stdoutFailed, writeStderr, writeStdout } from './stdio';
import { review, wait } from './review-commands';
import { hook, runHook } from './hook/command';
import { mcp } from './mcp/command';
import { plan } from './plans/command';
import { pr } from './pr/command';
import { productVersion } from './version';
import { add, archive, reply, resolve, unresolve } from './write-commands';
import { worktree } from './worktree-commands';

const COMMANDS: Command[] = [list, get, thread, context, summary, digest, review, reply, resolve, unresolve, wait, add, archive, worktree, plan, pr, hook, mcp];

function commandHelp(c: Command): string {
  const opts = [...c.optionHelp, ...COMMON_HELP];
  const width = Math.max(...opts.map(([f]) => f.length));
  return [
    `consider-cli ${c.name}: ${c.summary}${c.aliasOf ? ` (same as ${c.aliasOf})` : ''}`,
    '',
    'Usage:',
    `  ${c.usage}`,
    '',
    'Options:',
    ...opts.map(([f, d]) => `  ${f.padEnd(width)}  ${d}`),
    '',
    'Examples:',
    ...c.examples.map((e) => `  ${e}`),
    '',
  ].join('\n');
}

function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'consider-cli: read and answer the review threads a developer left in VS Code (Consider).',
    '',
    'Usage:',
    '  consider-cli <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Options (every command):',
    ...COMMON_HELP.map(([f, d]) => `  ${f.padEnd(12)}  ${d}`),
    '  --version     print the version',
    '',
    'Examples:',
    '  consider-cli summary',
    '  consider-cli list --unseen',
    '  consider-cli context c_k3j9x0ab',
    '  consider-cli review',
    '  consider-cli digest',
    '  consider-cli reply c_k3j9x0ab --message "Fixed in login.ts: returns a Result now." --addressed',
    '  consider-cli wait --timeout 300',
    '  consider-cli resolve c_k3j9x0ab',
    '  consider-cli plan submit plan.md --wait',
    '  consider-cli list --worktree all',
    '  consider-cli worktree bring-home feature-login',
    '',
    'Exit codes: 0 ok, 1 usage, 2 not found, 3 store busy (retry), 4 store unreadable or too new, 5 other I/O failure, 6 wait timed out;',
    '  plan: 7 changes requested, 8 not reviewed in VS Code (ask the developer your usual way), 130 stopped with Ctrl+C;',
    '  pr: 9 no GitHub token, or GitHub refused it (docs/pull-requests.md).',
    'Run `consider-cli <command> --help` for a command\'s options.',
    '',
  ].join('\n');
}

/** node:util parseArgs errors, reworded as one line without the ERR_ code. */
function parseError(e: unknown, cmd: string): ConsiderError {
  const msg = (e as Error).message.split('\n')[0]!.replace(/\. To specify a positional argument.*$/, '');
  // "Option '--around' argument is ambiguous … use '--around=-XYZ'": the value starts with "-". Name that option.
  const option = /use '(--[-\w]+)=-XYZ'/.exec((e as Error).message)?.[1];
  const hint = /ambiguous/.test(msg)
    ? `write ${option ?? '--option'}=VALUE (with "=") when the value starts with "-"`
    : `run \`consider-cli ${cmd} --help\``;
  return new ConsiderError('usage', msg, hint);
}

async function run(argv: string[]): Promise<void | number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? COMMANDS.find((c) => c.name === rest[0]) : undefined;
    writeStdout(topic ? commandHelp(topic) : mainHelp());
    return;
  }
  if (name === '--version') {
    writeStdout(productVersion() + '\n');
    return;
  }
  // Hooks take their raw arguments: whatever the command line, they exit 0 (docs/agent-loop.md).
  if (name === hook.name && !rest.some((a) => a === '--help' || a === '-h')) return runHook(rest);
  const cmd = COMMANDS.find((c) => c.name === name);
  if (!cmd) {
    const what = name.startsWith('-') ? `a command must come first (got the option ${JSON.stringify(name)})` : `unknown command ${JSON.stringify(name)}`;
    throw new ConsiderError('usage', what, `commands: ${COMMANDS.map((c) => c.name).join(', ')}; see consider-cli --help`);
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: rest, options: { ...COMMON_OPTIONS, ...cmd.options }, strict: true, allowPositionals: true });
  } catch (e) {
    throw parseError(e, cmd.name);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (values.help) {
    writeStdout(commandHelp(cmd));
    return;
  }
  const [min, max, label] = cmd.positionals;
  const pos = parsed.positionals;
  if (pos.length < min) throw new ConsiderError('usage', `missing ${label}`, `usage: ${cmd.usage}`);
  if (pos.length > max) throw new ConsiderError('usage', `unexpected argument ${JSON.stringify(pos[max])}`, `usage: ${cmd.usage}`);
  const root = workspaceRoot(values.root);
  const changesBefore = committedChangeCount();
  let code: void | number = undefined;
  try {
    code = await cmd.run({ root, json: values.json === true || values.lean === true, lean: values.lean === true, values, positionals: pos });
  } catch (e) {
    // The change is saved and only its answer could not be printed: the command succeeded. An
    // exit code saying otherwise would make an agent retry, and a retried reply is a duplicate.
    if (!stdoutFailed() || committedChangeCount() === changesBefore) throw e;
    const why = describeFsError(e)?.message ?? (e instanceof Error ? e.message : String(e));
    tryWrite(() => writeStderr(`consider-cli: note: ${inert(`the change was saved, but its output could not be written: ${why}`)}\n`));
  }
  await afterSuccess();
  return code;
}

function report(e: unknown, json: boolean, lean = false): number {
  const err = isConsiderError(e) ? e
    // A failed file operation names its cause and file (disk full, permission denied, …).
    : describeFsError(e)
    // Anything else unexpected is still one line: the message, never the stack.
    ?? new ConsiderError('io', (e instanceof Error ? e.message : String(e)).split('\n')[0]!, 'this looks like a bug in consider-cli; please report it');
  // The output itself may be what failed (`--json > /dev/full`): then stderr is all that is left.
  // `words`: the sentences as data (shared/words.ts), so VS Code can say them in its language. Not in
  // the agent view (--lean: every character is paid for) unless VS Code runs it (bundled-cli.ts).
  const withWords = err.words && (!lean || process.env.CONSIDER_ERROR_WORDS === '1');
  if (json) tryWrite(() => writeStdout(JSON.stringify({ error: { code: err.code, message: err.message, hint: err.hint ?? null, ...(withWords ? { words: err.words } : {}) } }) + '\n'));
  const oneLine = `${err.message}${err.hint ? ` (${err.hint})` : ''}`.replace(/[\r\n]+/g, ' ');
  tryWrite(() => writeStderr(`consider-cli: error: ${inert(oneLine)}\n`));
  return EXIT_CODES[err.code];
}

function tryWrite(write: () => void): void {
  try {
    write();
  } catch {
    /* nowhere left to say it: the exit code does */
  }
}

const argv = process.argv.slice(2);
// --json (and --lean, the agent view) is honoured even when the rest of the command line does not parse.
const wantsLean = argv.includes('--lean');
const wantsJson = argv.includes('--json') || wantsLean;
// Last resort: even a bug prints one line and a documented code, never a stack.
process.on('uncaughtException', (e) => {
  process.exitCode = report(e, wantsJson, wantsLean);
});
run(argv).then(
  (code) => { process.exitCode = code ?? 0; },
  (e: unknown) => { process.exitCode = report(e, wantsJson, wantsLean); },
);
