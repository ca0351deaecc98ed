/** Runs the CLI in-process for tests, capturing what it prints. */
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

/** What one CLI run produced. */
export interface CliRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** Runs `hbase-hotspot ...argv` with a non-TTY io whose stdin holds `stdin`. */
export async function runCapture(argv: readonly string[], stdin = ''): Promise<CliRun> {
  let out = '';
  let err = '';
  const io: CliIo = { stdout: (t) => void (out += t), stderr: (t) => void (err += t), isTTY: false, readStdin: async () => stdin };
  const code = await runCli(argv, io);
  return { code, out, err };
}
