import pc from 'picocolors';

/**
 * How a command shows progress on stderr: `bar`, a progress bar (stderr is a terminal); `lines`, occasional plain
 * lines for logs where a command has them (stderr is not a terminal); `none` (`--no-progress`).
 */
export type ProgressMode = 'bar' | 'lines' | 'none';

/** Where a command writes. Injected so tests can run commands in-process and read what they printed. */
export interface CliIo {
  /** Normal output (results, tables, JSON). */
  stdout: (text: string) => void;
  /** Diagnostics, warnings, progress and errors. */
  stderr: (text: string) => void;
  /** True when stdout is a terminal (`top`'s full-screen view). */
  isTTY: boolean;
  /**
   * Colour the text on stdout: picocolors' own detection (`NO_COLOR`, `FORCE_COLOR`, `TERM=dumb`, a terminal), or
   * `--color` / `--no-color`. Absent: no colour.
   */
  color?: boolean;
  /** Progress on stderr: a bar whenever stderr is a terminal, unless `--no-progress`. Absent: `lines`. */
  progress?: ProgressMode;
  /** Reads all of standard input as text (for `-` file arguments). */
  readStdin: () => Promise<string>;
  /**
   * The wall clock, epoch ms: what "now" means to commands that plan by the date (lifecycle's months, retire's keep
   * period, verify's default first time range, snapshot names, the time of a capture pasted on stdin). Durations and
   * waits use the process's own timers instead. Tests pass a fixed clock so no result depends on the day they run.
   */
  now: () => number;
}

/** The process's real streams. */
export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  isTTY: Boolean(process.stdout.isTTY),
  color: pc.isColorSupported,
  progress: process.stderr.isTTY ? 'bar' : 'lines',
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
  now: () => Date.now(),
};

/** Writes a value as pretty JSON followed by a newline. */
export function printJson(io: CliIo, value: unknown): void {
  io.stdout(`${JSON.stringify(value, null, 2)}\n`);
}
