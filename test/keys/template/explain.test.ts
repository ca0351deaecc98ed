import { describe, expect, it } from 'vitest';
import { compileTemplate, explainTemplate } from '../../../src/keys/template/index.js';

const explain = (t: string) => explainTemplate(compileTemplate(t));
const served = (t: string) => Object.fromEntries(explain(t).accessPatterns.map((a) => [a.pattern, a.served]));
const codes = (t: string) => explain(t).antiPatterns.map((a) => `${a.code}:${a.field}`);

describe('key explain', () => {
  it('describes each part with its width and alphabet', () => {
    const e = explain('{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}');
    expect(e.parts.map((p) => [p.source, p.widthBytes, p.alphabet, p.buckets])).toEqual([
      ['{salt(deviceId,16)}', 2, 'hex', 16],
      ['_', 1, 'text', null],
      ['{deviceId}', null, 'text', null],
      ['_', 1, 'text', null],
      ['{reverseTs(ts)}', 19, 'decimal', null],
    ]);
    expect(e.decodable).toBe(true);
  });
  it('serves every access pattern for salt + id + reverse timestamp, with one scan when the salt input is known', () => {
    const e = explain('{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}');
    expect(served('{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}')).toEqual({ 'point get': true, 'prefix scan': true, 'newest-first': true, 'time range': true });
    expect(e.accessPatterns[1]?.detail).toBe('deviceId known: 1 scan');
    expect(e.antiPatterns).toEqual([]);
  });
  it('counts one scan per bucket when the salt covers fields the prefix leaves open', () => {
    const e = explain('{salt(concat(host,"_",ts),8)}_{host}_{date(ts,"yyyyMMddHHmmssSSS")}');
    expect(e.accessPatterns[1]?.detail).toBe('host known: 8 scans (one per salt bucket)');
    expect(served('{salt(concat(host,"_",ts),8)}_{host}_{date(ts,"yyyyMMddHHmmssSSS")}')['newest-first']).toBe(false);
  });
  it('flags a timestamp first (anti-pattern 1) and unpadded numbers (anti-pattern 3)', () => {
    expect(codes('{ts}_{event}')).toEqual(['time-first:ts', 'unpadded-number:ts']);
    expect(codes('{date(ts,"yyyyMMddHHmmss")}_{event}')).toEqual(['time-first:ts']);
    expect(codes('{reverseTs(ts)}_{event}')).toEqual(['time-first:ts']);
    expect(codes('{seq}_{user}')).toEqual(['sequence-first:seq', 'unpadded-number:seq']);
    expect(codes('{user}_{pad(seq,10)}')).toEqual([]);
  });
  it('flags personal data in clear (anti-pattern 4) but not once hashed', () => {
    expect(codes('{email}_{date(ts,"yyyyMMdd")}')).toEqual(['pii-in-clear:email']);
    expect(codes('{phoneNumber}|{lastName}|{user_ssn}')).toEqual(['pii-in-clear:phoneNumber', 'pii-in-clear:lastName', 'pii-in-clear:user_ssn']);
    expect(codes('{sha256(email)}_{date(ts,"yyyyMMdd")}')).toEqual([]);
    expect(codes('{hostname}_{username}')).toEqual(['pii-in-clear:username']);
  });
  it('carries the decode warnings, such as a delimiter that may occur in a field', () => {
    const e = explain('{salt(concat(metric,"_",device),32)}_{metric}_{device}_{reverseTs(ts)}');
    expect(e.decodeWarnings.filter((w) => w.includes('delimited by "_"'))).toHaveLength(2);
  });
});
