/**
 * `lint --template` with `--fields`, and `key explain` with `--fields`, compile each template once: the key design
 * the rules judge and the check that every typed field is read come from the same compiled template. The compiler is
 * wrapped here to count the calls per template text.
 */
import { describe, expect, it, vi } from 'vitest';
import { type CliRun, runCapture } from './run-cli.js';

/** Template text to the number of times it was compiled (hoisted: the mock below is). */
const { compiled } = vi.hoisted(() => ({ compiled: new Map<string, number>() }));

vi.mock('../../src/keys/template/index.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/keys/template/index.js')>();
  return {
    ...original,
    compileTemplate: (...args: Parameters<typeof original.compileTemplate>) => {
      compiled.set(args[0], (compiled.get(args[0]) ?? 0) + 1);
      return original.compileTemplate(...args);
    },
  };
});

/** Runs the CLI and gives what it printed and how many times each template text was compiled. */
async function runCounting(argv: readonly string[]): Promise<{ run: CliRun; counts: Record<string, number> }> {
  compiled.clear();
  const run = await runCapture(argv);
  return { run, counts: Object.fromEntries(compiled) };
}

describe('a template given on the command line is compiled once', () => {
  it('lint --template twice with --fields: each once, and the findings are those of both', async () => {
    const { run, counts } = await runCounting(['lint', '--template', '{tenant}_{id}', '--template', '{pad(id,10)}', '--fields', 'tenant:string,id:sequence', '--json']);
    expect(counts).toEqual({ '{tenant}_{id}': 1, '{pad(id,10)}': 1 });
    const { findings } = JSON.parse(run.out) as { findings: { code: string; path: string }[] };
    // the first writes the sequence id without a fixed width; the second leads with it (it grows), padded to 10 digits
    // where a sequence reaches 19
    expect(findings.map((f) => [f.code, f.path]).sort()).toEqual([
      ['KEY_MONOTONIC_FIRST', 'key {pad(id,10)}'],
      ['KEY_UNPADDED_NUMBER', 'key {pad(id,10)}'],
      ['KEY_UNPADDED_NUMBER', 'key {tenant}_{id}'],
    ]);
  });

  it('lint --fields naming a field no template reads is still refused, after one compile', async () => {
    const { run, counts } = await runCounting(['lint', '--template', '{tenant}_{id}', '--fields', 'tenant:string,idd:sequence']);
    expect([run.code, run.err]).toEqual([2, "hbase-hotspot: --fields: 'idd' is not a field of the key (it reads 'tenant', 'id'); check the spelling\n"]);
    expect(counts).toEqual({ '{tenant}_{id}': 1 });
  });

  it('key explain --fields', async () => {
    const { run, counts } = await runCounting(['key', 'explain', '{tenant}_{id}', '--fields', 'tenant:string,id:sequence']);
    expect([run.code, run.out.includes('warning KEY_UNPADDED_NUMBER: {id} writes id (sequence) without a fixed width')]).toEqual([0, true]);
    expect(counts).toEqual({ '{tenant}_{id}': 1 });
  });
});
