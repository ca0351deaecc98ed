/** Where a command writes. Injected so tests can run commands in-process and read what they printed. */
export interface CliIo {
  /** Normal output (results, tables, JSON). */
  stdout: (text: string) => void;
  /** Diagnostics, warnings, progress and errors. */
  stderr: (text: string) => void;
  /** True when stdout is a terminal (colours, progress bars). */
  isTTY: boolean;
  /** Reads all of standard input as text (for `-` file arguments). */
  readStdin: () => Promise<string>;
}

/** The process's real streams. */
export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  isTTY: Boolean(process.stdout.isTTY),
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
};

/** Writes a value as pretty JSON followed by a newline. */
export function printJson(io: CliIo, value: unknown): void {
  io.stdout(`${JSON.stringify(value, null, 2)}\n`);
}
