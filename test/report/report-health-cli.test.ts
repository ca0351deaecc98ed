// report --health: a health JSON adds the panel; anything else is refused naming the file and the field.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseHealthReportJson } from '../../src/health/index.js';
import type { HotspotError } from '../../src/util/errors.js';
import { formatLoadSeries } from '../../src/model/index.js';
import { runCapture } from '../cli/run-cli.js';
import { fixtureSeries } from './fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'report-health-cli-'));
const seriesFile = join(dir, 'events.series.ndjson');
writeFileSync(seriesFile, formatLoadSeries(fixtureSeries('events', ['', 'm'].map((start, i) => ({ start, server: `rs${i}.lan,16020,1`, writes: [0, 60, 120] })), 3)));
const HEALTH = fileURLToPath(new URL('../fixtures/jmx/health/report-health.json', import.meta.url));

describe('report --health', () => {
  it('adds the health panel with the failing items of the file', async () => {
    const out = join(dir, 'with-health.html');
    const run = await runCapture(['report', seriesFile, '-o', out, '--health', HEALTH]);
    expect(run.code).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('<section class="health" id="health">');
    expect(html.match(/data-status="fail"/g)?.length).toBe(3);
    expect(html).toContain('hbase.regionserver.handler.count = 10 (hbase-site.xml:17)');
  });

  it('a report without --health has no health panel', async () => {
    const run = await runCapture(['report', seriesFile, '-o', '-']);
    expect(run.out).not.toContain('id="health"');
  });

  it('refuses a file that is not a health JSON, naming the file and the field (exit 2)', async () => {
    const run = await runCapture(['report', seriesFile, '-o', join(dir, 'x.html'), '--health', seriesFile]);
    expect(run.code).toBe(2);
    expect(run.err).toContain(seriesFile);
    expect(run.err).toContain('not a health JSON');
    const noItems = join(dir, 'lint.json');
    writeFileSync(noItems, '{"findings": []}');
    const r2 = await runCapture(['report', seriesFile, '-o', join(dir, 'y.html'), '--health', noItems]);
    expect([r2.code, r2.err]).toEqual([2, expect.stringContaining(`${noItems} (items)`)]);
  });
});

describe('parseHealthReportJson', () => {
  const item = { item: 'gc-pause', server: 'rs1', value: 1, unit: 'ms', threshold: 5000, status: 'pass', reason: 'r', source: 's', causes: [] };
  const fieldOf = (json: unknown): string | undefined => {
    try {
      parseHealthReportJson(JSON.stringify(json), 'h.json');
    } catch (err) {
      const e = err as HotspotError;
      expect([e.code, e.where.file]).toEqual(['HEALTH_JSON_INVALID', 'h.json']);
      return e.where.field;
    }
    return undefined;
  };

  it('names the first field that does not fit', () => {
    expect(fieldOf({ items: [item, { ...item, status: 'ok' }] })).toBe('items[1].status');
    expect(fieldOf({ items: [{ ...item, item: 'heap' }] })).toBe('items[0].item');
    expect(fieldOf({ items: [{ ...item, value: '5' }] })).toBe('items[0].value');
    expect(fieldOf({ items: [{ ...item, causes: [{ setting: 'x', value: '1' }] }] })).toBe('items[0].causes[0].from');
    expect(fieldOf({ items: [{ ...item, causes: [{ setting: 'x', value: '1', from: 'f', lint: { code: 'C' } }] }] })).toBe('items[0].causes[0].lint.severity');
    expect(fieldOf({ items: [item], unanswered: {} })).toBe('unanswered');
    expect(fieldOf({ items: [item] })).toBeUndefined();
  });

  it('reads back what health --json writes: the same items', () => {
    const text = readFileSync(HEALTH, 'utf8');
    expect(parseHealthReportJson(text, HEALTH)).toEqual(JSON.parse(text));
  });
});
