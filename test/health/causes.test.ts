// Causes of failing health items from a site and an env file. The fixtures causes-site.xml and causes-env.sh are
// small hand-written files; every expected value (value, file:line, lint code and message) is read off those files
// by eye and from hbase-default.xml's defaults, not copied from the code's output.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  causesOf, defaultCatalogue, evaluateHealth, parseHealthReading, readHealthConfig, renderHealth, withCauses, type HealthSample,
} from '../../src/health/index.js';

const text = (name: string): string => readFileSync(new URL(`../fixtures/jmx/health/${name}`, import.meta.url), 'utf8');
const SITE = 'causes-site.xml';
const ENV = 'causes-env.sh';
const config = readHealthConfig({ text: text(SITE), file: SITE }, { text: text(ENV), file: ENV });
const siteDefault = `HBase's default; ${SITE} does not set it`;

describe('causesOf', () => {
  it('block-cache-hit-ratio: the cache fraction as written, and no BucketCache when no hbase.bucketcache.* is set', () => {
    expect(causesOf('block-cache-hit-ratio', config)).toEqual([
      { setting: 'hfile.block.cache.size', value: '0.1', from: `${SITE}:5` },
      { setting: 'hbase.bucketcache.ioengine', value: 'none (no BucketCache)', from: siteDefault },
    ]);
  });

  it('gc-pause: collector, heap and pause target from hbase-env.sh, with the lint finding on the pause target', () => {
    expect(causesOf('gc-pause', config)).toEqual([
      { setting: 'collector', value: 'G1', from: `${ENV}:3` },
      // HBASE_HEAPSIZE=4g: 4 × 1024³ bytes.
      { setting: 'heap', value: '4 GB', from: `${ENV}:2` },
      { setting: '-XX:MaxGCPauseMillis', value: '6000 ms', from: `${ENV}:3`, lint: { code: 'GC_PAUSE_TARGET', severity: 'error', message: 'the GC pause target is 6000 ms' } },
    ]);
  });

  it('compaction items: unset settings named with their defaults, the major compaction period with MAJOR_COMPACTION_AUTO', () => {
    const expected = [
      { setting: 'hbase.hstore.compactionThreshold', value: '3', from: siteDefault },
      { setting: 'hbase.hstore.blockingStoreFiles', value: '16', from: siteDefault },
      { setting: 'hbase.hregion.majorcompaction', value: '86400000', from: `${SITE}:13`, lint: { code: 'MAJOR_COMPACTION_AUTO', severity: 'warning', message: 'automatic major compaction every 86400000 ms (1d)' } },
    ];
    expect(causesOf('compaction-queue', config)).toEqual(expected);
    expect(causesOf('store-files', config)).toEqual(expected);
  });

  it('flushes, blocked updates and the call queue', () => {
    expect(causesOf('memstore-flush-size', config).map((c) => [c.setting, c.value, c.from])).toEqual([
      ['hbase.hregion.memstore.flush.size', '134217728', `${SITE}:9`],
      ['hbase.regionserver.global.memstore.size', '0.4', siteDefault],
      ['hbase.regionserver.maxlogs', 'max(32, 2 × global memstore size ÷ WAL roll size)', siteDefault],
    ]);
    expect(causesOf('updates-blocked', config).map((c) => [c.setting, c.value])).toEqual([
      ['hbase.hregion.memstore.block.multiplier', '4'], ['hbase.hregion.memstore.flush.size', '134217728'], ['hbase.hstore.blockingStoreFiles', '16'],
    ]);
    expect(causesOf('rpc-call-queue', config)).toEqual([{ setting: 'hbase.regionserver.handler.count', value: '10', from: `${SITE}:17` }]);
    expect(causesOf('regions-in-transition', config)).toEqual([]);
  });

  it('a block cache sized in bytes (HBase 2.6) is named in place of the fraction, with the heap check over the env heap', () => {
    const site = `<configuration>
<property><name>hfile.block.cache.memory.size</name><value>8g</value></property>
<property><name>hfile.block.cache.size</name><value>0.2</value></property>
</configuration>`;
    const c = readHealthConfig({ text: site, file: 's.xml' }, { text: 'HBASE_REGIONSERVER_OPTS="-Xmx16g"\n', file: 'env.sh' });
    // 8 GiB of a 16 GiB heap = 50%, + the default memstore 40% = 90%, over 80%; the fraction 0.2 is not what HBase uses
    const heapFinding = { code: 'HEAP_CACHE_MEMSTORE', severity: 'error', message: 'block cache 8g (50% of a 16 GB heap) + global memstore 0.4 take 90% of the heap (limit 80%); beside this memstore it fits at 6.4 GB or less (40%)' };
    expect(causesOf('block-cache-hit-ratio', c)[0]).toEqual({ setting: 'hfile.block.cache.memory.size', value: '8g', from: 's.xml:2', lint: heapFinding });
  });

  it('a BucketCache set in the site is named property by property; HEAP_CACHE_MEMSTORE concerns the memstore fraction too', () => {
    const site = `<configuration>
<property><name>hbase.bucketcache.ioengine</name><value>offheap</value></property>
<property><name>hbase.bucketcache.size</name><value>8192</value></property>
<property><name>hfile.block.cache.size</name><value>0.5</value></property>
<property><name>hbase.regionserver.global.memstore.size</name><value>0.4</value></property>
</configuration>`;
    const c = readHealthConfig({ text: site, file: 's.xml' });
    // 0.5 + 0.4 = 90% of the heap, over HBase's 80%.
    const heapFinding = { code: 'HEAP_CACHE_MEMSTORE', severity: 'error', message: 'block cache 0.5 + global memstore 0.4 take 90% of the heap (limit 80%)' };
    expect(causesOf('block-cache-hit-ratio', c)).toEqual([
      { setting: 'hfile.block.cache.size', value: '0.5', from: 's.xml:4', lint: heapFinding },
      { setting: 'hbase.bucketcache.ioengine', value: 'offheap', from: 's.xml:2' },
      { setting: 'hbase.bucketcache.size', value: '8192', from: 's.xml:3' },
    ]);
    expect(causesOf('memstore-flush-size', c)[1]).toEqual({ setting: 'hbase.regionserver.global.memstore.size', value: '0.4', from: 's.xml:5', lint: heapFinding });
    // No env file: the JVM settings are not known, and say why.
    expect(causesOf('gc-pause', c)[0]).toEqual({ setting: 'collector', value: 'not known', from: 'no --env given (HBASE_REGIONSERVER_OPTS / HBASE_OPTS of hbase-env.sh)' });
  });

  it('an env file without the flags names the JVM defaults; no site file names the site defaults', () => {
    const c = readHealthConfig(undefined, { text: 'export HBASE_OPTS="-Dfoo=1"\n', file: 'env.sh' });
    expect(causesOf('gc-pause', c).map((x) => [x.setting, x.from])).toEqual([['collector', 'env.sh does not set it'], ['heap', 'env.sh does not set it'], ['-XX:MaxGCPauseMillis', 'env.sh does not set it']]);
    expect(causesOf('rpc-call-queue', c)).toEqual([{ setting: 'hbase.regionserver.handler.count', value: '30', from: "HBase's default; no --site given" }]);
  });
});

describe('withCauses', () => {
  const samples: HealthSample[] = ['sick-before', 'sick-after'].map((f, i) => ({ timeMs: i, readings: [parseHealthReading(text(`${f}.derived.json`), f)], failures: [] }));
  const report = withCauses(evaluateHealth(samples, defaultCatalogue()), config);

  it('fills causes of failing items only; passing and not-measured items keep []', () => {
    const byItem = new Map(report.items.map((i) => [i.item, i]));
    expect(byItem.get('block-cache-hit-ratio')?.causes.map((c) => c.setting)).toEqual(['hfile.block.cache.size', 'hbase.bucketcache.ioengine']);
    expect(byItem.get('disk')?.status).toBe('not-measured');
    expect(byItem.get('disk')?.causes).toEqual([]);
    const healthy = withCauses(evaluateHealth(['healthy-before', 'healthy-after'].map((f, i) => ({ timeMs: i, readings: [parseHealthReading(text(`${f}.derived.json`), f)], failures: [] })), defaultCatalogue()), config);
    expect(healthy.items.filter((i) => i.status === 'pass').length).toBeGreaterThan(0);
    for (const i of healthy.items) if (i.status !== 'fail') expect(i.causes).toEqual([]);
  });

  it('the text output lists the causes under the failing item', () => {
    const lines = renderHealth(report).split('\n');
    const at = lines.findIndex((l) => l.includes('FAIL  rpc-call-queue'));
    expect(lines[at + 1]?.trim()).toBe(`hbase.regionserver.handler.count = 10 (${SITE}:17)`);
    const gc = lines.findIndex((l) => l.includes('FAIL  gc-pause'));
    expect(lines[gc + 3]?.trim()).toBe(`-XX:MaxGCPauseMillis = 6000 ms (${ENV}:3) lint GC_PAUSE_TARGET (error): the GC pause target is 6000 ms`);
  });
});
