/**
 * The exit statuses every command follows (the table in the README):
 *
 * | code | meaning |
 * | --- | --- |
 * | 0 | done, nothing to report |
 * | 1 | done, with a finding (a judgement command's finding; `detect`, `simulate`, `compare`, `fix plan` only with `--fail-on`) |
 * | 2 | input or state refused (bad option or file, unknown table) |
 * | 3 | the cluster side failed (unreachable, timeout, 5xx, the shell failing, a scanner lost mid-scan); a live read that got no usable snapshot |
 * | 130 | interrupted |
 * | 141 | the output's reader closed the pipe (`… --json | head`): stopped there, quietly, as SIGPIPE would (`pipe-closed.ts`) |
 *
 * @module
 */
import type { HotspotError } from '../util/errors.js';

/** Done, nothing to report. */
export const EXIT_OK = 0;
/** Done, with a finding (lint errors, verify differences, `--fail-on` met, ...). */
export const EXIT_FINDING = 1;
/** Exit status for input the tool could not accept (bad option, bad file, bad template), and other refusals. */
export const EXIT_USAGE = 2;
/** Exit status when the cluster side failed: the gateway unreachable, timing out or answering 5xx, or the shell failing. */
export const EXIT_CLUSTER = 3;
/** Interrupted (Ctrl-C) before the work was done: the shell convention for SIGINT. */
export const EXIT_INTERRUPTED = 130;
/** The output's reader closed the pipe: 128 + SIGPIPE (13), what a shell reports for `yes | head`'s `yes`. */
export const EXIT_PIPE_CLOSED = 141;

/**
 * Errors that end a run with another status than {@link EXIT_USAGE} or {@link EXIT_CLUSTER}: a backfill stopped by
 * Ctrl-C exits 130 (resume it), one that copied everything but rejected rows exits 1 (done, with a finding, as
 * `migrate verify` with differences), a live read stopped by Ctrl-C before it had what it needs exits 130.
 */
export const EXIT_STATUS_BY_CODE: Readonly<Record<string, number>> = {
  MIGRATE_BACKFILL_ABORTED: EXIT_INTERRUPTED,
  MIGRATE_REJECTS: EXIT_FINDING,
  LIVE_INTERRUPTED: EXIT_INTERRUPTED,
};

/**
 * Codes of the cluster side failing: the gateway, the Thrift2 gateway, the shell, a live read that got nothing, the
 * backfill job failing, or a scanner lost mid-scan (`SCANNER_LOST`, even when the gateway said 404: the table was
 * there when the scan began; see `src/hbase/scanner-lost.ts`).
 */
export const CLUSTER_FAILURES: ReadonlySet<string> = new Set([
  'REST_UNREACHABLE', 'REST_TIMEOUT', 'THRIFT_UNREACHABLE', 'THRIFT_TIMEOUT', 'SCANNER_LOST',
  'SHELL_COMMAND_FAILED', 'SHELL_EXITED', 'SHELL_SPAWN_FAILED', 'SHELL_TIMEOUT',
  'NATIVE_CONNECT', 'NATIVE_READ', 'NATIVE_TIMEOUT', 'NATIVE_EXITED',
  'LIVE_READ_FAILED', 'HEALTH_NO_ANSWER', 'MIGRATE_JOB_FAILED',
]);

function isClusterFailure(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, status } = err as { code?: unknown; status?: unknown };
  return typeof code === 'string' && (CLUSTER_FAILURES.has(code) || (code === 'REST_HTTP' && typeof status === 'number' && status >= 500));
}

/**
 * The exit status of a run ended by `err`: {@link EXIT_STATUS_BY_CODE}; {@link EXIT_CLUSTER} when it, or the error
 * it wraps (e.g. `load`'s `LOAD_FAILED` after requests in a row failed), is the cluster side failing; else
 * {@link EXIT_USAGE}.
 */
export function exitStatusOf(err: HotspotError): number {
  const byCode = EXIT_STATUS_BY_CODE[err.code];
  if (byCode !== undefined) return byCode;
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e !== undefined && e !== null; depth++) {
    if (isClusterFailure(e)) return EXIT_CLUSTER;
    e = (e as { cause?: unknown }).cause;
  }
  return EXIT_USAGE;
}
