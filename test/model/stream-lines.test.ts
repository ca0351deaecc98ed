/**
 * The file readers' line splitter (`LineSplitter`, each line decoded by `decodeLine`) against `readline`
 * (`crlfDelay: Infinity`, the stream decoded as UTF-8), the reader the NDJSON files were read with before: the same
 * lines for any bytes cut into any chunks, breaks (`\n`, `\r\n`, lone `\r`) and UTF-8 sequences, valid or cut short,
 * straddling the cuts.
 */
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../../src/model/files.js';
import { decodeLine } from '../../src/util/input-text.js';

async function viaReadline(chunks: readonly Buffer[]): Promise<string[]> {
  const input = Readable.from(chunks, { objectMode: false });
  input.setEncoding('utf8');
  const lines: string[] = [];
  for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) lines.push(line);
  return lines;
}

/** The lines the file readers see in `chunks`, read one after the other. */
function viaSplitter(chunks: readonly Buffer[]): string[] {
  const lines: string[] = [];
  const splitter = new LineSplitter();
  const onLine = (bytes: Buffer) => lines.push(decodeLine(bytes));
  for (const chunk of chunks) splitter.push(chunk, onLine);
  splitter.end(onLine);
  return lines;
}

/**
 * The lines the plain file reader sees in `bytes` read straight into the splitter's buffer, each read asking for
 * `sizes[i]` bytes (cycled) or the room offered when less.
 */
function viaRoom(bytes: Buffer, sizes: readonly number[]): { lines: string[]; rooms: number[] } {
  const lines: string[] = [];
  const rooms: number[] = [];
  const splitter = new LineSplitter();
  const onLine = (line: Buffer) => lines.push(decodeLine(line));
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const room = splitter.room();
    rooms.push(room.length);
    const n = bytes.copy(room, 0, at, Math.min(bytes.length, at + Math.min(room.length, Math.max(1, sizes[i % sizes.length] ?? room.length))));
    at += n;
    splitter.filled(n, onLine);
  }
  splitter.end(onLine);
  return { lines, rooms };
}

/** `bytes` cut before each of `cuts` (positions taken modulo its length). */
function cut(bytes: Buffer, cuts: readonly number[]): Buffer[] {
  const at = [...new Set(cuts.map((c) => (bytes.length === 0 ? 0 : c % bytes.length)))].filter((c) => c > 0).sort((a, b) => a - b);
  return [0, ...at].map((from, i) => bytes.subarray(from, at[i] ?? bytes.length)).filter((c) => c.length > 0);
}

// pieces: plain text, breaks of each kind, a two-byte and a four-byte character, a sequence cut short, a stray byte
const PIECES = ['ab', '{"x":1}', '\n', '\r', '\r\n', '\n\r', ' ', 'é', '😀', '\xE2\x82', '\xFF'].map((p) => Buffer.from(p, p.startsWith('\xE2') || p === '\xFF' ? 'latin1' : 'utf8'));

describe('LineSplitter', () => {
  it('splits a hand-made text as readline does', async () => {
    // lines: "a", "", "b", "c" (its \r\n split between chunks), "d" (lone \r), "e" + U+0301 (its two bytes split), "end"
    const chunks = [Buffer.from('a\n\nb\nc\r'), Buffer.from('\nd\re'), Buffer.from([0xcc]), Buffer.from([0x81, 0x0a]), Buffer.from('end')];
    expect(viaSplitter(chunks)).toEqual(['a', '', 'b', 'c', 'd', 'e\u0301', 'end']);
    expect(await viaReadline(chunks)).toEqual(['a', '', 'b', 'c', 'd', 'e\u0301', 'end']);
  });

  it('gives readline\'s lines for lines far longer than a chunk, the buffer they are written into grown and used again', async () => {
    // a line of 1.7 MB (its buffer grows from 1 MiB eightfold once), short ones, one of 0.8 MB; 4,093-byte chunks cut
    // two- and four-byte characters and the \r\n breaks
    const long = (n: number, c: string) => Array.from({ length: n }, (_, i) => (i % 7 === 0 ? c : 'x')).join('');
    const text = `${long(1_500_000, '\u00e9')}\r\nshort\n\n${long(260_000, '\u{1f600}')}\r\nend`;
    const bytes = Buffer.from(text, 'utf8');
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 4093) chunks.push(bytes.subarray(i, i + 4093));
    const lines = viaSplitter(chunks);
    expect(lines.map((l) => l.length)).toEqual([1_500_000, 5, 0, 260_000 + Math.ceil(260_000 / 7), 3]);
    expect(lines).toEqual(await viaReadline(chunks));
  });

  it('reads in place: lines longer than a read are never copied whole, and the buffer offers 1 MiB at most, 64 KiB at least', async () => {
    // a line of 3,000,000 bytes then short ones, read 1 MiB at a time: the buffer grows from 1 MiB to 8 MiB (eightfold)
    // once less than 64 KiB follows the line under way
    const text = `${'k'.repeat(3_000_000)}\r\nshort\r${'y'.repeat(70_000)}\nend`;
    const bytes = Buffer.from(text, 'latin1');
    const { lines, rooms } = viaRoom(bytes, [1 << 20]);
    expect(lines.map((l) => l.length)).toEqual([3_000_000, 5, 70_000, 3]);
    expect(lines).toEqual(await viaReadline([bytes]));
    expect(Math.max(...rooms)).toBe(1 << 20);
    expect(Math.min(...rooms.slice(0, -1))).toBeGreaterThanOrEqual(1 << 16);
  });

  it('gives readline\'s lines for any bytes read in any sizes straight into its buffer', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }), fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 6 }), async (pieces, sizes) => {
        const bytes = Buffer.concat(pieces);
        expect(viaRoom(bytes, sizes).lines).toEqual(await viaReadline(bytes.length ? [bytes] : []));
      }),
      { numRuns: 500, seed: 21 },
    );
  });

  it('gives readline\'s lines for any bytes in any chunks', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }), fc.array(fc.nat(), { maxLength: 12 }), async (pieces, cuts) => {
        const chunks = cut(Buffer.concat(pieces), cuts);
        expect(viaSplitter(chunks)).toEqual(await viaReadline(chunks));
      }),
      { numRuns: 500, seed: 20 },
    );
  });
});
