// Golden vectors computed by a real JDK: test/golden/java/GoldenCompat.java restates each project's arithmetic in
// Java and writes test/golden/compat.json. Regenerate with `java test/golden/java/GoldenCompat.java`.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromHex, javaBytesHashCode, toHex } from '../../../src/bytes/index.js';
import { hbasewdPrefixByte, opentsdbSaltBucket, opentsdbSaltBytes, phoenixSaltByte } from '../../../src/keys/compat/index.js';

interface Golden {
  hashes: { hex: string; hash: number; note: string }[];
  bytes: { hex: string; buckets: number; phoenix: number; hbasewd: number; opentsdb: string }[];
  opentsdbWide: { hex: string; buckets: number; widthBytes: number; salt: string }[];
}

const golden = JSON.parse(readFileSync(new URL('../../golden/compat.json', import.meta.url), 'utf8')) as Golden;

describe('compat salts against JDK golden vectors', () => {
  it('has vectors to check', () => {
    expect(golden.bytes.length).toBeGreaterThan(100);
    expect(golden.opentsdbWide.length).toBeGreaterThan(50);
  });

  it.each(golden.hashes)('Arrays.hashCode of $note', ({ hex, hash }) => {
    expect(javaBytesHashCode(fromHex(hex))).toBe(hash);
  });

  it.each(golden.bytes)('$hex with $buckets buckets', ({ hex, buckets, phoenix, hbasewd, opentsdb }) => {
    const key = fromHex(hex);
    expect(phoenixSaltByte(key, buckets)).toBe(phoenix);
    expect(hbasewdPrefixByte(key, buckets)).toBe(hbasewd);
    expect(toHex(opentsdbSaltBytes(opentsdbSaltBucket(key, buckets), 1))).toBe(opentsdb);
  });

  it.each(golden.opentsdbWide)('OpenTSDB $hex, $buckets buckets, $widthBytes-byte salt', ({ hex, buckets, widthBytes, salt }) => {
    expect(toHex(opentsdbSaltBytes(opentsdbSaltBucket(fromHex(hex), buckets), widthBytes))).toBe(salt);
  });
});
