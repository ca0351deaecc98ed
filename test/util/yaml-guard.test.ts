/** The guard every YAML input goes through before the yaml package reads it. */
import { describe, expect, it } from 'vitest';
import { parseYamlDocument, YAML_MAX_CHARS } from '../../src/util/yaml-guard.js';
import { runCapture } from '../cli/run-cli.js';
import { file } from '../support/temp-file.js';

describe('parseYamlDocument', () => {
  it('refuses a text longer than YAML_MAX_CHARS (4 Mi characters) naming the file, and reads one of that length', () => {
    // The yaml package reads a quoted scalar at about 10 MB a second: a 50 MB scenario took 9.7 s and 1.7 GB.
    const text = (chars: number) => `name: "${'x'.repeat(chars - 'name: ""\n'.length)}"\n`;
    expect(YAML_MAX_CHARS).toBe(4 * 1024 * 1024);
    expect(parseYamlDocument(text(YAML_MAX_CHARS), 's.yaml', {}).errors).toEqual([]);
    let err: unknown;
    try {
      parseYamlDocument(text(YAML_MAX_CHARS + 1), 's.yaml', {});
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({
      code: 'YAML_TOO_LARGE',
      where: { file: 's.yaml' },
      message: 's.yaml: 4194305 characters, more than the 4194304 a YAML input may hold (scenarios, families, index definitions and wide-row files are a few kilobytes)',
    });
  });

  it('is what every YAML reader of the CLI goes through', async () => {
    const big = `x: "${'x'.repeat(YAML_MAX_CHARS)}"\n`;
    for (const [name, argv] of [
      ['scenario.yaml', (p: string) => ['simulate', p]],
      ['wide.yaml', (p: string) => ['lint', p]],
      ['indexes.yaml', (p: string) => ['lint', '--indexes', p]],
      ['families.yaml', (p: string) => ['splits', '--algorithm', 'hex', '--regions', '2', '--format', 'shell', '--table', 't', '--families', p]],
    ] as const) {
      const path = file(name, big);
      const run = await runCapture(argv(path));
      expect(run.code).toBe(2);
      expect(run.err).toContain(`${path}: ${big.length} characters, more than the 4194304 a YAML input may hold`);
    }
  });
});
