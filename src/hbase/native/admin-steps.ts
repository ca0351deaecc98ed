/**
 * Runbook steps through the native client's `Admin` API instead of the `hbase shell`: the shell commands the
 * runbook carries (`move`, `split`, `balance_switch`, as `src/hbase/shell/commands.ts` writes them; a table's
 * `set_quota` throttle and its removal, and `alter ... {REGION_REPLICATION => n}`, as `src/fix/plan/shell-text.ts`
 * writes them) become requests
 * of the JVM side (`RegionLoadReader`'s `admin`), with the same results as the shell path reports.
 *
 * @module
 */
import type { ShellBatchResult, ShellCommandResult } from '../shell/index.js';
import { HotspotError } from '../../util/errors.js';
import type { RegionLoadReaderProcess } from './reader-process.js';

/** A Ruby double-quoted literal as `rubyBytes` writes it: `"`, `\` and `#` escaped, other bytes as `\xNN`. */
const LITERAL = '"(?:[^"\\\\]|\\\\.)*"';
const MOVE_RE = new RegExp(`^move (${LITERAL}), (${LITERAL})$`);
const SPLIT_RE = new RegExp(`^split (${LITERAL})(?:, (${LITERAL}))?$`);
const BALANCE_RE = /^balance_switch (true|false)$/;
/**
 * A table throttle with the MACHINE scope `tableThrottleCommand` writes, or without a scope as runbooks written before
 * it said one (the shell's default scope, MACHINE, as is the JVM side's `throttleTable` without one); or its removal
 * (no scope). A CLUSTER scope has no Admin request here.
 */
const THROTTLE_RE = new RegExp(`^set_quota TYPE => THROTTLE, TABLE => (${LITERAL}), LIMIT => (?:(${LITERAL})(?:, SCOPE => MACHINE)?|NONE)$`);
const REPLICATION_RE = new RegExp(`^alter (${LITERAL}), \\{REGION_REPLICATION => (\\d+)\\}$`);

/**
 * The bytes of a Ruby double-quoted literal written by `rubyBytes` (its inverse): printable ASCII as is, `\"`, `\\`,
 * `\#` and `\xNN`. @throws {@link HotspotError} `NATIVE_COMMAND_UNSUPPORTED` for any other escape or form.
 */
export function parseRubyBytes(literal: string): Uint8Array {
  if (literal.length < 2 || !literal.startsWith('"') || !literal.endsWith('"')) {
    throw new HotspotError('NATIVE_COMMAND_UNSUPPORTED', `${literal} is not a double-quoted Ruby string`);
  }
  const out: number[] = [];
  for (let i = 1; i < literal.length - 1; i++) {
    const c = literal.charCodeAt(i);
    if (c !== 0x5c) {
      if (c > 0x7e) throw new HotspotError('NATIVE_COMMAND_UNSUPPORTED', `${literal}: a character outside printable ASCII at ${i}`);
      out.push(c);
      continue;
    }
    const next = literal[i + 1];
    if (next === '"' || next === '\\' || next === '#') {
      out.push(next.charCodeAt(0));
      i += 1;
    } else if (next === 'x' && /^[0-9A-Fa-f]{2}$/.test(literal.slice(i + 2, i + 4))) {
      out.push(Number.parseInt(literal.slice(i + 2, i + 4), 16));
      i += 3;
    } else {
      throw new HotspotError('NATIVE_COMMAND_UNSUPPORTED', `${literal}: the escape \\${next ?? ''} at ${i} is not one the tool writes`);
    }
  }
  return Uint8Array.from(out);
}

const text = (literal: string): string => new TextDecoder().decode(parseRubyBytes(literal));

/**
 * The JVM side's Admin request for one runbook shell command, or `undefined` when the Admin path has none (user
 * quotas, other `alter`s, `create`: those need the `hbase shell`).
 */
export function adminRequestOf(command: string): string | undefined {
  const move = MOVE_RE.exec(command);
  if (move?.[1] !== undefined && move[2] !== undefined) return `move ${text(move[1])} ${text(move[2])}`;
  const split = SPLIT_RE.exec(command);
  if (split?.[1] !== undefined) {
    const key = split[2] === undefined ? '' : ` ${Buffer.from(parseRubyBytes(split[2])).toString('base64')}`;
    return `split ${text(split[1])}${key}`;
  }
  const balance = BALANCE_RE.exec(command);
  if (balance?.[1] !== undefined) return `balance_switch ${balance[1]}`;
  const throttle = THROTTLE_RE.exec(command);
  if (throttle?.[1] !== undefined) return `table_throttle ${text(throttle[1])} ${throttle[2] === undefined ? 'NONE' : text(throttle[2])}`;
  if (command === 'list_quotas') return 'list_quotas';
  const replication = REPLICATION_RE.exec(command);
  if (replication?.[1] !== undefined && replication[2] !== undefined) return `region_replication ${text(replication[1])} ${replication[2]}`;
  return undefined;
}

/**
 * Runs one step's commands through `reader.admin`, stopping at the first failure, and reports them as the shell
 * runner would (statuses `ok`, `error`, `skipped`; `balance_switch`'s previous state as the value).
 */
export async function runAdminCommands(reader: RegionLoadReaderProcess, commands: readonly string[]): Promise<ShellBatchResult> {
  const started = performance.now();
  const results: ShellCommandResult[] = [];
  let failed = false;
  for (const [index, command] of commands.entries()) {
    if (failed) {
      results.push({ index, command, status: 'skipped', output: '' });
      continue;
    }
    const t0 = performance.now();
    try {
      const request = adminRequestOf(command);
      if (request === undefined) {
        throw new HotspotError('NATIVE_COMMAND_UNSUPPORTED', `"${command}" has no Admin API form here; run this runbook with --shell-cmd (the hbase shell)`);
      }
      const { value } = await reader.admin(request);
      results.push({ index, command, status: 'ok', output: '', ...(value === undefined ? {} : { value }), durationMs: performance.now() - t0 });
    } catch (err) {
      failed = true;
      const e = err as { code?: string; message?: string };
      results.push({ index, command, status: 'error', output: '', error: { type: e.code ?? 'Error', message: e.message ?? String(err) }, durationMs: performance.now() - t0 });
    }
  }
  return { results, ok: !failed, exitCode: failed ? 1 : 0, durationMs: performance.now() - started, stderr: '' };
}
