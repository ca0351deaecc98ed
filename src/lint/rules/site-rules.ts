/**
 * Rules over `hbase-site.xml` and `hbase-env.sh` (playbook sections 7.1, 7.3, 7.4 and the operations checklist).
 *
 * Settings are read as a merged configuration: the last `<property>` with a name wins, as in Hadoop's
 * `Configuration` when resources are added in order. `MAJOR_COMPACTION_AUTO` judges only configurations that say
 * something about compaction (any property with `compaction` in its name), so a file that only tunes caches is not
 * blamed for compaction settings it never meant to hold.
 *
 * @module
 */
import { formatDurationMs } from '../../util/duration.js';
import { formatSizeBytes } from '../../util/size.js';
import type { LintSubject, SiteProperty } from '../model.js';
import { siteNumber } from '../site/site-xml.js';
import type { Hit, LintRule } from './types.js';

/** HBase's default major compaction period, ms (`HConstants.DEFAULT_MAJOR_COMPACTION_PERIOD`, 7 days). */
export const DEFAULT_MAJOR_COMPACTION_MS = 604_800_000;
/** Default heap fraction of the block cache in HBase 2.x (`hfile.block.cache.size`). */
export const DEFAULT_BLOCK_CACHE_FRACTION = 0.4;
/** Default heap fraction of the global memstore in HBase 2.x (`hbase.regionserver.global.memstore.size`). */
export const DEFAULT_MEMSTORE_FRACTION = 0.4;
/** Largest global memstore fraction HBase takes; one above it (or 0 and below) is read as the default 0.4. */
export const MAX_MEMSTORE_FRACTION = 0.8;
/** Most heap percent block cache + memstore may take: HBase keeps 20% free (`HBASE_CLUSTER_MINIMUM_MEMORY_THRESHOLD`). */
export const MAX_CACHE_PLUS_MEMSTORE_PERCENT = 80;
/** Smallest `hbase.bucketcache.size` HBase 2 accepts, MB (`MemorySizeUtil.getBucketCacheSize`). */
export const MIN_BUCKETCACHE_MB = 1;
/** `PressureAwareCompactionThroughputController`'s default lower bound, bytes/s (50 MiB/s). */
export const DEFAULT_COMPACTION_LOWER_BOUND = 52_428_800;
/** `PressureAwareCompactionThroughputController`'s default higher bound, bytes/s (100 MiB/s). */
export const DEFAULT_COMPACTION_HIGHER_BOUND = 104_857_600;
/** Longest stop-the-world pause the operations checklist tolerates, ms. */
export const MAX_GC_PAUSE_MS = 5000;

/** The last property named `name`. */
export function siteValue(s: LintSubject, name: string): SiteProperty | undefined {
  let found: SiteProperty | undefined;
  for (const p of s.site) if (p.name === name) found = p;
  return found;
}

const talksCompaction = (s: LintSubject): boolean => s.site.some((p) => p.name.includes('compaction'));
const where = (p: SiteProperty | undefined): { place?: SiteProperty['place'] } => (p === undefined ? {} : { place: p.place });

/**
 * A heap fraction as HBase's `MemorySizeUtil.validateRegionServerHeapMemoryAllocation` sees it: the Java float
 * times 100, truncated to a whole percent.
 */
export function heapPercent(fraction: number): number {
  return Math.trunc(Math.fround(Math.fround(fraction) * 100));
}

/** Site and JVM rules, in catalogue order. */
export const SITE_RULES: readonly LintRule[] = [
  {
    code: 'MAJOR_COMPACTION_AUTO',
    severity: 'warning',
    scope: 'site',
    checks: 'hbase.hregion.majorcompaction not 0 (automatic time-based major compaction left on)',
    why: 'automatic major compactions rewrite every store at an unplanned time and cause I/O storms under load',
    fix: 'set hbase.hregion.majorcompaction to 0 and run major_compact off-peak from cron, table by table',
    check: (s) => {
      const p = siteValue(s, 'hbase.hregion.majorcompaction');
      if (p === undefined && !talksCompaction(s)) return [];
      if (p !== undefined && siteNumber(p) === 0 && p.value !== '') return [];
      const ms = p === undefined ? `unset (HBase default ${DEFAULT_MAJOR_COMPACTION_MS} ms, 7 days)` : `${p.value} ms (${formatDurationMs(siteNumber(p))})`;
      return [{ path: 'site hbase.hregion.majorcompaction', message: `automatic major compaction every ${ms}`, ...where(p) }];
    },
  },
  {
    code: 'SITE_FINAL_IGNORED',
    severity: 'info',
    scope: 'site',
    checks: 'an hbase-site.xml property that an earlier one of its name, marked <final>true</final>, keeps HBase from reading',
    why: 'Hadoop\'s Configuration ignores it (logging "an attempt to override final parameter"): the value written there never takes effect, nor is it checked',
    fix: 'remove the ignored property, or change the final one (or its <final> mark) if the later value is the one meant',
    check: (s) =>
      (s.siteIgnored ?? []).map((p) => {
        const final = s.site.find((f) => f.name === p.name && f.final === true);
        const kept = siteValue(s, p.name);
        const because =
          final === undefined
            ? `an earlier property marks it final without a value, so it keeps ${kept === undefined ? "HBase's default" : `'${kept.value}' (${kept.place.file}:${kept.place.line})`}`
            : `${final.place.file}:${final.place.line} marks it final with '${final.value}', which stays`;
        return { path: `site ${p.name}`, message: `${p.name} = '${p.value}' is ignored: ${because}`, place: p.place };
      }),
  },
  {
    code: 'HEAP_CACHE_MEMSTORE',
    severity: 'error',
    scope: 'site',
    checks: `block cache (hfile.block.cache.memory.size over the heap, else hfile.block.cache.size) + hbase.regionserver.global.memstore.size above the heap left once hbase.regionserver.free.heap.min.memory.size is kept free (0.${MAX_CACHE_PLUS_MEMSTORE_PERCENT} by default)`,
    why: 'HBase refuses to start a RegionServer whose block cache and memstore leave less of the heap free than that minimum (20% by default)',
    fix: 'lower the block cache (hfile.block.cache.size, or hfile.block.cache.memory.size when set) or the global memstore so they fit (e.g. 0.4 + 0.4 with 20% kept free), or move cache off-heap with BucketCache',
    check: (s) => {
      const cache = siteValue(s, 'hfile.block.cache.size');
      const cacheSize = siteValue(s, 'hfile.block.cache.memory.size');
      const freeSize = siteValue(s, 'hbase.regionserver.free.heap.min.memory.size');
      const memstore = siteValue(s, 'hbase.regionserver.global.memstore.size') ?? siteValue(s, 'hbase.regionserver.global.memstore.upperLimit');
      if (cache === undefined && memstore === undefined && cacheSize === undefined && freeSize === undefined) return [];
      // HBase 2.6's MemorySizeUtil: a block cache size in bytes above 0 wins over the fraction, and a free minimum of
      // 0 bytes or more replaces the 20%; both are taken over the heap's maximum, so they are judged only when
      // hbase-env.sh gives the heap (-Xmx or HBASE_HEAPSIZE).
      const heap = s.jvm?.heapBytes;
      const cacheBytes = cacheSize === undefined ? -1 : siteNumber(cacheSize);
      const freeBytes = freeSize === undefined ? -1 : siteNumber(freeSize);
      if ((cacheBytes > 0 || freeBytes >= 0) && heap === undefined) return [];
      const bySize = cacheBytes > 0;
      const c = bySize ? Math.fround(cacheBytes / (heap as number)) : cache === undefined ? DEFAULT_BLOCK_CACHE_FRACTION : siteNumber(cache);
      const written = memstore === undefined ? DEFAULT_MEMSTORE_FRACTION : siteNumber(memstore);
      // MemorySizeUtil.getGlobalMemStoreHeapPercent: a fraction outside (0, 0.8] is replaced by the default 0.4.
      const outside = !(Math.fround(written) > 0 && Math.fround(written) <= Math.fround(MAX_MEMSTORE_FRACTION));
      const m = outside ? DEFAULT_MEMSTORE_FRACTION : written;
      const limit = freeBytes >= 0 ? 100 - heapPercent(Math.fround(freeBytes / (heap as number))) : MAX_CACHE_PLUS_MEMSTORE_PERCENT;
      const percent = heapPercent(c) + heapPercent(m);
      if (!(percent > limit)) return [];
      const shownMemstore = outside ? `${DEFAULT_MEMSTORE_FRACTION} (HBase's default in place of ${memstore?.value ?? written}, outside 0 to ${MAX_MEMSTORE_FRACTION})` : `${memstore?.value ?? m}`;
      const heapText = heap === undefined ? '' : ` of a ${formatSizeBytes(heap)} heap`;
      const shownCache = bySize ? `${cacheSize?.value} (${heapPercent(c)}%${heapText})` : `${cache?.value ?? c}`;
      const shownLimit = freeBytes >= 0
        ? `limit ${limit}%: hbase.regionserver.free.heap.min.memory.size ${freeSize?.value} keeps ${100 - limit}%${heapText} free`
        : `limit ${limit}%`;
      // a cache given in bytes: the most it may be beside this memstore, in bytes too
      const room = bySize ? Math.max(0, limit - heapPercent(m)) : 0;
      const fit = bySize ? `; beside this memstore it fits at ${formatSizeBytes(Math.floor(((heap as number) * room) / 100))} or less (${room}%)` : '';
      return [{
        path: `site ${bySize ? 'hfile.block.cache.memory.size' : 'hfile.block.cache.size'}`,
        message: `block cache ${shownCache} + global memstore ${shownMemstore} take ${percent}% of the heap (${shownLimit})${fit}`,
        ...where((bySize ? cacheSize : cache) ?? memstore ?? freeSize),
      }];
    },
  },
  {
    code: 'COMPACTION_THROUGHPUT',
    severity: 'warning',
    scope: 'site',
    checks: 'compaction throughput left unlimited (NoLimitThroughputController), or a lower bound above the higher one (an unset bound is HBase\'s default, 50 or 100 MB/s)',
    why: 'unthrottled compactions take the disks from foreground reads and writes during peaks; with the bounds crossed, the throttle allows less as compaction pressure rises',
    fix: 'use PressureAwareCompactionThroughputController (HBase\'s default) with hbase.hstore.compaction.throughput.lower.bound at or below higher.bound (e.g. 50 MB/s and 100 MB/s)',
    check: (s) => {
      const controller = siteValue(s, 'hbase.regionserver.throughput.controller');
      if (controller !== undefined && controller.value.endsWith('NoLimitThroughputController')) {
        return [{ path: 'site hbase.regionserver.throughput.controller', message: 'compaction throughput is unlimited', place: controller.place }];
      }
      // HBase 2's default controller, PressureAwareCompactionThroughputController, throttles between these bounds.
      const lower = siteValue(s, 'hbase.hstore.compaction.throughput.lower.bound');
      const higher = siteValue(s, 'hbase.hstore.compaction.throughput.higher.bound');
      const low = lower === undefined ? DEFAULT_COMPACTION_LOWER_BOUND : siteNumber(lower);
      const high = higher === undefined ? DEFAULT_COMPACTION_HIGHER_BOUND : siteNumber(higher);
      if (!(low > high)) return [];
      const shown = (p: SiteProperty | undefined, n: number): string => `${p === undefined ? n : p.value} B/s${p === undefined ? " (HBase's default)" : ''}`;
      return [{ path: 'site hbase.hstore.compaction.throughput', message: `lower bound ${shown(lower, low)} is above higher bound ${shown(higher, high)}`, ...where(lower ?? higher) }];
    },
  },
  {
    code: 'GC_PAUSE_TARGET',
    severity: 'error',
    scope: 'jvm',
    checks: `-XX:MaxGCPauseMillis at or above ${MAX_GC_PAUSE_MS} ms`,
    why: 'the operations checklist allows no stop-the-world pause of 5 s or more; long pauses expire ZooKeeper sessions and kill RegionServers',
    fix: 'use G1 with -XX:MaxGCPauseMillis=100 to 200 in HBASE_REGIONSERVER_OPTS',
    check: (s) => {
      const ms = s.jvm?.maxGcPauseMs;
      if (ms === undefined || ms < MAX_GC_PAUSE_MS) return [];
      const place = s.jvm?.places['maxGcPause'];
      return [{ path: 'jvm -XX:MaxGCPauseMillis', message: `the GC pause target is ${ms} ms`, ...(place === undefined ? {} : { place }) }];
    },
  },
  {
    code: 'BUCKETCACHE_SIZE_REFUSED',
    severity: 'error',
    scope: 'site',
    checks: 'a BucketCache (hbase.bucketcache.ioengine set) whose hbase.bucketcache.size is unset or below 1',
    why: 'HBase 2 reads hbase.bucketcache.size as megabytes and refuses one below 1 MB (MemorySizeUtil.getBucketCacheSize): the RegionServer fails at start; a heap fraction such as 0.4 was the form of HBase 1',
    fix: 'set hbase.bucketcache.size to the cache size in MB (8192 for 8 GiB), or remove hbase.bucketcache.ioengine to run without a BucketCache',
    check: (s) => {
      const engine = siteValue(s, 'hbase.bucketcache.ioengine');
      if (engine === undefined || engine.value === '') return [];
      const size = siteValue(s, 'hbase.bucketcache.size');
      // Configuration.getFloat(hbase.bucketcache.size, 0): unset reads as 0.
      const n = size === undefined ? 0 : Math.fround(siteNumber(size));
      if (n >= MIN_BUCKETCACHE_MB) return [];
      const what = size === undefined ? 'is unset (0)' : `is ${size.value}, below 1 MB`;
      return [{ path: 'site hbase.bucketcache.size', message: `hbase.bucketcache.ioengine is ${engine.value} but hbase.bucketcache.size ${what}: HBase 2 refuses to start the RegionServer`, place: (size ?? engine).place }];
    },
  },
  {
    code: 'BUCKETCACHE_DIRECT_MEMORY',
    severity: 'error',
    scope: 'jvm',
    checks: 'an off-heap BucketCache (hbase.bucketcache.size) larger than the JVM direct memory (-XX:MaxDirectMemorySize, else -Xmx)',
    why: 'the RegionServer cannot allocate the cache and fails at start with an out-of-direct-memory error',
    fix: 'raise -XX:MaxDirectMemorySize in HBASE_REGIONSERVER_OPTS above the cache size (plus about 1-2 GB for RPC buffers) or shrink the cache',
    check: (s) => {
      const engine = siteValue(s, 'hbase.bucketcache.ioengine');
      const size = siteValue(s, 'hbase.bucketcache.size');
      const direct = s.jvm?.maxDirectMemoryBytes ?? s.jvm?.heapBytes;
      if (engine?.value !== 'offheap' || size === undefined || direct === undefined || s.jvm === undefined) return [];
      const n = siteNumber(size);
      // Megabytes (MemorySizeUtil.getBucketCacheSize); a size below 1 is BUCKETCACHE_SIZE_REFUSED's.
      const cacheBytes = n * 1_048_576;
      if (n < MIN_BUCKETCACHE_MB || !(cacheBytes > direct)) return [];
      const limit = s.jvm.maxDirectMemoryBytes === undefined ? 'the heap size (the JVM default when -XX:MaxDirectMemorySize is unset)' : '-XX:MaxDirectMemorySize';
      return [{
        path: 'site hbase.bucketcache.size',
        message: `the off-heap BucketCache needs ${Math.round(cacheBytes / 1_048_576)} MiB but ${limit} allows ${Math.round(direct / 1_048_576)} MiB`,
        place: size.place,
      }];
    },
  },
];
