import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../lint/helpers.js';
import { runCapture } from './run-cli.js';

describe('lint --indexes', () => {
  it('lints each index key as a table of its own: a time lead is a monotonic tail, a category lead a hot range, the salted time index passes', async () => {
    const run = await runCapture(['lint', '--indexes', fixturePath('order-indexes.yaml'), '--json']);
    expect(run.err).toBe('');
    expect(run.code).toBe(1);
    const findings = (JSON.parse(run.out) as { findings: { code: string; path: string }[] }).findings;
    expect(findings.map((f) => `${f.code} ${f.path}`)).toEqual([
      'KEY_MONOTONIC_FIRST key {createdAt} (index by_created)',
      'KEY_CATEGORY_FIRST key {status} (index by_status)',
      'KEY_PII_CLEAR key {email} (index by_email)',
    ]);
  });

  it('exits 2 naming file, line and field for a bad definition', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'lint-ix-')), 'ix.yaml');
    writeFileSync(file, 'indexes:\n  - name: a\n    table: t\n    fields: {x: time}\n    unique: true\n');
    const run = await runCapture(['lint', '--indexes', file]);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:4 \\(indexes\\[0\\]\\.fields\\.x\\): must be one of string, `));
  });

  it('an empty index file is named as such by lint and design suggest', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'lint-ix-')), 'empty.yaml');
    writeFileSync(file, '\n');
    for (const argv of [['lint', '--indexes', file], ['design', 'suggest', '--indexes', file, '--servers', '3']]) {
      const run = await runCapture(argv);
      // lint prints its errors as file: message, compiler style; design prefixes the program name.
      expect(run.code).toBe(2);
      expect(run.err.replace(/^hbase-hotspot: /, '')).toBe(`${file}: the index definitions file is empty\n`);
    }
  });

  it('given as a plain input, an index file is refused pointing at --indexes (it listed the wide-row fields alone)', async () => {
    const path = fixturePath('order-indexes.yaml');
    const run = await runCapture(['lint', path]);
    expect(run.code).toBe(2);
    expect(run.err).toBe(`${path}:3:3 (indexes): unknown field 'indexes'; known: table, key, family, qualifier, newQualifierEvery, qualifiersPerSec, cellBytes, ttlSeconds, fields; a file of index definitions (indexes:) is linted with --indexes FILE, beside a table schema\n`);
  });
});
