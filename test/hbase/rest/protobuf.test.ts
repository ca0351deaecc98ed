// The gateway's protobuf CellSet (CellSetMessage.proto / CellMessage.proto) against byte vectors worked out by hand
// from the protobuf wire format: tag = field << 3 | wire type (0x0a rows/key, 0x12 values/column, 0x18 timestamp,
// 0x22 data), lengths and timestamps as base-128 varints (300 = ac 02, 1700000000000 = 80 d0 95 ff bc 31).
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../../../src/bytes/index.js';
import { decodeCellSetProtobuf, decodeEncodedRows, encodeCellSetProtobuf, encodeEncodedRows } from '../../../src/hbase/rest/index.js';

const dec = new TextDecoder();
// One row "r1" with one cell d:q = "v" at timestamp 300:
//   Cell   = 12 03 "d:q" | 18 ac02 | 22 01 "v"            (5 + 3 + 3 = 11 bytes)
//   Row    = 0a 02 "r1" | 12 0b <Cell>                      (4 + 13 = 17 bytes)
//   CellSet = 0a 11 <Row>
const ONE = '0a11' + '0a027231' + '120b' + '1203643a71' + '18ac02' + '220176';

describe('encodeCellSetProtobuf', () => {
  it('writes the hand-worked vector for one row and cell', () => {
    expect(toHex(encodeCellSetProtobuf([{ key: 'r1', cells: [{ family: 'd', qualifier: 'q', value: 'v', timestamp: 300 }] }]))).toBe(ONE);
  });

  it('writes multi-byte lengths and a real timestamp, leaves out an absent timestamp, keeps an empty qualifier', () => {
    const value = new Uint8Array(200).fill(0x78);
    const out = encodeCellSetProtobuf([
      { key: new Uint8Array([0x00, 0xff]), cells: [{ family: 'f', qualifier: '', value, timestamp: 1_700_000_000_000 }, { family: 'f', qualifier: 'n', value: '' }] },
    ]);
    // Cell 1: 12 02 "f:" | 18 80d095ffbc31 | 22 c801 <200 x> = 4 + 7 + 203 = 214 (d6 01)
    // Cell 2: 12 03 "f:n" | 22 00 = 5 + 2 = 7
    // Row: 0a 02 00ff | 12 d601 <214> | 12 07 <7> = 4 + 217 + 9 = 230 (e6 01)
    const expected = '0ae601' + '0a0200ff' + '12d601' + '1202663a' + '1880d095ffbc31' + '22c801' + '78'.repeat(200) + '1207' + '1203663a6e' + '2200';
    expect(toHex(out)).toBe(expected);
  });

  it('refuses a negative or fractional timestamp, naming the row and cell', () => {
    expect(() => encodeCellSetProtobuf([{ key: 'a', cells: [{ family: 'd', qualifier: 'q', value: 'v', timestamp: -1 }] }])).toThrow(/rows\[0\]\.cells\[0\]\.timestamp/);
    expect(() => encodeCellSetProtobuf([{ key: 'a', cells: [{ family: 'd', qualifier: 'q', value: 'v', timestamp: 1.5 }] }])).toThrow(RangeError);
  });
});

describe('decodeCellSetProtobuf', () => {
  it('reads the hand-worked vector back, splitting the column at the first colon', () => {
    const [row, ...rest] = decodeCellSetProtobuf(fromHex(ONE));
    expect(rest).toEqual([]);
    expect(dec.decode(row?.key)).toBe('r1');
    expect(row?.cells.map((c) => [dec.decode(c.family), dec.decode(c.qualifier), c.timestamp, dec.decode(c.value)])).toEqual([['d', 'q', 300, 'v']]);
  });

  it('keeps a qualifier holding a colon whole, and reads a column without one as a family', () => {
    const rows = decodeCellSetProtobuf(encodeCellSetProtobuf([{ key: 'k', cells: [{ family: 'd', qualifier: 'a:b', value: '1', timestamp: 7 }] }]));
    expect(dec.decode(rows[0]?.cells[0]?.qualifier)).toBe('a:b');
    // Row "k" with a cell whose column is "d" (no colon): 0a 0a | 0a 01 6b | 12 05 (12 01 64 | 18 07)
    const [noColon] = decodeCellSetProtobuf(fromHex('0a0a0a016b1205120164' + '1807'));
    expect([dec.decode(noColon?.cells[0]?.family), noColon?.cells[0]?.qualifier.length, noColon?.cells[0]?.value.length]).toEqual(['d', 0, 0]);
  });

  it('skips unknown fields (a Cell.row, field 1) and reads the largest safe timestamp', () => {
    // Cell = 0a 01 "k" (row, ignored) | 12 03 "d:q" | 18 ffffffffffffff0f | 22 00 = 3 + 5 + 9 + 2 = 19 (13)
    const [row] = decodeCellSetProtobuf(fromHex('0a18' + '0a016b' + '1213' + '0a016b' + '1203643a71' + '18ffffffffffffff0f' + '2200'));
    expect(row?.cells[0]?.timestamp).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('names the place of a truncated body, a row without a key and a timestamp past 2^53-1', () => {
    expect(() => decodeCellSetProtobuf(fromHex(ONE.slice(0, -2)))).toThrow(/CellSet\.rows\[0\]: length 17 runs past the end/);
    expect(() => decodeCellSetProtobuf(fromHex('0a00'))).toThrow(/CellSet\.rows\[0\]: no key/);
    // 2^53 = 80 80 80 80 80 80 80 10; Cell = 5 + 9 = 14 (0e), Row = 3 + 2 + 14 = 19 (13)
    expect(() => decodeCellSetProtobuf(fromHex('0a13' + '0a016b' + '120e' + '1203643a71' + '188080808080808010'))).toThrow(/timestamp: beyond 2\^53-1/);
  });
});

describe('encoded rows', () => {
  it('keep the cells as received and write them back byte for byte under a new key', () => {
    const source = encodeCellSetProtobuf([
      { key: 'old-1', cells: [{ family: 'd', qualifier: 'v', value: 'newer', timestamp: 20 }, { family: 'd', qualifier: 'v', value: 'older', timestamp: 10 }] },
      { key: 'old-2', cells: [{ family: 'e', qualifier: '', value: new Uint8Array([0, 255]), timestamp: 5 }] },
    ]);
    const rows = decodeEncodedRows(source);
    expect(rows.map((r) => [dec.decode(r.key), r.cellCount])).toEqual([['old-1', 2], ['old-2', 1]]);
    const copied = decodeCellSetProtobuf(encodeEncodedRows(rows.map((r) => ({ ...r, key: new TextEncoder().encode(`new-${dec.decode(r.key)}`) }))));
    expect(copied.map((r) => [dec.decode(r.key), r.cells.map((c) => [dec.decode(c.family), dec.decode(c.qualifier), c.timestamp, toHex(c.value)])])).toEqual([
      ['new-old-1', [['d', 'v', 20, toHex(new TextEncoder().encode('newer'))], ['d', 'v', 10, toHex(new TextEncoder().encode('older'))]]],
      ['new-old-2', [['e', '', 5, '00ff']]],
    ]);
    // With the key unchanged the body is the same bytes.
    expect(toHex(encodeEncodedRows(rows))).toBe(toHex(source));
  });

  it('refuses a cell without a timestamp: a copy would take the server\'s time', () => {
    expect(() => decodeEncodedRows(encodeCellSetProtobuf([{ key: 'a', cells: [{ family: 'd', qualifier: 'q', value: 'v' }] }]))).toThrow(/CellSet\.rows\[0\]\.values\[0\]: no timestamp/);
  });
});
