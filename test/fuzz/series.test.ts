/**
 * Fuzzing the load inputs: load series, key samples, sample keys, pasted list_regions and status 'detailed' output
 * and JMX readings. What is accepted must give finite rates and a finite detection.
 */
import { readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { type LoadSeries, computeRates, formatLoadSeriesV2, parseKeySamples, parseLoadSeries } from '../../src/model/index.js';
import { parseSampleKeys } from '../../src/regions/sample-keys.js';
import { parseJmxRegions } from '../../src/sources/jmx.js';
import { parseServerLatencies } from '../../src/sources/jmx-latency.js';
import { parseKeyList } from '../../src/sources/text/key-list.js';
import { parseTextSeries } from '../../src/sources/text/text-source.js';
import { allFinite, fuzzParser } from './fuzz.js';

const fixture = (path: string) => readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8');
const V1_SERIES = [fixture('series/uniform-salted.ndjson'), fixture('series/tail-hex-presplit.ndjson')];
/** Both fixtures in format version 1 and in version 2 (what collectors write). */
const SERIES = [...V1_SERIES, ...V1_SERIES.map((text) => formatLoadSeriesV2(parseLoadSeries(text, 's.ndjson')))];

/** Rates and detection of an accepted series: every number finite. */
function downstream(series: unknown): void {
  const s = series as LoadSeries;
  expect(allFinite(computeRates(s))).toBe(true);
  if (s.snapshots.length >= 2) expect(allFinite(detectHotspots(s))).toBe(true);
}

describe('fuzz: load inputs', () => {
  fuzzParser('load series', SERIES, (t) => parseLoadSeries(t, 's.ndjson'), downstream);
  fuzzParser('load series, clock steps allowed', SERIES, (t) => parseLoadSeries(t, 's.ndjson', { allowClockSteps: true }), downstream);
  fuzzParser('key samples', [fixture('series/tail-hex-presplit.samples.ndjson')], (t) => parseKeySamples(t, 'k.ndjson'));
  fuzzParser('key list', [readFileSync(new URL('../../examples/keys.txt', import.meta.url), 'utf8'), 'row1\nrow\\x00\\xFF\r\n'], (t) => parseKeyList(t, 'keys.txt', 0, 60_000), (r) => expect(allFinite(r)).toBe(true));
  fuzzParser('sample keys', ['row1\t3\nrow\\x00\n', '{"key":"a","weight":2}\n{"key":"b"}\n'], (t) => parseSampleKeys(t, 'keys.txt'));
  fuzzParser('list_regions capture', [fixture('shell/list-regions.txt')], (t) => parseTextSeries('list-regions', [{ file: 'r.txt', text: t, mtimeMs: 1_700_000_000_000 }], { intervalMs: 60_000 }), downstream);
  fuzzParser("status 'detailed' capture", [fixture('shell/status-detailed.txt')], (t) => parseTextSeries('status-detailed', [{ file: 's.txt', text: t, mtimeMs: 1_700_000_000_000 }], { table: 'live_fx', intervalMs: 60_000 }), downstream);
  fuzzParser('JMX regions', [(JSON.parse(fixture('jmx/regions-1.json')) as { body: string }).body, (JSON.parse(fixture('jmx/regions-2.json')) as { body: string }).body], (t) => parseJmxRegions(t, 'live_fx', 'http://rs1:16030/jmx'), (r) => expect(allFinite(r)).toBe(true));
  fuzzParser('JMX latencies', [fixture('jmx/server-2.6.4.json')], (t) => parseServerLatencies(t, 'jmx.json'), (r) => expect(allFinite(r)).toBe(true));
});
