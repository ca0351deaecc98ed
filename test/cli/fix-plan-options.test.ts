// `fix plan`'s options that would otherwise be dropped silently: an output form given twice.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCapture } from './run-cli.js';

const TAIL = fileURLToPath(new URL('../fixtures/series/tail-hex-presplit.ndjson', import.meta.url));

describe('fix plan output options', () => {
  it('refuses --json with --format, naming both, and prints nothing on stdout', async () => {
    for (const format of ['shell', 'text']) {
      expect(await runCapture(['fix', 'plan', TAIL, '--json', '--format', format]))
        .toEqual({ code: 2, out: '', err: `hbase-hotspot: --json and --format ${format} are different outputs; choose one\n` });
    }
  });

  it('still plans with --json alone and with --format shell alone', async () => {
    const json = await runCapture(['fix', 'plan', TAIL, '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toHaveProperty('steps');
    const shell = await runCapture(['fix', 'plan', TAIL, '--format', 'shell']);
    expect(shell.code).toBe(0);
    expect(() => JSON.parse(shell.out)).toThrow();
  });
});
