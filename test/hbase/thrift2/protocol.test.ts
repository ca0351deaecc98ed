// The binary protocol writer and reader: byte layouts from the Thrift binary protocol spec, round trips, truncation.
import { describe, expect, it } from 'vitest';
import { BinaryReader } from '../../../src/hbase/thrift2/binary-reader.js';
import { BinaryWriter } from '../../../src/hbase/thrift2/binary-writer.js';
import { IncompleteMessage, TMessageType, TType } from '../../../src/hbase/thrift2/protocol.js';

const hex = (w: BinaryWriter): string => w.bytes().toString('hex');

describe('binary protocol writer', () => {
  it('writes big-endian integers of each width', () => {
    expect(hex(new BinaryWriter().i8(-1).i16(0x0102).i32(-2))).toBe('ff' + '0102' + 'fffffffe');
    expect(hex(new BinaryWriter().i64(-9223372036854775808n))).toBe('8000000000000000');
    expect(hex(new BinaryWriter().i64(9223372036854775807n))).toBe('7fffffffffffffff');
    expect(hex(new BinaryWriter().bool(true).bool(false))).toBe('0100');
  });

  it('writes binary and UTF-8 strings with an i32 length, headers for fields, lists and maps', () => {
    expect(hex(new BinaryWriter().binary(Uint8Array.of()))).toBe('00000000');
    expect(hex(new BinaryWriter().string('é'))).toBe('00000002c3a9');
    expect(hex(new BinaryWriter().fieldBegin(TType.I64, 3).fieldStop())).toBe('0a000300');
    expect(hex(new BinaryWriter().listBegin(TType.STRUCT, 2))).toBe('0c00000002');
    expect(hex(new BinaryWriter().mapBegin(TType.STRING, TType.STRING, 1))).toBe('0b0b00000001');
  });

  it('writes a strict message header: 0x80010000 | type, name, sequence id', () => {
    expect(hex(new BinaryWriter().messageBegin('put', TMessageType.CALL, 7))).toBe('80010001' + '00000003' + '707574' + '00000007');
  });

  it('grows past its first 256 bytes', () => {
    const big = new Uint8Array(1000).fill(0xab);
    const r = new BinaryReader(new BinaryWriter().i8(1).binary(big).bytes());
    expect(r.i8()).toBe(1);
    expect(r.binary()).toEqual(big);
  });
});

describe('binary protocol reader', () => {
  it('reads back what the writer wrote', () => {
    const w = new BinaryWriter().messageBegin('getMultiple', TMessageType.REPLY, -5).i16(-300).i64(1n << 62n).string('ü€');
    const r = new BinaryReader(w.bytes());
    expect(r.messageBegin()).toEqual({ name: 'getMultiple', type: TMessageType.REPLY, seqId: -5 });
    expect([r.i16(), r.i64(), r.string()]).toEqual([-300, 1n << 62n, 'ü€']);
  });

  it('throws IncompleteMessage at every truncation point of a message', () => {
    const full = new BinaryWriter().messageBegin('exists', TMessageType.REPLY, 1).fieldBegin(TType.BOOL, 0).bool(true).fieldStop().bytes();
    for (let n = 0; n < full.length; n++) {
      const r = new BinaryReader(full.subarray(0, n));
      expect(() => {
        r.messageBegin();
        r.skip(TType.STRUCT);
      }).toThrow(IncompleteMessage);
    }
  });

  it('rejects negative lengths and unknown wire types', () => {
    expect(() => new BinaryReader(Buffer.from('ffffffff', 'hex')).binary()).toThrow(/negative binary length -1/);
    expect(() => new BinaryReader(Buffer.from('0cffffffff', 'hex')).listBegin()).toThrow(/negative list size/);
    expect(() => new BinaryReader(Buffer.from('00', 'hex')).skip(5)).toThrow(/unknown wire type 5/);
  });
});
