/**
 * Fuzzing the health inputs (recorded JMX answers, a health report's JSON, a thresholds file, a site file's settings)
 * and the migration's verification record. What is accepted must evaluate and render with every number finite.
 */
import { readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { applyThresholdsFile, defaultCatalogue } from '../../src/health/catalogue.js';
import { evaluateHealth } from '../../src/health/evaluate.js';
import { renderHealth, renderNagios } from '../../src/health/format.js';
import { type HealthReading, parseHealthReading } from '../../src/health/readings.js';
import { parseHealthReportJson } from '../../src/health/report-json.js';
import { healthSettingsFromSite } from '../../src/health/settings.js';
import { parseVerifyRecord, verificationRefusal } from '../../src/migrate/verify-record.js';
import { allFinite, fuzzParser } from './fuzz.js';

const fixture = (path: string) => readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8');
const JMX = ['jmx/health/rs-2.5.11-before.derived.json', 'jmx/health/master-2.5.11.derived.json', 'jmx/health/sick-after.derived.json'].map(fixture);
const RECORD = JSON.stringify({
  format: 'hbase-hotspot-verify/1', from: 'events', to: 'events_v2', verifiedAtMs: 1_709_856_000_000, verifiedAt: '2024-03-08T00:00:00.000Z', ok: true,
  report: { ok: true, old: { rows: 3, cells: 6, rowsPerTimeRange: [3], rowsPerBucket: [] }, new: { rows: 3, cells: 6, rowsPerTimeRange: [3], rowsPerBucket: [1, 2] }, countMismatches: [], sampledRows: 3, comparedCells: 6, differenceCounts: {}, differences: [], unmappable: 0, unmappableCells: 0 },
});

/** A reading evaluated as two rounds of the same answer, rendered both ways: every number finite. */
function evaluated(reading: unknown): void {
  const r = reading as HealthReading;
  const report = evaluateHealth([{ timeMs: 0, readings: [r], failures: [] }, { timeMs: 10_000, readings: [r], failures: [] }], defaultCatalogue());
  expect(allFinite(report)).toBe(true);
  renderHealth(report);
  renderNagios(report);
}

describe('fuzz: health and migration inputs', () => {
  fuzzParser('health JMX answer', JMX, (t) => parseHealthReading(t, 'rs.json'), evaluated);
  fuzzParser('health report JSON', [fixture('jmx/health/report-health.json')], (t) => {
    const report = parseHealthReportJson(t, 'health.json');
    return [renderHealth(report), renderNagios(report), report];
  }, (r) => expect(allFinite(r)).toBe(true));
  fuzzParser('health thresholds', ['{"thresholds": {"block-cache-hit-ratio": 70, "gc-pause-p99-ms": 500}}'], (t) => applyThresholdsFile(defaultCatalogue(), t, 'ops.json'), (r) => expect(allFinite(r)).toBe(true));
  fuzzParser('health site settings', [fixture('lint/cache-site.xml'), fixture('jmx/health/causes-site.xml')], (t) => healthSettingsFromSite(t, 'hbase-site.xml'), (r) => expect(allFinite(r)).toBe(true));
  fuzzParser('verification record', [RECORD], (t) => {
    const record = parseVerifyRecord(t, 'verified.json');
    return [record.verifiedAtMs, verificationRefusal(record, 'events', 1_709_000_000_000)];
  }, (r) => expect(allFinite(r)).toBe(true));
});
