import { describe, expect, it } from 'vitest';
import { jsonRecord, parseRecord } from '../../src/cli/commands/key-record.js';

describe('parseRecord', () => {
  it('reads strings and numbers, keeping the values as given', () => {
    expect(parseRecord('{"deviceId": "d1", "ts": 1709856000000, "big": "9007199254740993"}', { what: '--record' })).toEqual({
      deviceId: 'd1',
      ts: 1709856000000,
      big: '9007199254740993',
    });
  });

  it('throws CLI_RECORD_INVALID by default, naming the file, line and field', () => {
    const at = { what: 'the record', file: 'r.ndjson', line: 3 };
    expect(() => parseRecord('{"a": ', at)).toThrow(expect.objectContaining({ code: 'CLI_RECORD_INVALID', message: expect.stringMatching(/^r\.ndjson:3: the record is not valid JSON/) }));
    expect(() => parseRecord('[1]', at)).toThrow(expect.objectContaining({ code: 'CLI_RECORD_INVALID', message: expect.stringContaining('must be a JSON object') }));
    expect(() => parseRecord('{"a": true}', at)).toThrow(expect.objectContaining({ code: 'CLI_RECORD_INVALID', where: { file: 'r.ndjson', line: 3, field: 'a' } }));
    // 2^53 + 2 = 9007199254740994 is a whole number beyond the safe range.
    expect(() => parseRecord('{"ts": 9007199254740994}', at)).toThrow(expect.objectContaining({ code: 'CLI_RECORD_INVALID', message: expect.stringContaining('give it as a string') }));
  });

  it('throws the code it is given (CLI_WHERE_INVALID for --where)', () => {
    expect(() => parseRecord('nope', { what: '--where', code: 'CLI_WHERE_INVALID' })).toThrow(
      expect.objectContaining({ code: 'CLI_WHERE_INVALID', message: expect.stringMatching(/^--where is not valid JSON/) }),
    );
    expect(() => parseRecord('{"d": null}', { what: '--where', code: 'CLI_WHERE_INVALID' })).toThrow(expect.objectContaining({ code: 'CLI_WHERE_INVALID', where: { field: 'd' } }));
  });
});

describe('jsonRecord', () => {
  it('writes bigints as decimal strings', () => {
    expect(jsonRecord({ a: 2n ** 63n - 1n, b: 'x', c: 5 })).toEqual({ a: '9223372036854775807', b: 'x', c: 5 });
  });
});
