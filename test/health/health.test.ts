// Health from recorded /jmx answers. server-2.6.4.json is the sub=Server bean of a real HBase 2.6.4 RegionServer;
// the files under fixtures/jmx/health/ are derived by hand from it (see their README): every expected value below
// is worked out from the numbers written in those files, not from the code's output.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  HEALTH_ITEMS, HEALTH_RULES, applyThresholdsFile, defaultCatalogue, evaluateHealth, healthSettingsFromSite, nagiosState,
  parseHealthReading, parseHealthReportJson, type HealthItem, type HealthReport, type HealthSample,
} from '../../src/health/index.js';
import { fixtureBody } from '../sources/fixture-server.js';
import { errorOf } from '../lint/helpers.js';

const text = (path: string): string => readFileSync(new URL(`../fixtures/jmx/${path}`, import.meta.url), 'utf8');
const REAL = 'server-2.6.4.json';
const RS1 = 'localhost,41799,1796036389990';
const RS2 = 'rs2.example.com,16020,1796036390000';
const MASTER = 'localhost,16000,1796036385000';

/** One round per file, in order. */
function rounds(...files: string[]): HealthSample[] {
  return files.map((f, i) => ({ timeMs: i * 10_000, readings: [parseHealthReading(text(f), f)], failures: [] }));
}

function item(report: HealthReport, name: string, server: string): HealthItem {
  const found = report.items.find((i) => i.item === name && i.server === server);
  if (!found) throw new Error(`no ${name} for ${server}`);
  return found;
}

describe('parseHealthReading', () => {
  it('reads the real 2.6.4 sub=Server bean exactly', () => {
    const r = parseHealthReading(text(REAL), REAL);
    expect(r.regionServers.map((s) => s.server)).toEqual([RS1]);
    const m = r.regionServers[0]?.metrics ?? {};
    // Figures as written in the fixture.
    expect([m['blockCacheHitCount'], m['blockCacheMissCount'], m['FlushTime_num_ops'], m['flushedMemstoreBytes']]).toEqual([0, 1169, 36, 183091894]);
    expect([m['compactionQueueLength'], m['maxStoreFileCount'], m['updatesBlockedTime'], m['PauseTimeWithGc_num_ops'], m['pauseWarnThresholdExceeded']]).toEqual([0, 1, 0, 0, 0]);
    expect(r.master).toBeUndefined();
    expect(r.sharedJvm).toBe(false);
  });

  it("reads the master's AssignmentManager bean (under the misspelt name 'AssignmentManger') and sees the shared JVM", () => {
    const r = parseHealthReading(text('health/sick-after.derived.json'), 'sick');
    expect(r.master).toEqual({ server: MASTER, assignment: expect.objectContaining({ ritCount: 2, ritCountOverThreshold: 1 }) as unknown });
    expect(r.sharedJvm).toBe(true);
    expect(r.regionServers[0]?.ipc?.['numCallsInGeneralQueue']).toBe(2);
  });

  it('refuses a counter the checklist takes differences of past 2^53 - 1 or past a double (1e400), naming the file and counter', () => {
    // Before, 9007199254740993 was read as 9007199254740992 hits, and 1e400 (Infinity) as "this HBase has no
    // blockCacheHitCount".
    const body = text('health/sick-after.derived.json');
    for (const [value, shown] of [['9007199254740993', 'a number past 2^53 - 1 (read as 9007199254740992)'], ['1e400', 'a number past the range of a double (±1.8e308)']]) {
      const changed = body.replace(/"blockCacheHitCount": \d+/, `"blockCacheHitCount": ${value}`);
      expect(changed).not.toBe(body);
      expect(() => parseHealthReading(changed, 'after.json')).toThrow(expect.objectContaining({
        code: 'HEALTH_JMX_INVALID',
        where: { file: 'after.json', field: 'blockCacheHitCount' },
        message: `after.json (blockCacheHitCount): RegionServer ${RS1}: blockCacheHitCount is ${shown}; a counter past 2^53 - 1 no longer counts one by one`,
      }));
    }
  });

  it('refuses an answer without a health bean (the recorded sub=Regions answer) and text that is not JSON', () => {
    expect(() => parseHealthReading(fixtureBody('jmx/regions-1.json'), 'regions.json')).toThrow(expect.objectContaining({ code: 'HEALTH_JMX_INVALID', message: expect.stringContaining('regions.json') as unknown }));
    expect(() => parseHealthReading('<html>', 'x.json')).toThrow(expect.objectContaining({ code: 'HEALTH_JMX_INVALID' }));
  });
});

describe('evaluateHealth on the sick window (one answer of a shared JVM)', () => {
  const report = evaluateHealth(rounds('health/sick-before.derived.json', 'health/sick-after.derived.json'), defaultCatalogue());

  it("hit ratio from the window's differences: 300 hits, 1269 − 1169 = 100 misses → 75%", () => {
    expect(item(report, 'block-cache-hit-ratio', RS1)).toMatchObject({ value: 75, threshold: 95, unit: '%', status: 'fail' });
  });

  it('GC: a 6200 ms pause with a GC is over 5000 ms; the figure is marked shared', () => {
    expect(item(report, 'gc-pause', RS1)).toMatchObject({ value: 6200, threshold: 5000, status: 'fail', shared: true });
  });

  it('flushes: (223091894 − 183091894) ÷ (40 − 36) = 10,000,000 bytes, under 50% of 134217728 = 67,108,864', () => {
    expect(item(report, 'memstore-flush-size', RS1)).toMatchObject({ value: 10_000_000, threshold: 67_108_864, status: 'fail' });
  });

  it('compaction queue 12 then 15: above 10 in every sample, value the smallest', () => {
    expect(item(report, 'compaction-queue', RS1)).toMatchObject({ value: 12, threshold: 10, status: 'fail' });
  });

  it('store files 17 > blockingStoreFiles 16; updates blocked 250 ms; calls queued 3+1 then 2+1 → 3', () => {
    expect(item(report, 'store-files', RS1)).toMatchObject({ value: 17, threshold: 16, status: 'fail' });
    expect(item(report, 'updates-blocked', RS1)).toMatchObject({ value: 250, threshold: 0, status: 'fail' });
    expect(item(report, 'rpc-call-queue', RS1)).toMatchObject({ value: 3, status: 'fail', shared: true });
  });

  it("regions in transition: the master's last ritCountOverThreshold, 1", () => {
    expect(item(report, 'regions-in-transition', MASTER)).toMatchObject({ value: 1, threshold: 0, status: 'fail' });
  });

  it('disk is never pass: not measured with its reason; every item carries its source and an empty causes list', () => {
    expect(item(report, 'disk', 'cluster')).toMatchObject({ value: null, status: 'not-measured' });
    for (const i of report.items) {
      expect(i.source).toBe(HEALTH_RULES.find((r) => r.item === i.item)?.source);
      expect(i.causes).toEqual([]);
    }
    expect(nagiosState(report)).toBe('CRITICAL');
  });

  it('a site file moves the setting-based thresholds: 16 MiB flushes → 8,388,608; 20 blocking files', () => {
    const site = '<configuration>\n<property><name>hbase.hregion.memstore.flush.size</name><value>16777216</value></property>\n<property><name>hbase.hstore.blockingStoreFiles</name><value>20</value></property>\n</configuration>\n';
    const settings = healthSettingsFromSite(site, 'hbase-site.xml');
    expect(settings.flushSizeBytes).toEqual({ value: 16_777_216, from: 'hbase-site.xml:2' });
    const r = evaluateHealth(rounds('health/sick-before.derived.json', 'health/sick-after.derived.json'), defaultCatalogue(), settings);
    expect(item(r, 'memstore-flush-size', RS1)).toMatchObject({ value: 10_000_000, threshold: 8_388_608, status: 'pass' });
    expect(item(r, 'store-files', RS1)).toMatchObject({ value: 17, threshold: 20, status: 'pass' });
  });

  it('a site file whose setting has an empty value keeps HBase\'s default for it, as Hadoop leaves the setting unset', () => {
    const site = '<configuration>\n<property><name>hbase.hregion.memstore.flush.size</name><value></value></property>\n</configuration>\n';
    expect(healthSettingsFromSite(site, 'hbase-site.xml').flushSizeBytes).toEqual({
      value: 134_217_728,
      from: 'hbase-default.xml (hbase-site.xml does not set hbase.hregion.memstore.flush.size)',
    });
  });
});

describe('evaluateHealth, other windows', () => {
  it('judges the hit ratio from 100 lookups in the window on: 2 hits and 1 miss on a nearly idle server pass, shown as 66.67%', () => {
    // sick-before has 0 hits and 1169 misses; the after answer is rewritten to the hits and misses of each case.
    const after = text('health/sick-after.derived.json');
    const window = (hits: number, misses: number): HealthItem => {
      const body = after.replace(/"blockCacheHitCount": 300,/, `"blockCacheHitCount": ${hits},`).replace(/"blockCacheMissCount": 1269,/, `"blockCacheMissCount": ${1169 + misses},`);
      expect(body).not.toBe(after);
      const samples = [parseHealthReading(text('health/sick-before.derived.json'), 'before'), parseHealthReading(body, 'after')];
      return item(evaluateHealth(samples.map((r, i) => ({ timeMs: i * 10_000, readings: [r], failures: [] })), defaultCatalogue()), 'block-cache-hit-ratio', RS1);
    };
    // 2 ÷ 3 = 66.67%: 3 lookups.
    expect(window(2, 1)).toMatchObject({ value: 66.67, status: 'pass', reason: '2 hits, 1 misses in the window: fewer than 100 lookups are too few to judge the cache by' });
    // 66 ÷ 99 = 66.67%: 99 lookups, still too few.
    expect(window(66, 33)).toMatchObject({ value: 66.67, status: 'pass' });
    // 67 ÷ 100 = 67%: 100 lookups are judged, and 67% is under 95%.
    expect(window(67, 33)).toMatchObject({ value: 67, status: 'fail', reason: '67 hits, 33 misses in the window' });
  });

  it('a healthy server: 1900 hits and 100 misses is 95.00%, which passes (the since-start figure, 1900 ÷ 3169, would not)', () => {
    const report = evaluateHealth(rounds('health/healthy-before.derived.json', 'health/healthy-after.derived.json'), defaultCatalogue());
    expect(item(report, 'block-cache-hit-ratio', RS2)).toMatchObject({ value: 95, status: 'pass' });
    expect(item(report, 'memstore-flush-size', RS2)).toMatchObject({ value: null, status: 'not-measured', reason: 'no flush in the window' });
    expect(item(report, 'gc-pause', RS2)).toMatchObject({ value: 0, status: 'pass' });
    expect(report.items.some((i) => i.status === 'fail')).toBe(false);
    expect(nagiosState(report)).toBe('OK');
  });

  it('several RegionServers interleaved are judged each on its own rounds', () => {
    const report = evaluateHealth(rounds('health/sick-before.derived.json', 'health/healthy-before.derived.json', 'health/sick-after.derived.json', 'health/healthy-after.derived.json'), defaultCatalogue());
    expect(item(report, 'block-cache-hit-ratio', RS1).value).toBe(75);
    expect(item(report, 'block-cache-hit-ratio', RS2).value).toBe(95);
    expect([...new Set(report.items.map((i) => i.server))]).toEqual([RS1, RS2, MASTER, 'cluster']);
  });

  it('a metric this HBase lacks is not-measured, never pass; a single sample measures no counter', () => {
    const report = evaluateHealth(rounds('health/no-pause-metrics-before.derived.json', 'health/no-pause-metrics-after.derived.json'), defaultCatalogue());
    expect(item(report, 'gc-pause', RS1)).toMatchObject({ status: 'not-measured', reason: 'this HBase has no PauseTimeWithGc_num_ops in sub=Server' });
    expect(item(report, 'store-files', RS1)).toMatchObject({ status: 'not-measured' });
    expect(item(report, 'memstore-flush-size', RS1)).toMatchObject({ status: 'not-measured' });
    // 50 hits, 0 misses in the window.
    expect(item(report, 'block-cache-hit-ratio', RS1)).toMatchObject({ value: 100, status: 'pass' });
    const one = evaluateHealth(rounds(REAL), defaultCatalogue());
    expect(item(one, 'block-cache-hit-ratio', RS1).status).toBe('not-measured');
    expect(item(one, 'compaction-queue', RS1).status).toBe('not-measured');
  });

  it('a restart in the window (regionServerStartTime changed) leaves the counters not measured', () => {
    const after = JSON.parse(text('health/healthy-after.derived.json')) as { beans: Record<string, unknown>[] };
    const bean = after.beans[0] as Record<string, unknown>;
    bean['regionServerStartTime'] = 1796036999999;
    const samples: HealthSample[] = [
      { timeMs: 0, readings: [parseHealthReading(text('health/healthy-before.derived.json'), 'b')], failures: [] },
      { timeMs: 1, readings: [parseHealthReading(JSON.stringify(after), 'a')], failures: [] },
    ];
    expect(item(evaluateHealth(samples, defaultCatalogue()), 'block-cache-hit-ratio', RS2)).toMatchObject({ status: 'not-measured', reason: expect.stringContaining('restarted') as unknown });
  });

  it('one or two flushes are never judged small: 181,762 bytes in one flush (a manual flush seen on a real idle cluster) passes; three fail', () => {
    const before = JSON.parse(text('health/healthy-before.derived.json')) as { beans: Record<string, unknown>[] };
    const window = (flushes: number, bytes: number): HealthSample[] => {
      const after = JSON.parse(text('health/healthy-before.derived.json')) as { beans: Record<string, unknown>[] };
      const a = after.beans[0] as Record<string, unknown>;
      const b = before.beans[0] as Record<string, unknown>;
      a['FlushTime_num_ops'] = Number(b['FlushTime_num_ops']) + flushes;
      a['flushedMemstoreBytes'] = Number(b['flushedMemstoreBytes']) + bytes;
      return [
        { timeMs: 0, readings: [parseHealthReading(JSON.stringify(before), 'b')], failures: [] },
        { timeMs: 10_000, readings: [parseHealthReading(JSON.stringify(after), 'a')], failures: [] },
      ];
    };
    const one = item(evaluateHealth(window(1, 181_762), defaultCatalogue()), 'memstore-flush-size', RS2);
    expect(one).toMatchObject({ value: 181_762, threshold: 67_108_864, status: 'pass', reason: expect.stringContaining('fewer than 3') as unknown });
    // 3 × 1,000,000 bytes: mean 1,000,000 < 67,108,864.
    expect(item(evaluateHealth(window(3, 3_000_000), defaultCatalogue()), 'memstore-flush-size', RS2)).toMatchObject({ value: 1_000_000, status: 'fail' });
  });

  it('the same answer twice measures no counter (gc-pause was a pass of 0 pauses); gauges still read', () => {
    const report = evaluateHealth(rounds(REAL, REAL), defaultCatalogue());
    for (const name of ['gc-pause', 'block-cache-hit-ratio', 'memstore-flush-size', 'updates-blocked']) {
      expect(item(report, name, RS1)).toMatchObject({ status: 'not-measured', reason: expect.stringContaining('the same in every figure') as unknown });
    }
    expect(item(report, 'compaction-queue', RS1)).toMatchObject({ value: 0, status: 'pass' });
  });

  it('an origin that never answered is listed, and makes Nagios WARNING when nothing fails', () => {
    const samples = rounds('health/healthy-before.derived.json', 'health/healthy-after.derived.json').map((s) => ({ ...s, failures: [{ origin: 'http://rs9:16030', message: 'timed out' }] }));
    const report = evaluateHealth(samples, defaultCatalogue());
    expect(report.unanswered).toEqual([{ origin: 'http://rs9:16030', message: 'timed out' }]);
    expect(nagiosState(report)).toBe('WARNING');
  });
});

describe('the catalogue', () => {
  it('has one rule per item, each with a source; the playbook numbers are 95%, 5000 ms, 10 and 80%', () => {
    expect(HEALTH_RULES.map((r) => r.item)).toEqual([...HEALTH_ITEMS]);
    const t = (i: string): number | undefined => HEALTH_RULES.find((r) => r.item === i)?.threshold;
    expect([t('block-cache-hit-ratio'), t('gc-pause'), t('compaction-queue'), t('disk')]).toEqual([95, 5000, 10, 80]);
    for (const r of HEALTH_RULES) expect(r.source).not.toBe('');
  });

  it('a thresholds file overrides a number and names itself as the source', () => {
    const c = applyThresholdsFile(defaultCatalogue(), '{"thresholds": {"block-cache-hit-ratio": 70}}', 'ops.json');
    expect(c.get('block-cache-hit-ratio')).toMatchObject({ threshold: 70, source: expect.stringMatching(/^ops\.json/) as unknown });
    const report = evaluateHealth(rounds('health/sick-before.derived.json', 'health/sick-after.derived.json'), c);
    expect(item(report, 'block-cache-hit-ratio', RS1)).toMatchObject({ value: 75, threshold: 70, status: 'pass' });
  });

  it('refuses an unknown item, a negative number and text that is not JSON, naming the file and field', () => {
    const err = (t: string) => expect(() => applyThresholdsFile(defaultCatalogue(), t, 'ops.json'));
    err('{"thresholds": {"hit-ratio": 70}}').toThrow(expect.objectContaining({ code: 'HEALTH_THRESHOLDS_INVALID', message: expect.stringContaining('ops.json (thresholds.hit-ratio)') as unknown }));
    err('{"thresholds": {"gc-pause": -1}}').toThrow(expect.objectContaining({ code: 'HEALTH_THRESHOLDS_INVALID' }));
    err('{').toThrow(expect.objectContaining({ code: 'HEALTH_THRESHOLDS_INVALID' }));
    // 1e400 is Infinity to JSON.parse; before, the message called it null.
    err('{"thresholds": {"gc-pause": 1e400}}').toThrow(expect.objectContaining({ code: 'HEALTH_THRESHOLDS_INVALID', message: 'ops.json (thresholds.gc-pause): the number is past the range of a double (±1.8e308); give a number ≥ 0' }));
  });

  it('names the line and column where a file stops being JSON: thresholds, a recorded /jmx answer, a health --json', () => {
    // after the ',' closing line 3 a key must follow: the '}' at line 4, column 3 is where the JSON breaks
    const thresholds = '{\n  "thresholds": {\n    "block-cache-hit-ratio": 90,\n  }\n}\n';
    expect(errorOf(() => applyThresholdsFile(defaultCatalogue(), thresholds, 'ops.json')).where).toEqual({ file: 'ops.json', line: 4, column: 3 });
    // a recording cut after 2000 characters ends inside a key ("flushQueueLengt): the place is where that string opens
    const cut = text('health/sick-before.derived.json').slice(0, 2000);
    const lines = cut.split('\n');
    const jmx = errorOf(() => parseHealthReading(cut, 'rs1.json'));
    expect([jmx.code, jmx.where]).toEqual(['HEALTH_JMX_INVALID', { file: 'rs1.json', line: lines.length, column: (lines.at(-1) as string).indexOf('"') + 1 }]);
    const report = errorOf(() => parseHealthReportJson('{"items": [\n  {"item": "gc-pause"} {"item": "disk"}\n]}', 'h.json'));
    expect([report.code, report.where]).toEqual(['HEALTH_JSON_INVALID', { file: 'h.json', line: 2, column: 24 }]);
  });
});
