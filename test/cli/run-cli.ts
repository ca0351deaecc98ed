/** Runs the CLI in-process for tests, capturing what it prints. */
import type { CliIo } from '../../src/cli/io.js';
import { buildProgram, runCli } from '../../src/cli/program.js';
import { isHotspotError } from '../../src/util/errors.js';
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

/** The code, field and message of the error a refused CLI run stops with. */
export interface CliRefusal {
  readonly code: string;
  readonly field: string | undefined;
  readonly message: string;
}

/**
 * Runs `hbase-hotspot ...argv` in-process without the error printing of `runCli`, for the error it stops with.
 * @throws Error when the run is not refused with a HotspotError (it succeeded, or failed with anything else).
 */
export async function runRefusal(argv: readonly string[]): Promise<CliRefusal> {
  const io: CliIo = { stdout: () => undefined, stderr: () => undefined, isTTY: false, readStdin: async () => '', now: () => TEST_NOW_MS };
  try {
    await (await buildProgram(io, argv)).parseAsync([...argv], { from: 'user' });
  } catch (err) {
    if (isHotspotError(err)) return { code: err.code, field: err.where.field, message: err.message };
    throw err;
  }
  throw new Error(`${argv.join(' ')} was not refused`);
}
