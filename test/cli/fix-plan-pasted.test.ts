// `fix plan` on one pasted interval (two list_regions / status 'detailed' captures of the live_fx recording): between
// the captures only [m, ∞) on localhost,39083 took requests (test/sources/facts.ts), 330 of them, so that one region
// takes 100% of a quiet table's requests. The plan proposes no step below the minimum request rate, and, with the
// minimum lowered, never moves that region: by itself the hotspot, it would only be relocated.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Runbook } from '../../src/fix/plan/index.js';
import { LAST, RS_39083 } from '../sources/facts.js';
import { runCapture } from './run-cli.js';

const shell = (name: string) => fileURLToPath(new URL(`../fixtures/shell/${name}`, import.meta.url));
// list_regions captures at 08:29:46.801 and 08:29:56.402: 330 requests in 9.601 s = 34.37 req/s
const LIST_RATE = 330 / 9.601;
// status 'detailed' captures at 08:29:49.113 and 08:29:57.034: reads 50 − 20 and writes 660 − 360, 330 in 7.921 s
const STATUS_RATE = 330 / 7.921;

describe('fix plan on one pasted interval', () => {
  it('below the minimum request rate (50 req/s): names the region, proposes no step, says why', async () => {
    expect(LIST_RATE.toFixed(1)).toBe('34.4');
    expect(STATUS_RATE.toFixed(1)).toBe('41.7');
    for (const [argv, rate] of [
      [['--list-regions', shell('list-regions.txt')], LIST_RATE],
      [['--status-detailed', shell('status-detailed.txt'), '--table', 'live_fx'], STATUS_RATE],
    ] as const) {
      const r = await runCapture(['fix', 'plan', ...argv, '--json']);
      expect(r.code).toBe(0);
      const book = JSON.parse(r.out) as Runbook;
      expect(book.hotRegion).toMatchObject({ encodedName: LAST, server: RS_39083, share: 1 });
      expect(book.steps).toEqual([]);
      expect(book.refused).toEqual([{ action: 'any step', why: expect.stringContaining(`the table takes ${rate.toFixed(1)} requests/s over now, below the minimum of 50 req/s (--min-rate)`) }]);
    }
    const text = await runCapture(['fix', 'plan', '--list-regions', shell('list-regions.txt')]);
    expect(text.out).toContain('REFUSED any step: the table takes 34.4 requests/s over now, below the minimum of 50 req/s');
    expect(text.out).toContain('no steps');
  });

  it('--min-rate lower: the region taking 100% of the requests is not moved (that only relocates the hotspot); the range runbook instead', async () => {
    const r = await runCapture(['fix', 'plan', '--list-regions', shell('list-regions.txt'), '--min-rate', '10', '--json']);
    expect(r.code).toBe(0);
    const book = JSON.parse(r.out) as Runbook;
    expect(book.shape).toBe('hot-range');
    expect(book.steps.map((s) => s.kind)).not.toContain('move');
    expect(book.steps.map((s) => s.kind)).not.toContain('balancer-off');
    const move = book.refused.find((x) => x.action === 'move');
    // all 34.4 req/s are the region's own; the least loaded server (localhost,38523, 0 req/s) would carry them all. The
    // region is hot now, so the figures are over now (one interval: the same as the window's) and say so
    expect(move?.why).toContain(`moving ${LAST} only relocates the hotspot: it takes 100.0% of the table's requests by itself (34.4 req/s over now, 100.0% of ${RS_39083}'s 34.4)`);
    expect(move?.why).toContain('localhost,38523,1796025836650, the least loaded server (0.0 req/s over now), would carry 34.4 req/s over now');
    expect(book.refused.map((x) => x.action)).toEqual(['split', 'move']);
    const titles = book.steps.map((s) => s.title);
    expect(titles.some((t) => t.startsWith('Fallback, with its risk'))).toBe(true);
    expect(titles.some((t) => t.startsWith('Get key samples'))).toBe(true);
    expect(book.warnings).toContain('the region is the hotspot by itself: moving it only relocates the hotspot; split it at the traffic median of its keys (key samples), or, if one row takes its load, treat that row');
  });

  it('rejects a bad --min-rate, naming it', async () => {
    const r = await runCapture(['fix', 'plan', '--list-regions', shell('list-regions.txt'), '--min-rate', '-3']);
    expect([r.code, r.err]).toEqual([2, expect.stringContaining('--min-rate -3: give a request rate ≥ 0 in requests per second (default 50)')]);
  });
});
