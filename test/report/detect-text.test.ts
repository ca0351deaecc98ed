/**
 * The text report's hot-regions list: a region's share is over the whole window, its rate over the intervals it was
 * part of; for a region that opened or went during the window the line says which, so the two figures do not read as
 * one contradicting the other.
 */
import { describe, expect, it } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { renderDetectText } from '../../src/report/detect-text.js';
import { timesText } from '../../src/util/ratio.js';
import { type Layout, region, repeat, series, snap, steadySeries } from '../model/builders.js';

/**
 * 10 one-minute intervals: `a` ["", "m") on rs1 takes 60 writes a minute throughout; the tail `t` ["m", "") on rs2
 * takes 6,000 a minute until it splits at 9 min, and then its upper daughter `t2` ["n", "") on rs3 takes them
 * (the daughters' counters start at their opening, so t2's 6,000 at 10 min are the last interval's).
 */
function tailSeries() {
  const snaps = Array.from({ length: 10 }, (_, i) => snap(60_000 * i, [region('a', '', 'm', 'rs1', 0, 60 * i), region('t', 'm', '', 'rs2', 0, 6000 * i)]));
  snaps.push(snap(600_000, [region('a', '', 'm', 'rs1', 0, 600), region('t1', 'm', 'n', 'rs2', 0, 0), region('t2', 'n', '', 'rs3', 0, 6000)]));
  return series(snaps);
}

describe('detect text: hot regions that lived part of the window', () => {
  const text = renderDetectText(detectHotspots(tailSeries()), { color: false });
  const line = (name: string) => text.split('\n').find((l) => l.startsWith(`  ${name} [`));

  it('the young last region: share of the window\'s 60,600 requests, rate over its one minute, and when it opened', () => {
    // 6,000 of 600 + 9 × 6,000 + 6,000 = 60,600 requests: 9.9%; 6,000 in 60 s: 100.0 req/s. Before, this read
    // "9.9% of requests (100.0 req/s)", as though the rate were the window's.
    expect(line('t2')).toMatch(/^ {2}t2 \["n", ""\) on rs3: 9\.9% of the window's requests; 100\.0 req\/s over the intervals it was part of \(first seen 1m before the window's end\), /);
  });

  it('the split parent: rate over its nine minutes, and when it went', () => {
    // 54,000 of 60,600: 89.1%; 54,000 in 540 s: 100.0 req/s
    expect(line('t')).toMatch(/^ {2}t \["m", ""\) on rs2: 89\.1% of the window's requests; 100\.0 req\/s over the intervals it was part of \(last seen 1m before the window's end\), /);
  });
});

/**
 * 5 one-minute intervals: `r` ["", "m") on rs1 takes 900 reads (and some writes) a minute, `w` ["m", "") on rs2
 * takes 300 writes a minute: the busiest server by requests is rs1.
 */
describe('detect text: the servers heading', () => {
  const snaps = (writesOnReader: number) =>
    series(Array.from({ length: 6 }, (_, i) => snap(60_000 * i, [region('r', '', 'm', 'rs1', 900 * i, writesOnReader * i), region('w', 'm', '', 'rs2', 0, 300 * i)])));

  it('names the server with the most writes when it is not the busiest by requests', () => {
    // rs1: 900 of 1,200 requests a minute (75.0%), no writes; rs2: 300 (25.0%), every write (100.0%). Before, the
    // heading read "hottest 75.0% of requests (writes 100.0%)", as though rs1 took every write.
    const text = renderDetectText(detectHotspots(snaps(0)), { color: false });
    expect(text).toContain('servers (over the window): hottest 75.0% of requests; most writes on rs2: 100.0%, fair share 50.0% (1 / the servers hosting the table\'s regions)');
  });

  it('keeps the hottest server\'s own write share when it also takes the most writes', () => {
    // rs1: 900 reads + 600 writes of 1,800 a minute (83.3%), 600 of 900 writes (66.7%); rs2: 300 writes (33.3%)
    const text = renderDetectText(detectHotspots(snaps(600)), { color: false });
    expect(text).toContain('servers (over the window): hottest 83.3% of requests (writes 66.7%), fair share 50.0% (1 / the servers hosting the table\'s regions)');
  });
});

/**
 * 5 one-minute intervals over three servers, one region each: rs1 and rs2 take 3,500 requests a minute, rs3 100 (a
 * server slow to answer, whose clients complete few requests). rs3 takes 100 / 3,500 = 0.0286 × its peers' average
 * and 100 / (7,100 / 3) = 0.0423 × the servers' average; rs1 takes 3,500 / 1,800 = 1.94 × its peers' and
 * 3,500 / 2,366.7 = 1.48 × the average.
 */
describe('detect text: a server far below its peers', () => {
  const layout: Layout[] = [['a', '', 'h', 'rs1'], ['b', 'h', 'p', 'rs2'], ['c', 'p', '', 'rs3']];
  const text = renderDetectText(detectHotspots(steadySeries(layout, repeat(5, [3500, 3500, 100]))), { color: false });
  const line = (server: string) => text.split('\n').find((l) => l.startsWith(`  ${server} `)) ?? '';

  it('gives its small ratios two significant digits, not 0.0×', () => {
    expect(line('rs3')).toContain('0.029× peers, 0.042× avg');
  });

  it('keeps one decimal for ratios of 0.1 and more', () => {
    expect(line('rs1')).toContain('1.9× peers, 1.5× avg');
  });

  it('writes a ratio under a thousandth as such, and no load as 0.0×', () => {
    expect([timesText(0.0004), timesText(0), timesText(0.0286), timesText(0.096), timesText(1.94)]).toEqual(['<0.001×', '0.0×', '0.029×', '0.1×', '1.9×']);
  });
});

describe('detect text: the fix line of a tail that region history alone decided', () => {
  it('asks for key samples first when one hot row fits the history too', () => {
    // one 8-second interval: t ["m", "") takes all 300 writes, a none; both hold 1 MB (whole MB, as list_regions and
    // status 'detailed' give them), so the writes show no growth: a tail or one row rewritten, which samples tell apart
    const mb = 1_048_576;
    const at = (ms: number, n: number) => snap(ms, [region('a', '', 'm', 'rs1', 0, 0, mb), region('t', 'm', '', 'rs2', 0, n, mb)]);
    const result = detectHotspots(series([at(0, 0), at(8_000, 300)], 8_000));
    expect([result.shape, result.decidedBy, result.alternatives.map((a) => a.shape)]).toEqual(['monotonic-tail', 'region-history', ['single-row']]);
    const fix = renderDetectText(result, { color: false }).split('\n').find((l) => l.startsWith('  fix: '));
    expect(fix).toBe('  fix: confirm the tail with key samples first (--samples): one hot row shows the same history, and a new key cannot divide a row; then change the key: a salt bucket or hash prefix before the time; splitting only moves the tail to the new daughter');
  });

  it('gives the tail\'s fix alone when the history shows growth', () => {
    // the same writes adding 3 MB to t: new rows, a tail by region history with no row alternative
    const mb = 1_048_576;
    const at = (ms: number, n: number, size: number) => snap(ms, [region('a', '', 'm', 'rs1', 0, 0, mb), region('t', 'm', '', 'rs2', 0, n, size)]);
    const result = detectHotspots(series([at(0, 0, mb), at(8_000, 300, 4 * mb)], 8_000));
    expect(result.shape).toBe('monotonic-tail');
    expect(result.alternatives.map((a) => a.shape)).not.toContain('single-row');
    const fix = renderDetectText(result, { color: false }).split('\n').find((l) => l.startsWith('  fix: '));
    expect(fix).toBe('  fix: change the key: a salt bucket or hash prefix before the time; splitting only moves the tail to the new daughter');
  });
});
