/**
 * The Consider log, remembered: the same LogOutputChannel every part writes to, with the last
 * lines it was given kept in memory for *Consider: Report Issue*. VS Code keeps the log on disk,
 * but an extension cannot read its own output channel back.
 */
import type * as vscode from 'vscode';

const LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error']);

export class LogRing {
  private readonly lines: string[] = [];
  constructor(private readonly capacity = 100) {}

  push(level: string, message: unknown): void {
    const text = message instanceof Error ? (message.stack ?? message.message) : String(message);
    this.lines.push(`${new Date().toISOString()} [${level}] ${text}`);
    if (this.lines.length > this.capacity) this.lines.shift();
  }

  /** Oldest first. */
  snapshot(): string[] {
    return [...this.lines];
  }
}

/** `channel`, with every trace/debug/info/warn/error call also pushed into `ring`. */
export function recordedLog(channel: vscode.LogOutputChannel, ring: LogRing): vscode.LogOutputChannel {
  return new Proxy(channel, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (typeof prop === 'string' && LEVELS.has(prop)) {
        return (message: unknown, ...args: unknown[]) => {
          ring.push(prop, message);
          return (value as (...a: unknown[]) => unknown).call(target, message, ...args);
        };
      }
      // Bound to the real channel: its methods use its own private state.
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}
