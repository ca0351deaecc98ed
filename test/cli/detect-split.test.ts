// A region split between two pasted list_regions captures: detect reports the split with its daughters, counts the
// daughters' requests since they opened, and finds the daughter holding the newest keys hot.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runCapture } from './run-cli.js';

const WIDTHS = [35, 52, 9, 7, 5, 6, 10];
const line = (cells: readonly string[]) => cells.map((c, i) => ` ${c.padStart(WIDTHS[i] ?? 0)} |`).join('');
const enc = (c: string) => c.repeat(32);
const RS1 = 'rs1.example.com,16020,1700000000000';
const RS2 = 'rs2.example.com,16020,1700000000000';
const region = (server: string, start: string, end: string, id: string, e: string, req: number) =>
  line([server, `t,${start},${id}.${enc(e)}.`, start, end, '1', String(req), '1.0']);

function capture(at: string, rows: string[]): string {
  const head = [line(['SERVER_NAME', 'REGION_NAME', 'START_KEY', 'END_KEY', 'SIZE', 'REQ', 'LOCALITY']), line(WIDTHS.map((w) => '-'.repeat(w)))];
  return [`# at ${at}`, ...head, ...rows, ` ${rows.length} rows`, ''].join('\n');
}

it('reports the split of [m, ∞) into [m, t) and [t, ∞) and counts each daughter since it opened', async () => {
  const text =
    capture('2026-11-30T08:00:00Z', [region(RS1, '', 'm', '1700000000000', 'a', 100), region(RS2, 'm', '', '1700000000000', 'b', 5000)]) +
    capture('2026-11-30T08:01:00Z', [region(RS1, '', 'm', '1700000000000', 'a', 160), region(RS2, 'm', 't', '1700000050000', 'c', 40), region(RS1, 't', '', '1700000050000', 'd', 5960)]);
  const file = join(mkdtempSync(join(tmpdir(), 'split-')), 'captures.txt');
  writeFileSync(file, text);
  const r = await runCapture(['detect', '--list-regions', file, '--json']);
  expect(r.err).toBe('');
  const result = JSON.parse(r.out) as { events: { kind: string; region?: string; related?: string[] }[]; regions: { encodedName: string; share: number }[] };
  expect(result.events.map((e) => [e.kind, e.region, e.related])).toEqual([['region-split', enc('b'), [enc('c'), enc('d')]]]);
  // one minute: a 60, c 40 and d 5960 requests since they opened, 6060 in all
  const share = (e: string) => result.regions.find((x) => x.encodedName === enc(e))?.share;
  expect(share('a')).toBeCloseTo(60 / 6060, 12);
  expect(share('c')).toBeCloseTo(40 / 6060, 12);
  expect(share('d')).toBeCloseTo(5960 / 6060, 12);
});
