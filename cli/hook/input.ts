/**
 * The hook's input: the JSON an agent writes on the hook's stdin. Absent or empty is an empty
 * object (the command line and the working folder then say it all); anything else that is not
 * a JSON object is not an agent's hook input, and the hook says nothing.
 */
import fs from 'node:fs';

export type HookInput = Readonly<Record<string, unknown>>;

/** Agents send a few KB; anything far larger is not a hook payload. */
const MAX_INPUT_BYTES = 4 * 1024 * 1024;

/** Whether a person typed the command (stdin is a terminal): agents always pipe their input. */
export function typedByHand(): boolean {
  try {
    if (!fs.fstatSync(0).isCharacterDevice()) return false; // a pipe or a file: an agent's input
  } catch {
    return false; // no stdin at all
  }
  // Only now (a terminal, or /dev/null): node:tty loads node:net, ms that every agent's call would pay.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only here, for the reason above
  return (require('node:tty') as typeof import('node:tty')).isatty(0);
}

/** The parsed stdin object; {} when there is none; undefined when it is not a JSON object. */
export function readHookInput(): HookInput | undefined {
  if (typedByHand()) return {}; // reading would wait for a person to type JSON
  let text: string;
  try {
    const bytes = fs.readFileSync(0);
    if (bytes.length > MAX_INPUT_BYTES) return undefined;
    text = bytes.toString('utf8');
  } catch {
    return {}; // stdin closed or absent
  }
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as HookInput) : undefined;
  } catch {
    return undefined;
  }
}

/** The first of `keys` holding a non-empty string. */
export function stringField(input: HookInput, ...keys: string[]): string | undefined {
  for (const k of keys) {
    const v = input[k];
    if (typeof v === 'string' && v !== '') return v;
  }
  return undefined;
}

/** true/false when the field is a boolean, else undefined (the agent did not say). */
export function booleanField(input: HookInput, key: string): boolean | undefined {
  const v = input[key];
  return typeof v === 'boolean' ? v : undefined;
}
