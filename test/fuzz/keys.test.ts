/**
 * Fuzzing rowkey templates (compile, encode, decode of the key just encoded), records, keys, durations, sizes, times,
 * access patterns, field types and the load generator's popularity and read patterns.
 */
import { describe, expect } from 'vitest';
import { toBytesBinary } from '../../src/bytes/index.js';
import { parseRecord } from '../../src/cli/commands/key-record.js';
import { parseEpochMs } from '../../src/cli/commands/key-scan.js';
import { compileTemplate } from '../../src/keys/template/compile.js';
import { parseAccess, parseFieldTypes } from '../../src/lint/access.js';
import { parsePopularity, parseReadPattern } from '../../src/load/options.js';
import { parseDurationMs } from '../../src/util/duration.js';
import { parseSizeBytes } from '../../src/util/size.js';
import { allFinite, fuzzParser, slowInputStaysFast } from './fuzz.js';

const TEMPLATES = [
  '{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}',
  '{salt(concat(metric,"_",deviceId),32)}_{metric}_{deviceId}_{reverseTs(ts)}',
  '{md5(userId,8)}_{userId}_{pad(seq,10)}',
  '{date(ts,"yyyyMMddHHmmss")}_{eventType}\\x00{reverse(id)}',
  '{concat(tenant, "|", user)}_{long(ts)}',
];

/** Compiles, encodes a record giving every field a value, and decodes the key back when the template is decodable. */
function roundTrip(text: string): unknown {
  const t = compileTemplate(text);
  const record = Object.fromEntries(t.fields.map((f, i) => [f, /ts|seq|time/i.test(f) ? 1_709_856_000_000 + i : `v${i}`]));
  const key = t.encode(record);
  return t.decodable ? t.decode(key) : key;
}

describe('fuzz: keys', () => {
  fuzzParser('template', TEMPLATES, roundTrip);
  // the on-demand run's slowest template (8,500 characters, 0.8 s) grown to 20,000 underscores: every failed split of
  // the key put the 20,000-byte literal in words again (about 5 s before the message was made only when reported)
  slowInputStaysFast('template', 'a key decoded against a literal of 20,000 bytes', `${TEMPLATES[1]?.replace('_{reverseTs(ts)}', '')}${'_'.repeat(20_000)}`, roundTrip);
  fuzzParser('record JSON', ['{"deviceId": "d1", "ts": 1709856000000}', '{"a": "9007199254740993", "b": -1.5}'], (t) => parseRecord(t, { what: '--record' }));
  fuzzParser('toStringBinary key', ['\\x00\\xFFabc', 'sensor-001_\\x7F'], (t) => toBytesBinary(t));
  fuzzParser('duration', ['1h30m', '250ms', '45s', '15m'], (t) => parseDurationMs(t), (r) => expect(Number.isFinite(r)).toBe(true));
  fuzzParser('size', ['4TB', '10GB', '512m'], (t) => parseSizeBytes(t), (r) => expect(Number.isFinite(r)).toBe(true));
  fuzzParser('time (--from/--to)', ['1709856000000', '2024-03-08T00:00:00Z', '2024-03-08T01:00:00.250+01:00'], (t) => parseEpochMs(t, '--from'), (r) => expect(Number.isSafeInteger(r)).toBe(true));
  fuzzParser('access patterns', ['latest-n:deviceId|point-get, time-range:metric+deviceId', 'full-scan'], (t) => parseAccess(t));
  fuzzParser('field types', ['deviceId:string,ts:epochMs', 'seq:long,tenant:string'], (t) => parseFieldTypes(t));
  fuzzParser('popularity', ['uniform', 'zipf:1.1', 'hot:0.01:0.9'], (t) => parsePopularity(t), (r) => expect(allFinite(r)).toBe(true));
  fuzzParser('read pattern', ['latest:10@500', 'get@2000'], (t) => parseReadPattern(t), (r) => expect(allFinite(r)).toBe(true));
});
