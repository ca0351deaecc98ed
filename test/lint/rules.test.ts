import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rulesMarkdown } from '../../src/lint/format.js';
import type { LintSubject } from '../../src/lint/model.js';
import { RULES, ruleByCode } from '../../src/lint/rules/index.js';
import { heapPercent } from '../../src/lint/rules/site-rules.js';
import { mergeSubjects } from '../../src/lint/load.js';
import { readSiteXmlEntries } from '../../src/lint/site/site-xml.js';
import { env, key, load, shell, site, subject, wide } from './subjects.js';

/** hfile.block.cache.size written with `first` (a value and perhaps a final mark), then as 0.5, merged as HBase reads them. */
const finalSite = (first: string): LintSubject => {
  const property = (inner: string): string => `<property><name>hfile.block.cache.size</name>${inner}</property>`;
  return mergeSubjects([{ site: readSiteXmlEntries(`<configuration>${property(first)}${property('<value>0.5</value>')}</configuration>`, 's.xml') }]);
};

/** For every rule: subjects that fire it (with words its message must hold) and subjects that must not. */
const CASES: Record<string, { fires: [LintSubject, string][]; passes: LintSubject[] }> = {
  CF_COUNT: {
    fires: [[subject(shell("create 't', 'a', 'b', 'c', 'd'")), '4 column families (a, b, c, d)']],
    passes: [subject(shell("create 't', 'a', 'b', 'c'"))],
  },
  CF_SETTING_INVALID: {
    // TableDescriptorChecker refuses a TTL <= 0; ColumnFamilyDescriptorBuilder.setMaxVersions refuses VERSIONS <= 0
    // (family-settings.test.ts has the boundaries).
    fires: [
      [subject(shell("create 't', {NAME => 'd', TTL => -1}")), "family 'd' has TTL -1; HBase refuses a TTL that is not positive"],
      [subject(shell("create 't', {NAME => 'd', VERSIONS => -1}")), "family 'd' has VERSIONS -1; HBase refuses fewer than 1 version"],
    ],
    passes: [subject(shell("create 't', {NAME => 'd', VERSIONS => 1, TTL => 'FOREVER'}")), subject(shell("create 't', {NAME => 'd', TTL => 1}"))],
  },
  CF_NAME_LONG: {
    fires: [[subject(shell("create 't', 'stats'")), "family 'stats' is longer than 4 bytes"]],
    passes: [subject(shell("create 't', 'data'"))],
  },
  CF_RETENTION: {
    fires: [
      [subject(shell("create 't', 'd'")), "family 'd' sets neither VERSIONS nor TTL"],
      [subject(shell("create 't', {NAME => 'd', TTL => 'FOREVER'}")), 'neither'],
      // PrettyPrinter reads '2147483647 SECONDS' as 2147483647, HConstants.FOREVER.
      [subject(shell("create 't', {NAME => 'd', TTL => '2147483647 SECONDS'}")), 'neither'],
    ],
    passes: [subject(shell("create 't', {NAME => 'd', TTL => 86400}")), subject(shell("create 't', {NAME => 'd', VERSIONS => 3}"))],
  },
  CF_COMPRESSION: {
    fires: [[subject(shell("create 't', {NAME => 'd', COMPRESSION => 'NONE'}, 'e'")), "families 'd', 'e' are not compressed"]],
    passes: [subject(shell("create 't', {NAME => 'd', COMPRESSION => 'lz4'}"))],
  },
  CF_BLOOM_NONE: {
    fires: [
      [subject(shell("create 't', {NAME => 'd', BLOOMFILTER => 'NONE'}")), "family 'd' has no bloom filter"],
      [subject(shell("create 't', {NAME => 'd', BLOOMFILTER => 'NONE'}"), key('{id}', 'point-get')), 'no bloom'],
    ],
    passes: [
      subject(shell("create 't', {NAME => 'd', BLOOMFILTER => 'ROW'}")),
      subject(shell("create 't', {NAME => 'd', BLOOMFILTER => 'NONE'}"), key('{id}_{reverseTs(ts)}', 'latest-n:id')),
    ],
  },
  CF_BLOOM_FIT: {
    fires: [[subject(shell("create 't', {NAME => 'd', BLOOMFILTER => 'ROWCOL'}"), key('{id}_{reverseTs(ts)}', 'latest-n:id')), 'scans only']],
    passes: [
      subject(shell("create 't', {NAME => 'd', BLOOMFILTER => 'ROWCOL'}"), key('{id}_{reverseTs(ts)}', 'latest-n:id,point-get')),
      subject(shell("create 't', {NAME => 'd', BLOOMFILTER => 'ROWCOL'}")),
    ],
  },
  PRESPLIT_NONE: {
    fires: [[subject(shell("create 't', 'd'"), load({ servers: 10, writesPerSec: 60000 })), "starts with 1 region for 10 RegionServers (60000 writes/s per region at 60000 writes/s)"]],
    passes: [subject(shell("create 't', 'd', {NUMREGIONS => 10, SPLITALGO => 'HexStringSplit'}"), load({ servers: 10 })), subject(shell("create 't', 'd'"))],
  },
  PRESPLIT_TOO_FEW: {
    fires: [[subject(shell("create 't', 'd', SPLITS => ['4', '8', 'c']"), load({ servers: 4 })), "starts with 4 regions for 4 RegionServers; the playbook's formula gives 40-120"]],
    passes: [subject(shell("create 't', 'd', {NUMREGIONS => 40, SPLITALGO => 'HexStringSplit'}"), load({ servers: 4 }))],
  },
  PRESPLIT_TOO_MANY: {
    // 4 servers x 30 = 120 regions at most; 128 HexStringSplit regions are 32 per server
    fires: [[subject(shell("create 't', 'd', {NUMREGIONS => 128, SPLITALGO => 'HexStringSplit'}"), load({ servers: 4 })), "starts with 128 regions for 4 RegionServers; the playbook's formula gives 40-120"]],
    passes: [
      subject(shell("create 't', 'd', {NUMREGIONS => 120, SPLITALGO => 'HexStringSplit'}"), load({ servers: 4 })),
      subject(shell("create 't', 'd', {NUMREGIONS => 128, SPLITALGO => 'HexStringSplit'}")),
    ],
  },
  SPLIT_ALPHABET: {
    fires: [
      [subject(shell("create 't', 'd', SPLITS => ['40', '80', 'c0']"), key('{bucket(id,16)}_{id}')), 'split on hex points but its key starts with {bucket(id,16)}, which writes decimal bytes'],
      [subject(shell("create 't', 'd', {NUMREGIONS => 8, SPLITALGO => 'DecimalStringSplit'}"), key('{salt(id,16)}_{id}')), 'decimal points'],
      [subject(shell("create 't', 'd', {NUMREGIONS => 8, SPLITALGO => 'UniformSplit'}"), key('{md5(id,4)}{id}')), 'binary points'],
      [subject(shell("create 't', 'd', SPLITS => ['4', '8', 'C']"), key('{salt(id,16)}_{id}')), 'HEX points'],
      // Hex points over a hex salt of 16 buckets ("00".."0f"): HexStringSplit cuts at "20000000", "40000000", ...,
      // so every key sorts into the first region and 7 of 8 never see one.
      [subject(shell("create 't', 'd', {NUMREGIONS => 8, SPLITALGO => 'HexStringSplit'}"), key('{salt(id,16)}_{id}')), '7 of 8 regions can never receive a key'],
      // Issue 15: 30 regions, step 0x08888888; "00_".."07_" sort below "08888888", "08_".."0f_" below "11111110".
      [subject(shell("create 't', 'd', {NUMREGIONS => 30, SPLITALGO => 'HexStringSplit'}"), key('{salt(id,16)}_{id}')), '28 of 30 regions can never receive a key'],
      // Phoenix salt bytes \x00..\x07 all sort below UniformSplit's first point \x20\x00...
      [subject(shell("create 't', 'd', {NUMREGIONS => 8, SPLITALGO => 'UniformSplit'}"), key('{phoenixSalt(8)}{id}')), '7 of 8 regions'],
      // A 2-character md5 prefix has 256 values over 300 regions: 44 regions get none (counted by a separate model
      // of HexStringSplit's points and the 256 prefixes).
      [subject(shell("create 't', 'd', {NUMREGIONS => 300, SPLITALGO => 'HexStringSplit'}"), key('{md5(id,2)}_{id}')), '44 of 300 regions'],
    ],
    passes: [
      subject(shell("create 't', 'd', {NUMREGIONS => 8, SPLITALGO => 'HexStringSplit'}"), key('{md5(id,8)}_{id}')),
      subject(shell("create 't', 'd', {NUMREGIONS => 30, SPLITALGO => 'HexStringSplit'}"), key('{salt(id,256)}_{id}')),
      subject(shell("create 't', 'd', SPLITS => ['0004', '0008', '0012']"), key('{bucket(id,16)}_{id}')),
      subject(shell('create \'t\', \'d\', SPLITS => ["\\x01", "\\x02", "\\x03", "\\x04", "\\x05", "\\x06", "\\x07"]'), key('{phoenixSalt(8)}{id}')),
      // single-quoted, Ruby keeps the four characters \x01 and the shell's Bytes.toBytesBinary makes the byte 0x01
      subject(shell("create 't', 'd', SPLITS => ['\\x01', '\\x02', '\\x03', '\\x04', '\\x05', '\\x06', '\\x07']"), key('{phoenixSalt(8)}{id}')),
    ],
  },
  // What the shell (HBase 2.6 classes) makes of each point (run there: Bytes.toStringBinary(Bytes.toBytesBinary(point))):
  // '\x62' is b, "\x80" is \xFD, "中" is -, 'abc\x4' throws; createTable refuses empty and repeated keys.
  SPLIT_POINTS_REFUSED: {
    fires: [
      [subject(shell("create 't', 'd', SPLITS => ['', 'b']")), 'split point 1 is empty; the create fails with "Empty split key must not be passed in the split keys."'],
      [subject(shell("create 't', 'd', SPLITS => ['a', 'b', '\\x62']")), "split point 3 repeats split point 2, the key 'b'"],
      [subject(shell("create 't', 'd', SPLITS => ['a', 'abc\\x4']")), "split point 2 ('abc\\x4') ends in an incomplete \\x escape"],
      // two Ruby strings, two Java strings, one key: both non-UTF-8 bytes become U+FFFD, written 0xFD
      [subject(shell('create \'t\', \'d\', SPLITS => ["\\x80", "\\xff"]')), "split point 2 repeats split point 1, the key '\\xFD'"],
    ],
    passes: [
      subject(shell("create 't', 'd', SPLITS => ['a', 'b', '\\x63']")),
      subject(shell("create 't', 'd', SPLITS => ['\\x00', '\\x01', 'a\\xZZ']")),
    ],
  },
  SPLIT_POINT_MANGLED: {
    fires: [
      [subject(shell('create \'t\', \'d\', SPLITS => ["\\x40", "\\x80"]')), "split point 2 holds bytes that are not UTF-8 (a double-quoted \"\\x80\" and the like), which the shell passes as U+FFFD and writes as the byte 0xFD: its key is '\\xFD'"],
      [subject(shell("create 't', 'd', SPLITS => ['m', '中']")), "split point 2 holds '中' (U+4E2D), which the shell writes as 0x2D (the low byte of each UTF-16 unit), not as UTF-8: its key is '-'"],
    ],
    passes: [
      subject(shell("create 't', 'd', SPLITS => ['\\x40', '\\x80']")),
      // é is U+00E9, one byte 0xE9 as written (the shell writes it so too)
      subject(shell("create 't', 'd', SPLITS => ['a', 'é']")),
      subject(shell('create \'t\', \'d\', SPLITS => ["\\x01", "\\x7f"]')),
    ],
  },
  KEY_MONOTONIC_FIRST: {
    fires: [
      [subject(key('{ts}_{deviceId}')), 'starts with {ts}, which grows with ts'],
      [subject(key('evt_{pad(orderSeq,12)}')), 'starts with {pad(orderSeq,12)}'],
      [subject(key('{when}_{id}', '', { when: 'epochMs', id: 'string' })), '{when}'],
    ],
    passes: [subject(key('{deviceId}_{ts}')), subject(key('{pad(userId,10)}_{x}')), subject(key('{ts}_{id}', '', { ts: 'string', id: 'string' }))],
  },
  KEY_REVERSE_TS_FIRST: {
    fires: [[subject(key('{reverseTs(ts)}_{deviceId}')), 'starts with {reverseTs(ts)}, which shrinks']],
    passes: [subject(key('{deviceId}_{reverseTs(ts)}'))],
  },
  KEY_CATEGORY_FIRST: {
    fires: [
      [subject(key('{status}_{id}', '', { status: 'category', id: 'string' })), 'starts with {status}, which has only as many values as status (few distinct values)'],
      [subject(key('{salt(status,16)}_{id}', '', { status: 'category', id: 'string' })), 'starts with {salt(status,16)}'],
    ],
    passes: [subject(key('{salt(id,16)}_{status}_{id}', '', { status: 'category', id: 'string' })), subject(key('{status}_{id}', '', { status: 'string', id: 'string' }))],
  },
  KEY_UNPADDED_NUMBER: {
    fires: [
      [subject(key('{deviceId}_{ts}', 'time-range:deviceId')), 'time-range:deviceId: the scan ranges over {ts}'],
      [subject(key('{tenant}_{id}', '', { tenant: 'string', id: 'sequence' })), '{id} writes id (sequence) without a fixed width: keys sort 1, 10, 100, 2; new ids write next to each other at a front that moves up'],
      [subject(key('{userId}_{name}', 'point-get', { userId: 'int', name: 'string' })), '{userId} writes userId (int) without a fixed width'],
      // a typed field the scan also ranges over is reported once
      [subject(key('{tenant}_{orderNo}', 'prefix-scan:tenant', { tenant: 'string', orderNo: 'long' })), '{orderNo} writes orderNo (long)'],
      // 10 digits hold ids up to 9,999,999,999; a long reaches 9,223,372,036,854,775,807 (19 digits)
      [subject(key('{pad(id,10)}', '', { id: 'long' })), '{pad(id,10)} pads id (long) to 10 digits but a long reaches 19: from 10,000,000,000 on'],
      [subject(key('{pad(n,9)}', '', { n: 'int' })), 'pads n (int) to 9 digits but an int reaches 10: from 1,000,000,000 on'],
    ],
    passes: [
      subject(key('{deviceId}_{reverseTs(ts)}', 'time-range:deviceId')),
      subject(key('{deviceId}_{ts}', 'point-get')),
      subject(key('{tenant}_{pad(id,19)}', '', { tenant: 'string', id: 'sequence' })),
      subject(key('{pad(n,10)}', '', { n: 'int' })),
      subject(key('{long(id)}', '', { id: 'long' })),
      subject(key('{id}_{name}', 'point-get', { id: 'string', name: 'string' })),
    ],
  },
  KEY_AMBIGUOUS_BOUNDARY: {
    // key-boundary.test.ts encodes the colliding records
    fires: [
      [subject(key('{padBytes(tenant,16,0)}_{id}')), '{padBytes(tenant,16,0)} fills tenant with 0x00 up to 16 bytes'],
      [subject(key('{tenant}{long(id)}_{name}')), '{tenant} has no fixed width and {long(id)} follows it directly'],
    ],
    passes: [subject(key('{tenant}\\x00{long(id)}_{name}')), subject(key('{padBytes(tenant,16,32)}_{id}'))],
  },
  KEY_PII_CLEAR: {
    fires: [
      [subject(key('{email}_{date(ts,"yyyyMMdd")}')), '{email} writes email in clear'],
      [subject(key('{salt(contact,8)}{contact}', '', { contact: 'pii' })), '{contact} writes contact'],
    ],
    passes: [subject(key('{sha256(email)}_{date(ts,"yyyyMMdd")}'))],
  },
  KEY_SALT_FANOUT: {
    fires: [[subject(key('{salt(ts,16)}_{deviceId}_{reverseTs(ts)}', 'latest-n:deviceId')), 'latest-n:deviceId: {salt(ts,16)} cannot be computed from deviceId: each read fans out to 16 scans']],
    passes: [subject(key('{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}', 'latest-n:deviceId'))],
  },
  KEY_ACCESS_UNSERVED: {
    fires: [[subject(key('{deviceId}_{reverseTs(ts)}', 'prefix-scan:userId')), 'userId is not in the key']],
    passes: [subject(key('{deviceId}_{reverseTs(ts)}', 'prefix-scan:deviceId'))],
  },
  KEY_LATEST_ORDER: {
    fires: [
      [subject(key('{deviceId}_{date(ts,"yyyyMMddHHmmss")}', 'latest-n:deviceId')), 'latest-n:deviceId: after deviceId the key continues with {date(ts,"yyyyMMddHHmmss")}, oldest first'],
      // A time-first key: deviceId comes after the time, not before it (the message said "after deviceId the key continues with" the time).
      [subject(key('{date(ts,"yyyyMMddHHmmss")}-{deviceId}', 'latest-n:deviceId')), 'latest-n:deviceId: the key reaches deviceId only after {date(ts,"yyyyMMddHHmmss")}, which ascends: rows come oldest first'],
    ],
    passes: [subject(key('{deviceId}_{reverseTs(ts)}', 'latest-n:deviceId'))],
  },
  WIDE_ROW_UNSPLITTABLE: {
    // 1 cell/s x 100 B = 8,640,000 B/day; 10 GiB / that = 1242.76 days.
    fires: [
      [subject(wide("table: w\nkey: '{deviceId}'\nnewQualifierEvery: 1s\ncellBytes: 100\n")), 'grow 8.24 MiB/day (1 qualifiers/s x 100 B) and reach the region size 10240 MiB after 1242.8 days'],
      // One row per year: 86,400,000 B/day for 366 days; 10 GiB after 124.28 days; 10 GiB / 366 days = 28 MiB/day.
      [
        subject(wide("table: w\nkey: '{deviceId}_{date(ts,\"yyyy\")}'\nnewQualifierEvery: 1s\ncellBytes: 1000\n")),
        'after 124.3 days; a row grows for 366.0 days (TTL or time bucket), so it stays splittable below 28 MiB/day',
      ],
    ],
    passes: [subject(wide("table: w\nkey: '{deviceId}_{date(ts,\"yyyyMMdd\")}'\nnewQualifierEvery: 1s\ncellBytes: 100\n"))],
  },
  WIDE_ROW_FLUSH: {
    // 30-day TTL caps the row at 259,200,000 B: over 128 MiB, under 10 GiB; 134,217,728 / 8,640,000 = 15.53 days.
    fires: [[subject(wide("table: w\nkey: '{deviceId}'\nqualifiersPerSec: 1\ncellBytes: 100\nttlSeconds: 2592000\n")), 'reach the flush size 128 MiB after 15.5 days']],
    passes: [subject(wide("table: w\nkey: '{deviceId}'\nqualifiersPerSec: 1\ncellBytes: 100\nttlSeconds: 604800\n"))],
  },
  MAJOR_COMPACTION_AUTO: {
    fires: [
      [subject(site({ 'hbase.hregion.majorcompaction': '86400000' })), 'every 86400000 ms (1d)'],
      [subject(site({ 'hbase.hstore.compaction.min': '3' })), 'unset (HBase default 604800000 ms, 7 days)'],
    ],
    passes: [subject(site({ 'hbase.hregion.majorcompaction': '0' })), subject(site({ 'hfile.block.cache.size': '0.4' }))],
  },
  SITE_FINAL_IGNORED: {
    // site-xml.test.ts has the places and the final marks without a value
    fires: [[finalSite('<value>0.4</value><final>true</final>'), "hfile.block.cache.size = '0.5' is ignored: s.xml:1 marks it final with '0.4', which stays"]],
    passes: [finalSite('<value>0.4</value>'), subject(site({ 'hfile.block.cache.size': '0.4' }))],
  },
  HEAP_CACHE_MEMSTORE: {
    fires: [
      [subject(site({ 'hfile.block.cache.size': '0.5' })), 'block cache 0.5 + global memstore 0.4 take 90% of the heap'],
      [subject(site({ 'hfile.block.cache.size': '0.41', 'hbase.regionserver.global.memstore.size': '0.4' })), '81%'],
      [subject(site({ 'hbase.regionserver.global.memstore.upperLimit': '0.45' })), '85%'],
      // a memstore fraction above 0.8 is read as 0.4 (getGlobalMemStoreHeapPercent): 50% + 40% = 90%
      [subject(site({ 'hfile.block.cache.size': '0.5', 'hbase.regionserver.global.memstore.size': '0.9' })), "block cache 0.5 + global memstore 0.4 (HBase's default in place of 0.9, outside 0 to 0.8) take 90% of the heap"],
      // HBase 2.6: a block cache size in bytes wins over the fraction: 8 GiB of a 16 GiB heap is 50%, + 40% = 90% > 80%
      [subject(site({ 'hfile.block.cache.memory.size': '8g', 'hfile.block.cache.size': '0.2' }), env('HBASE_REGIONSERVER_OPTS="-Xmx16g"')),
        // the room beside the memstore's 40%: 80% − 40% = 40% of 16 GiB, 6.4 GiB
        'block cache 8g (50% of a 16 GB heap) + global memstore 0.4 take 90% of the heap (limit 80%); beside this memstore it fits at 6.4 GB or less (40%)'],
      // 8 GiB kept free of 16 GiB leaves 50% for cache + memstore; the defaults take 40% + 40%
      [subject(site({ 'hbase.regionserver.free.heap.min.memory.size': '8589934592' }), env('HBASE_HEAPSIZE=16384')),
        'block cache 0.4 + global memstore 0.4 take 80% of the heap (limit 50%: hbase.regionserver.free.heap.min.memory.size 8589934592 keeps 50% of a 16 GB heap free)'],
    ],
    passes: [
      subject(site({ 'hfile.block.cache.size': '0.4', 'hbase.regionserver.global.memstore.size': '0.4' })),
      // 0.405f * 100 truncates to 40 in Java, so HBase accepts 0.405 + 0.4.
      subject(site({ 'hfile.block.cache.size': '0.405', 'hbase.regionserver.global.memstore.size': '0.4' })),
      // HBase 2.6 replaces 0.85 with 0.4: 10% + 40% = 50% starts; 0.85 itself would have made 95%
      subject(site({ 'hfile.block.cache.size': '0.1', 'hbase.regionserver.global.memstore.size': '0.85' })),
      subject(site({ 'hfile.block.cache.size': '0.4', 'hbase.regionserver.global.memstore.size': '0' })),
      // 4 GiB of 16 is 25%, in place of the fraction 0.6 (which would make 100%): 25% + 40% = 65%
      subject(site({ 'hfile.block.cache.memory.size': '4096mb', 'hfile.block.cache.size': '0.6' }), env('HBASE_REGIONSERVER_OPTS="-Xmx16g"')),
      // 1 GiB kept free of 16 is 6.25%, truncated to 6: the limit is 94%, and 50% + 40% = 90% starts
      subject(site({ 'hfile.block.cache.size': '0.5', 'hbase.regionserver.free.heap.min.memory.size': '1g' }), env('HBASE_REGIONSERVER_OPTS="-Xmx16g"')),
      // sizes in bytes with no heap to take them over: not judged
      subject(site({ 'hfile.block.cache.memory.size': '64g' })),
    ],
  },
  COMPACTION_THROUGHPUT: {
    fires: [
      [subject(site({ 'hbase.regionserver.throughput.controller': 'org.apache.hadoop.hbase.regionserver.throttle.NoLimitThroughputController' })), 'unlimited'],
      [subject(site({ 'hbase.hstore.compaction.throughput.lower.bound': '200', 'hbase.hstore.compaction.throughput.higher.bound': '100' })), 'lower bound 200 B/s is above higher bound 100 B/s'],
      // 20 MiB/s higher bound under the unset lower bound's default, 52428800 B/s (PressureAwareCompactionThroughputController)
      [subject(site({ 'hbase.hstore.compaction.throughput.higher.bound': '20971520' })), "lower bound 52428800 B/s (HBase's default) is above higher bound 20971520 B/s"],
    ],
    passes: [
      subject(site({ 'hbase.hstore.compaction.throughput.lower.bound': '52428800', 'hbase.hstore.compaction.throughput.higher.bound': '104857600', 'hbase.hregion.majorcompaction': '0' })),
      // HBase 2's default controller is PressureAwareCompactionThroughputController with 50 and 100 MiB/s bounds:
      // a site that follows MAJOR_COMPACTION_AUTO's fix and sets no bound is throttled, not unlimited
      subject(site({ 'hbase.hregion.majorcompaction': '0' })),
      subject(site({ 'hbase.hstore.compaction.throughput.higher.bound': '104857600', 'hbase.hregion.majorcompaction': '0' })),
    ],
  },
  BUCKETCACHE_SIZE_REFUSED: {
    // HBase 2.6.4 MemorySizeUtil.getBucketCacheSize: getFloat(hbase.bucketcache.size, 0) < 1 throws IllegalArgumentException
    fires: [
      [subject(site({ 'hbase.bucketcache.ioengine': 'offheap', 'hbase.bucketcache.size': '0.4' })), 'hbase.bucketcache.ioengine is offheap but hbase.bucketcache.size is 0.4, below 1 MB'],
      [subject(site({ 'hbase.bucketcache.ioengine': 'file:/data/cache' })), 'hbase.bucketcache.ioengine is file:/data/cache but hbase.bucketcache.size is unset (0)'],
    ],
    passes: [
      subject(site({ 'hbase.bucketcache.ioengine': 'offheap', 'hbase.bucketcache.size': '8192' })),
      subject(site({ 'hbase.bucketcache.ioengine': 'offheap', 'hbase.bucketcache.size': '1' })),
      // without an ioengine there is no BucketCache and the size is never read
      subject(site({ 'hbase.bucketcache.size': '0.4' })),
    ],
  },
  BUCKETCACHE_DIRECT_MEMORY: {
    fires: [
      [subject(site({ 'hbase.bucketcache.ioengine': 'offheap', 'hbase.bucketcache.size': '12288' }), env('HBASE_REGIONSERVER_OPTS="-Xmx16g -XX:MaxDirectMemorySize=8g"')), 'needs 12288 MiB but -XX:MaxDirectMemorySize allows 8192 MiB'],
      [subject(site({ 'hbase.bucketcache.ioengine': 'offheap', 'hbase.bucketcache.size': '20480' }), env('HBASE_REGIONSERVER_OPTS="-Xmx16g"')), 'the heap size (the JVM default when -XX:MaxDirectMemorySize is unset) allows 16384 MiB'],
      // bin/hbase puts HBASE_REGIONSERVER_OPTS after HBASE_OPTS: the heap is 8 GiB, whatever the file order
      [subject(site({ 'hbase.bucketcache.ioengine': 'offheap', 'hbase.bucketcache.size': '12288' }), env('HBASE_REGIONSERVER_OPTS="-Xmx8g"\nHBASE_OPTS="-Xmx32g"')), 'needs 12288 MiB but the heap size (the JVM default when -XX:MaxDirectMemorySize is unset) allows 8192 MiB'],
    ],
    passes: [
      subject(site({ 'hbase.bucketcache.ioengine': 'offheap', 'hbase.bucketcache.size': '8192' }), env('HBASE_REGIONSERVER_OPTS="-Xmx32g -XX:MaxDirectMemorySize=10g"')),
      subject(site({ 'hbase.bucketcache.ioengine': 'offheap', 'hbase.bucketcache.size': '0.5' }), env('HBASE_REGIONSERVER_OPTS="-Xmx16g"')),
      subject(site({ 'hbase.bucketcache.ioengine': 'file:/data/cache', 'hbase.bucketcache.size': '65536' }), env('HBASE_REGIONSERVER_OPTS="-Xmx16g"')),
      // the HBase book's off-heap set-up: HBASE_OFFHEAPSIZE=16G is -XX:MaxDirectMemorySize=16G, above the 12 GiB cache
      subject(site({ 'hbase.bucketcache.ioengine': 'offheap', 'hbase.bucketcache.size': '12288' }), env('export HBASE_HEAPSIZE=8G\nexport HBASE_OFFHEAPSIZE=16G')),
    ],
  },
  GC_PAUSE_TARGET: {
    fires: [[subject(env('HBASE_REGIONSERVER_OPTS="-XX:+UseG1GC -XX:MaxGCPauseMillis=5000"')), 'the GC pause target is 5000 ms']],
    passes: [subject(env('HBASE_REGIONSERVER_OPTS="-XX:+UseG1GC -XX:MaxGCPauseMillis=200"')), subject(env('HBASE_HEAPSIZE=8g'))],
  },
};

describe('rule catalogue', () => {
  it('has unique codes, each with a one-line check, reason and fix', () => {
    expect(new Set(RULES.map((r) => r.code)).size).toBe(RULES.length);
    for (const r of RULES) for (const text of [r.checks, r.why, r.fix]) expect(text).toMatch(/^[^\n]{10,}$/);
  });

  it('has a firing and a passing case for every rule', () => {
    expect(Object.keys(CASES).sort()).toEqual(RULES.map((r) => r.code).sort());
  });

  for (const [code, { fires, passes }] of Object.entries(CASES)) {
    describe(code, () => {
      const rule = ruleByCode(code);
      it.each(fires.map(([s, words], i) => [i, s, words] as const))('fires (case %i)', (_i, s, words) => {
        const hits = rule?.check(s) ?? [];
        expect(hits).toHaveLength(1);
        expect(hits[0]?.message).toContain(words);
      });
      it.each(passes.map((s, i) => [i, s] as const))('passes (case %i)', (_i, s) => {
        expect(rule?.check(s)).toEqual([]);
      });
    });
  }
});

describe('heapPercent', () => {
  // Java 17: (int) (Float.parseFloat(s) * 100) for each s.
  it.each([
    [0.4, 40], [0.41, 41], [0.405, 40], [0.5, 50], [0.45, 45], [0.35, 35], [0.29, 29], [0.57, 57],
  ])('%s -> %i like (int)(float * 100)', (fraction, percent) => {
    expect(heapPercent(fraction)).toBe(percent);
  });
});

describe('docs/lint.md', () => {
  it('holds the catalogue table exactly as the code has it', () => {
    const doc = readFileSync(new URL('../../docs/lint.md', import.meta.url), 'utf8');
    const table = /<!-- rules:start -->\n([\s\S]*?)\n<!-- rules:end -->/.exec(doc)?.[1];
    expect(table).toBe(rulesMarkdown(RULES));
  });
});
