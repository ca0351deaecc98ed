// What the integration global setup found (see global-setup.ts), and the log tails of the local HBase for failures.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, inject } from 'vitest';

const LOG_DIR = join(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..'), '.hbase-local', 'logs');

/** The HBase the tests run against. `skipReason` is empty when `available`. */
export interface HBaseTestEnv {
  readonly available: boolean;
  readonly skipReason: string;
  readonly restUrl: string;
  /** 0 when no Thrift2 gateway is known to run. */
  readonly thriftPort: number;
}

/** Reads the values the global setup provided. */
export function hbaseEnv(): HBaseTestEnv {
  return {
    available: inject('hbaseAvailable'),
    skipReason: inject('hbaseSkipReason'),
    restUrl: inject('restUrl'),
    thriftPort: inject('thriftPort'),
  };
}

/**
 * The last `lines` lines of each log of the local HBase (.hbase-local/logs: master.log, rest.log, thrift2.log,
 * shell.log), or a note when there are none (an HBase this project did not start).
 */
export function hbaseLogTails(lines = 60): string {
  if (!existsSync(LOG_DIR)) return '(no .hbase-local/logs: the HBase under test was not started by this project)';
  const parts: string[] = [];
  for (const f of readdirSync(LOG_DIR).sort()) {
    const text = readFileSync(join(LOG_DIR, f), 'utf8').split('\n');
    parts.push(`----- .hbase-local/logs/${f} (last ${lines} lines) -----`, ...text.slice(-lines - 1));
  }
  return parts.join('\n');
}

/** Call at the top of a test file: after each failed test, prints the tails of the HBase logs to stderr. */
export function printHBaseLogsOnFailure(lines = 60): void {
  afterEach((ctx) => {
    if (ctx.task.result?.state === 'fail') console.error(`HBase log tails after "${ctx.task.name}" failed:\n${hbaseLogTails(lines)}`);
  });
}

/** A table name unique to this run. */
export function uniqueTableName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`;
}
