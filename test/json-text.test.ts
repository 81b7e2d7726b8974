/**
 * Splicing our hook entries into a user's JSON file and out again: whatever the file's
 * formatting, the result parses, holds the user's values unchanged, and removal gives back
 * the original bytes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOOK_ROWS, type JsonHookRow } from '../setup/targets/hooks';
import { installJsonHook, removeHook } from '../setup/hooks/one-file';
import { jsonEqual } from '../setup/json-text';

const claude = HOOK_ROWS.find((r) => r.target === 'claude') as JsonHookRow;
let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A workspace whose .claude/settings.json holds `text`. */
function userSettings(text: string): { root: string; file: string } {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'consider-json-')));
  const root = path.join(dir, 'ws');
  const file = path.join(root, '.claude', 'settings.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return { root, file };
}

const FILES: Record<string, string> = {
  'minified': '{"model":"opus","hooks":{"Stop":[{"hooks":[{"type":"command","command":"a"}]}]}}',
  'two spaces, no final newline': '{\n  "model": "opus"\n}',
  'four spaces': '{\n    "env": {\n        "A": "1"\n    },\n    "hooks": {\n        "PreToolUse": []\n    }\n}\n',
  'tabs': '{\n\t"hooks": {\n\t\t"Stop": [\n\t\t\t{ "hooks": [ { "type": "command", "command": "b" } ] }\n\t\t]\n\t}\n}\n',
  'CRLF': '{\r\n  "hooks": {\r\n    "SessionStart": [\r\n      {"matcher": "startup", "hooks": [{"type": "command", "command": "c"}]}\r\n    ]\r\n  }\r\n}\r\n',
  'empty object': '{}',
  'empty object, spaced': '{ }\n',
  'empty hooks': '{"hooks": {}}\n',
  'empty hooks and list, spaced': '{\n  "hooks": {\n  },\n  "x": 1,\n  "y": { "Stop": [ ] }\n}\n',
  'empty Stop list, spaced': '{ "hooks": { "Stop": [ ] } }',
  'tricky strings': '{\n  "x": "a \\"]} [{ ,\\\\",\n  "ü": "→ \\u2028",\n  "n": [1, 2.5e3, true, null]\n}\n',
  'inline list': '{\n  "hooks": {\n    "Stop": [{"hooks": [{"type": "command", "command": "d"}]}, {"hooks": []}]\n  }\n}\n',
};

describe('json-text: our entries in and out of any formatting', () => {
  it.each(Object.entries(FILES))('%s', (_name, text) => {
    const { root, file } = userSettings(text);
    const r = installJsonHook({ row: claude, scope: 'project', root, home: dir, version: '1' });
    expect(r.kind).toBe('updated');
    const merged = JSON.parse(fs.readFileSync(file, 'utf8'));
    const mine = JSON.parse(text);
    for (const [k, v] of Object.entries(mine)) if (k !== 'hooks') expect(merged[k]).toEqual(v);
    for (const [event, list] of Object.entries((mine.hooks ?? {}) as Record<string, unknown[]>)) {
      expect(merged.hooks[event].slice(0, list.length)).toEqual(list); // the user's first, untouched
    }
    for (const e of claude.events) expect(merged.hooks[e.name].filter((x: unknown) => jsonEqual(x, r.install!.entries!.find((y) => y.name === e.name)!.entry))).toHaveLength(1);
    expect(installJsonHook({ row: claude, scope: 'project', root, home: dir, version: '1', tracked: r.install }).kind).toBe('unchanged');
    expect(removeHook(claude, r.install!, root, dir).kind).toBe('updated');
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
  });
});

describe('json-text: files setup leaves alone', () => {
  it.each([
    ['comments (JSONC)', '{\n  // mine\n  "a": 1\n}\n', /^not valid JSON/],
    ['a trailing comma', '{"a": 1,}', /^not valid JSON/],
    ['a list at the top', '[]', /^not a JSON object$/],
    ['hooks as a list', '{"hooks": []}', /^"hooks" is not an object$/],
    ['a key twice', '{"hooks": {}, "hooks": {"Stop": []}}', /^has the same key twice$/],
    ['an event key twice', '{"hooks": {"Stop": [], "Stop": []}}', /^has the same key twice$/],
    ['nothing at all', '', /^not valid JSON/],
  ])('%s', (_name, text, reason) => {
    const { root, file } = userSettings(text);
    const r = installJsonHook({ row: claude, scope: 'project', root, home: dir, version: '1' });
    expect(r.kind).toBe('refused');
    expect(r.detail!.replace(/; not touched$/, '')).toMatch(reason);
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
  });
});
