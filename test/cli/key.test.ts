import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vectors } from '../golden/vectors.js';
import { runCapture } from './run-cli.js';

const DEVICE = '{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}';
// Keys written by the JDK (test/golden/java/GoldenKeys.java → test/golden/functions.json).
const javaKey = vectors('keys').find((k) => k.record.deviceId === 'sensor001');
const hexText = (hex: string) => Buffer.from(hex, 'hex').toString('latin1');

describe('key encode', () => {
  it('prints the key as toStringBinary, byte-identical to the Java writer', async () => {
    const r = await runCapture(['key', 'encode', DEVICE, '--record', '{"deviceId": "sensor001", "ts": 1709856000000}']);
    expect(r).toEqual({ code: 0, out: `${hexText(javaKey?.key ?? '')}\n`, err: '' });
    expect(r.out).toBe('07_sensor001_9223370326998775807\n');
  });
  it('--json prints the key and its hex', async () => {
    const r = await runCapture(['key', 'encode', DEVICE, '--record', '{"deviceId": "sensor001", "ts": 1709856000000}', '--json']);
    expect(JSON.parse(r.out)).toEqual({ key: '07_sensor001_9223370326998775807', hex: javaKey?.key });
  });
  it('escapes non-printable bytes as \\xNN', async () => {
    const r = await runCapture(['key', 'encode', 'a{long(ts)}', '--record', '{"ts": 1709856000000}']);
    expect(vectors('long').find((l) => l.template === '[{long(x)}]' && l.record.x === '1709856000000')?.key).toBe('5b0000018e1b5c08005d');
    expect(r.out).toBe('a\\x00\\x00\\x01\\x8E\\x1B\\x5C\\x08\\x00\n');
  });
  it('--records encodes one NDJSON line per key, skipping blank lines', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'key-encode-'));
    const file = join(dir, 'records.ndjson');
    writeFileSync(file, '{"deviceId": "sensor001", "ts": 1709856000000}\n\n{"deviceId": "sensor002", "ts": 1709856000000}\n');
    const r = await runCapture(['key', 'encode', DEVICE, '--records', file]);
    expect(r.out).toBe('07_sensor001_9223370326998775807\n08_sensor002_9223370326998775807\n');
    const json = await runCapture(['key', 'encode', DEVICE, '--records', '-', '--json'], '{"deviceId": "sensor001", "ts": 1709856000000}\n');
    expect(json.out).toBe(`{"key":"07_sensor001_9223370326998775807","hex":"${javaKey?.key}"}\n`);
  });
  it('names the file, line and field of a bad record', async () => {
    const r = await runCapture(['key', 'encode', DEVICE, '--records', '-'], '{"deviceId": "a", "ts": 1}\n{"deviceId": "b"}\n');
    expect(r.code).toBe(2);
    expect(r.out).toBe('01_a_9223372036854775806\n');
    expect(r.err).toBe('hbase-hotspot: stdin:2 (ts): reverseTs(ts) at template position 32 needs field "ts", which the record lacks; add it to the record\n');
    const bad = await runCapture(['key', 'encode', DEVICE, '--records', '-'], '\n{"deviceId": \n');
    expect(bad.err).toMatch(/^hbase-hotspot: stdin:2: the record is not valid JSON/);
  });
  it('refuses a rowkey longer than HBase allows (32767 bytes), naming the record line', async () => {
    // Before, a 40,000-byte key was printed: HBase refuses it on every write ("Row length 40000 is > 32767").
    const records = `{"a": "${'x'.repeat(32_767)}"}\n{"a": "${'x'.repeat(40_000)}"}\n`;
    const r = await runCapture(['key', 'encode', '{a}', '--records', '-'], records);
    expect(r.code).toBe(2);
    expect(r.out).toBe(`${'x'.repeat(32_767)}\n`);
    expect(r.err).toBe('hbase-hotspot: stdin:2: the rowkey is 40000 bytes, longer than HBase\'s longest (HConstants.MAX_ROW_LENGTH, 32767 bytes), which every write refuses; shorten the fields the template writes\n');
    const one = await runCapture(['key', 'encode', '{a}_{a}', '--record', `{"a": "${'x'.repeat(20_000)}"}`]);
    expect([one.code, one.err]).toEqual([2, 'hbase-hotspot: --record: the rowkey is 40001 bytes, longer than HBase\'s longest (HConstants.MAX_ROW_LENGTH, 32767 bytes), which every write refuses; shorten the fields the template writes\n']);
  });
  it.each([
    [['--record', '{"deviceId": "a", "ts": 1}', '--records', 'x'], /give exactly one of --record/],
    [[], /give exactly one of --record/],
    [['--record', '[1]'], /--record must be a JSON object/],
    [['--record', '{"deviceId": "a", "ts": 9223372036854775807}'], /field "ts" is 9223372036854776000, beyond 2\^53.*give it as a string/],
    [['--record', '{"deviceId": null, "ts": 1}'], /field "deviceId" is null; give a string or a number/],
    [['--records', '/nonexistent/records.ndjson'], /cannot read --records/],
  ])('refuses %j', async (args, message) => {
    const r = await runCapture(['key', 'encode', DEVICE, ...args]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });
  it('accepts a long beyond 2^53 as a string', async () => {
    const r = await runCapture(['key', 'encode', '{long(x)}', '--record', '{"x": "9223372036854775807"}', '--json']);
    expect(JSON.parse(r.out).hex).toBe('7fffffffffffffff');
  });
  it('reports template errors with their position', async () => {
    const r = await runCapture(['key', 'encode', '{salt(id,16)', '--record', '{}']);
    expect(r).toMatchObject({ code: 2, out: '' });
    expect(r.err).toMatch(/template "\{salt\(id,16\)" at position 0: unterminated "\{"/);
  });
});

describe('key decode', () => {
  it('prints the record as JSON', async () => {
    const r = await runCapture(['key', 'decode', DEVICE, '07_sensor001_9223370326998775807']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ deviceId: 'sensor001', ts: 1709856000000 });
  });
  it('reads \\xNN escapes and prints longs beyond 2^53 as strings', async () => {
    const r = await runCapture(['key', 'decode', '{user}\\x00{long(seq)}', 'bob\\x00\\x7F\\xFF\\xFF\\xFF\\xFF\\xFF\\xFF\\xFF']);
    expect(JSON.parse(r.out)).toEqual({ user: 'bob', seq: '9223372036854775807' });
  });
  it('refuses an ambiguous key naming the field, and a salt that does not match', async () => {
    const ts = '{salt(concat(metric,"_",device),32)}_{metric}_{device}_{reverseTs(ts)}';
    const r = await runCapture(['key', 'decode', ts, '05_mem_used_d1_9223370326998775807']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^hbase-hotspot: metric: key .* field "metric" or "device" holds a delimiter/);
    const salt = await runCapture(['key', 'decode', DEVICE, '0a_sensor001_9223370326998775807']);
    expect(salt.err).toMatch(/fails verification at byte 0: \{salt\(deviceId,16\)\} reads "0a" but the decoded fields give "07"/);
  });
  it('refuses a malformed escape in the key', async () => {
    const r = await runCapture(['key', 'decode', DEVICE, '07_a\\x0_1']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/the key argument: bad escape/);
  });
});

describe('key explain', () => {
  it('prints parts, access patterns and anti-patterns', async () => {
    const r = await runCapture(['key', 'explain', '{ts}_{email}']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('0-     {ts}     field    varies  text');
    expect(r.out).toContain('?      "_"      literal  1 B     text');
    expect(r.out).toContain('decodable: yes');
    expect(r.out).toMatch(/newest-first +no/);
    expect(r.out).toContain('time-first (ts): {ts} leads the key');
    expect(r.out).toContain('pii-in-clear (email)');
  });
  it('--json prints the explanation', async () => {
    const r = await runCapture(['key', 'explain', DEVICE, '--json']);
    const e = JSON.parse(r.out) as { decodable: boolean; parts: { widthBytes: number | null; offsetBytes: number | null }[]; accessPatterns: { served: boolean }[]; antiPatterns: unknown[] };
    expect(e.decodable).toBe(true);
    expect(e.parts.map((p) => p.widthBytes)).toEqual([2, 1, null, 1, 19]);
    expect(e.parts.map((p) => p.offsetBytes)).toEqual([0, 2, 3, null, null]);
    expect(e.accessPatterns.every((a) => a.served)).toBe(true);
    expect(e.antiPatterns).toEqual([]);
  });
  it('--fields: declared types decide which fields are numbers, and lint\'s key findings are listed', async () => {
    const r = await runCapture(['key', 'explain', '{tenant}_{id}', '--fields', 'tenant:string,id:sequence']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('unpadded-number (id): {id} writes a number without padding');
    expect(r.out).toContain('lint (key rules, with --fields):\n  warning KEY_UNPADDED_NUMBER: {id} writes id (sequence) without a fixed width: keys sort 1, 10, 100, 2');
    // a field named like a sequence but declared a string is not a number
    const typed = await runCapture(['key', 'explain', '{seq}_{x}', '--fields', 'seq:string,x:string', '--json']);
    const e = JSON.parse(typed.out) as { antiPatterns: unknown[]; lint: { code: string }[] };
    expect(e.antiPatterns).toEqual([]);
    expect(e.lint).toEqual([]);
    const json = JSON.parse((await runCapture(['key', 'explain', '{pad(tenant,10)}_{orderNo}', '--fields', 'tenant:int,orderNo:long', '--json'])).out) as { lint: { code: string; severity: string; message: string }[] };
    expect(json.lint.map((f) => `${f.severity} ${f.code}`)).toEqual(['warning KEY_UNPADDED_NUMBER']);
    expect(json.lint[0]?.message).toBe('{orderNo} writes orderNo (long) without a fixed width: keys sort 1, 10, 100, 2');
  });
  it('--fields must be name:type', async () => {
    const r = await runCapture(['key', 'explain', '{id}', '--fields', 'id']);
    expect(r.code).toBe(2);
    expect(r.err).toContain("--fields: 'id' must be name:type");
  });
  it('shows where each part sits in the key in bytes, not in the template', async () => {
    // {date(...)} is 14 bytes (yyyyMMddHHmmss), "-" the 15th: bytes 0-13 and 14, at template characters 0 and 27
    const r = await runCapture(['key', 'explain', '{date(ts,"yyyyMMddHHmmss")}-{pad(id,6)}{deviceId}']);
    expect(r.out).toContain('bytes  part');
    expect(r.out).toContain('0-13   {date(ts,"yyyyMMddHHmmss")}  date     14 B');
    expect(r.out).toContain('14     "-"                          literal  1 B');
    expect(r.out).toContain('15-20  {pad(id,6)}');
    expect(r.out).toContain('21-    {deviceId}');
  });
});
