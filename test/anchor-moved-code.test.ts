/**
 * What a lost thread's code is searched for in other files (shared/anchoring/moved-code.ts): the
 * pure part of cross-file following. Which files it looks in: test/workspace-files.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { findCopies, followableAcrossFiles, holdsCopyAt, isImportLine, movedCodeNeedle } from '../shared/anchoring/moved-code';

const target = (...lines: string[]): { targetContent: string } => ({ targetContent: lines.join('\n') });

describe('which code may be followed into another file', () => {
  it('distinctive statements, yes; braces, one-word lines and short returns, never', () => {
    expect(followableAcrossFiles(['  const timeout = options.timeout ?? DEFAULT_TIMEOUT;', '  const retries = Math.max(0, options.retries ?? 2);'])).toBe(true);
    expect(followableAcrossFiles(['    }', '  }'])).toBe(false);
    expect(followableAcrossFiles(['  return null;', '}'])).toBe(false);
    expect(followableAcrossFiles(["\t\t'get',", "\t\t'post',"])).toBe(false);
  });

  it('import, include and use lines never count, however long', () => {
    for (const line of [
      "import { createSession, type Session } from './session';",
      'import os.path',
      'from requests.adapters import HTTPAdapter, DEFAULT_POOLBLOCK',
      "export { normalizeArguments, type Options } from './normalize-arguments';",
      "export * from './types';",
      "const { promisify } = require('node:util');",
      '#include <stdio.h>',
      'use std::collections::HashMap;',
      'pub use crate::walk::WalkBuilder;',
      'using System.Collections.Generic;',
      'package com.example.server;',
    ]) expect(isImportLine(line), line).toBe(true);
    expect(followableAcrossFiles(["import { createSession, type Session } from './session';", "import { hashPassword, verifyPassword } from './crypto';"])).toBe(false);
    // …but an import among real statements does not spoil them.
    expect(followableAcrossFiles(["import { db } from './db';", '  const rows = await db.query(sql, parameters);', '  return rows.map(toUser);'])).toBe(true);
    expect(isImportLine('  const imported = importantThing(usefulArgument);')).toBe(false);
    expect(isImportLine('user_count = len(users)')).toBe(false);
  });

  it('the needle keeps the longest word and the line it is on', () => {
    const needle = movedCodeNeedle(target('  const scaled = input * factor;', '  return normalizeArguments(scaled);'))!;
    expect([needle.word, needle.pivot]).toEqual(['normalizeArguments', 1]);
    expect(movedCodeNeedle(target('}', '}'))).toBeUndefined();
  });
});

describe('findCopies', () => {
  const needle = movedCodeNeedle(target('  const timeout = options.timeout ?? DEFAULT_TIMEOUT;', '  const retries = Math.max(0, options.retries ?? 2);'))!;

  it('finds exact copies and copies that differ only in whitespace, and says which', () => {
    const lines = [
      'function a(options) {',
      '  const timeout = options.timeout ?? DEFAULT_TIMEOUT;',
      '  const retries = Math.max(0, options.retries ?? 2);',
      '}',
      'class B {',
      '    const timeout = options.timeout ?? DEFAULT_TIMEOUT;',
      '    const retries = Math.max(0, options.retries??2);',
      '}',
    ];
    expect(findCopies(needle, lines)).toEqual([{ start: 1, exact: true }, { start: 5, exact: false }]);
    expect(holdsCopyAt(target('  const timeout = options.timeout ?? DEFAULT_TIMEOUT;', '  const retries = Math.max(0, options.retries ?? 2);'), lines, 5)).toBe(true);
    expect(holdsCopyAt(target('  const timeout = options.timeout ?? DEFAULT_TIMEOUT;'), lines, 0)).toBe(false);
  });

  it('a changed line is no copy; neither is a copy cut off at the end of the file', () => {
    expect(findCopies(needle, ['  const timeout = options.timeout ?? DEFAULT_TIMEOUT;', '  const retries = Math.max(1, options.retries ?? 2);'])).toEqual([]);
    expect(findCopies(needle, ['  const timeout = options.timeout ?? DEFAULT_TIMEOUT;'])).toEqual([]);
  });
});
