/** Runs the CLI in-process for tests, capturing what it prints. */
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { TEST_NOW_MS } from '../support/clock.js';

/** What one CLI run produced. */
export interface CliRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/**
 * Runs `hbase-hotspot ...argv` with a non-TTY io whose stdin holds `stdin` and whose clock stands at `nowMs` (epoch
 * ms; default {@link TEST_NOW_MS}).
 */
export async function runCapture(argv: readonly string[], stdin = '', nowMs = TEST_NOW_MS): Promise<CliRun> {
  let out = '';
  let err = '';
  const io: CliIo = { stdout: (t) => void (out += t), stderr: (t) => void (err += t), isTTY: false, readStdin: async () => stdin, now: () => nowMs };
  const code = await runCli(argv, io);
  return { code, out, err };
}
