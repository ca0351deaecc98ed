// `--table T` on a series of several tables: the analyses see that table's series alone.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCapture } from './run-cli.js';

const TWO = fileURLToPath(new URL('../fixtures/series/two-tables-v2.ndjson', import.meta.url));

interface DetectJson {
  table: string;
  regions: { encodedName: string }[];
  servers: { server: string; share: number; requestsPerSec: number }[];
}

describe('--table on a series of several tables', () => {
  it('detect --table lookup judges the lookup table alone', async () => {
    const run = await runCapture(['detect', TWO, '--table', 'lookup', '--json']);
    expect(run.code).toBe(0);
    const d = JSON.parse(run.out) as DetectJson;
    expect(d.table).toBe('lookup');
    expect(d.regions.map((r) => r.encodedName)).toEqual(['10101010101010101010101010101010']);
    // by hand from the fixture: 30,000 reads on rs1 in the first minute, 24,000 on rs2 (after the move) in the second
    const share = Object.fromEntries(d.servers.map((s) => [s.server.split('.')[0], [s.share, s.requestsPerSec]]));
    expect(share.rs1![0]).toBeCloseTo(30000 / 54000, 12);
    expect(share.rs1![1]).toBeCloseTo(30000 / 120, 12);
    expect(share.rs2![0]).toBeCloseTo(24000 / 54000, 12);
  });

  it('without --table every table\'s regions reach detection', async () => {
    const d = JSON.parse((await runCapture(['detect', TWO, '--json'])).out) as DetectJson;
    expect(d.regions.map((r) => r.encodedName).sort()).toEqual(['10101010101010101010101010101010', 'e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0', 'e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1']);
  });

  it('names the tables of the series for a --table it does not hold', async () => {
    const run = await runCapture(['detect', TWO, '--table', 'nope']);
    expect(run.code).toBe(2);
    expect(run.err).toContain('the series holds no table "nope"; its tables: events, lookup');
  });

  it('fix plan asks for --table on a series of several tables; report and compare take it', async () => {
    const plan = await runCapture(['fix', 'plan', TWO]);
    expect([plan.code, plan.err]).toEqual([2, expect.stringContaining('give --table T')]);
    expect((await runCapture(['fix', 'plan', TWO, '--table', 'events', '--json'])).code).toBe(0);
    const dir = mkdtempSync(join(tmpdir(), 'table-option-'));
    try {
      const report = await runCapture(['report', TWO, '--table', 'events', '-o', join(dir, 'r.html')]);
      expect(report.code).toBe(0);
      expect(readFileSync(join(dir, 'r.html'), 'utf8')).toContain('table events');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const compare = await runCapture(['compare', TWO, TWO, '--table', 'lookup', '--json']);
    expect(compare.code).toBe(0);
    expect((JSON.parse(compare.out) as { before: { table: string } }).before.table).toBe('lookup');
  });
});
