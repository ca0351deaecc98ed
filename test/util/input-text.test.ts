/** The checks every reader makes of an input path before reading it. */
import { execFileSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HotspotError } from '../../src/util/errors.js';
import { checkInputFile, jsonPreview, printable, terminalText } from '../../src/util/input-text.js';
import { file } from '../support/temp-file.js';

/** The error `fn` throws (fails the test when it throws none). */
function thrown(fn: () => unknown): HotspotError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(HotspotError);
    return err as HotspotError;
  }
  throw new Error('expected an error');
}

describe('checkInputFile', () => {
  it('refuses a named pipe (FIFO): opening it would wait for a writer for ever', () => {
    const fifo = join(dirname(file('x', '')), 'pipe');
    execFileSync('mkfifo', [fifo]);
    const err = thrown(() => checkInputFile(fifo, 'scenario'));
    expect(err.code).toBe('FILE_NOT_REGULAR');
    expect(err.where).toEqual({ file: fifo });
    expect(err.message).toBe(`${fifo}: the scenario is a named pipe (FIFO), not a regular file: reading it could wait or run for ever; save the input to a file and name that`);
  });

  it('refuses a character device such as /dev/zero: reading it never ends', () => {
    const err = thrown(() => checkInputFile('/dev/zero', 'load series'));
    expect(err.code).toBe('FILE_NOT_REGULAR');
    expect(err.message).toMatch(/^\/dev\/zero: the load series is a character device, not a regular file/);
  });

  it('passes a regular file, and leaves a missing path or a directory to the reader (which names the reason)', () => {
    expect(checkInputFile(file('s.yaml', 'a: 1\n'), 'scenario')).toBeUndefined();
    expect(checkInputFile(`${file('x', '')}-missing`, 'scenario')).toBeUndefined();
    expect(checkInputFile(dirname(file('x', '')), 'scenario')).toBeUndefined();
  });

  it('passes the pipe of a shell process substitution, <(command): /dev/fd/N, already open in this process', () => {
    const fifo = join(dirname(file('x', '')), 'pipe');
    execFileSync('mkfifo', [fifo]);
    // Opened for reading and writing, a FIFO opens at once (Linux); the shell's <(command) hands over such an open end.
    const fd = openSync(fifo, 'r+');
    try {
      expect(checkInputFile(`/dev/fd/${fd}`, 'load series')).toBeUndefined();
      expect(thrown(() => checkInputFile(fifo, 'load series')).code).toBe('FILE_NOT_REGULAR');
    } finally {
      closeSync(fd);
    }
  });
});

describe('jsonPreview', () => {
  it('writes short values as JSON does', () => {
    expect(jsonPreview({ a: [1, 'x', null, true] })).toBe('{"a":[1,"x",null,true]}');
    expect(jsonPreview('a\nb')).toBe('"a\\nb"');
  });

  it('cuts a long or deep value at max characters, with an ellipsis', () => {
    expect(jsonPreview('x'.repeat(1000), 10)).toBe(`"${'x'.repeat(9)}…`);
    // 200,000 levels: JSON.stringify overflows the stack on it.
    const deep = JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`) as unknown;
    expect(jsonPreview(deep, 5)).toBe('[[[[[…');
    expect(jsonPreview(Array.from({ length: 1_000_000 }, () => 7), 8)).toBe('[7,7,7,7…');
  });

  it('names a number JSON reads as Infinity, and a whole number past 2^53 - 1', () => {
    expect(jsonPreview(JSON.parse('1e400'))).toBe('a number past the range of a double (±1.8e308)');
    expect(jsonPreview(JSON.parse('-1e400'))).toBe('a number past the range of a double (±1.8e308)');
    expect(jsonPreview(Number.NaN)).toBe('NaN (not a number)');
    // 9007199254740993 = 2^53 + 1 has no double; JSON.parse rounds it to 2^53 = 9007199254740992.
    expect(jsonPreview(JSON.parse('9007199254740993'))).toBe('a number past 2^53 - 1 (read as 9007199254740992)');
  });

  it('keeps control characters out of the message', () => {
    expect(jsonPreview({ '\u001b[31m': 1 })).toBe('{"\\u001b[31m":1}');
  });
});

describe('terminalText', () => {
  it('keeps lines and TABs, escapes every other control character', () => {
    expect(terminalText('a\tb\nc\u001b[2Jd\re\u0007\u009b')).toBe('a\tb\nc\\x1B[2Jd\\x0De\\x07\\x9B');
    expect(terminalText('plain – text ü')).toBe('plain – text ü');
  });

  // Unicode's bidirectional controls (UAX #9: LRE U+202A to RLO U+202E, LRI U+2066 to PDI U+2069, the marks U+200E,
  // U+200F, U+061C) reorder what a terminal shows; U+200B to U+200D and U+2060 are zero-width.
  it('escapes the direction overrides and zero-width characters a hostile answer could hide or reorder text with', () => {
    expect(terminalText('Not found\u202eevil\u202c and\u200b\u2066x\u2069\u061c\u200e')).toBe('Not found\\u202Eevil\\u202C and\\u200B\\u2066x\\u2069\\u061C\\u200E');
    expect(printable('a\u202eb\u2060c\u200dd')).toBe('a\\u202Eb\\u2060c\\u200Dd');
  });
});
