/**
 * The writer half of the Thrift binary protocol (strict): big-endian integers, i32-length binaries, field, list, map
 * and message headers.
 *
 * @module
 */
import { TType, type TTypeId, VERSION_1 } from './protocol.js';

/** Writes binary-protocol values into a growing buffer. One method per wire type. */
export class BinaryWriter {
  private buf = Buffer.alloc(256);
  private pos = 0;

  private ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = Buffer.alloc(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  /** One signed byte (`byte`/`i8`). */
  i8(v: number): this {
    this.ensure(1);
    this.buf.writeInt8(v, this.pos);
    this.pos += 1;
    return this;
  }

  /** A bool: one byte, 1 or 0. */
  bool(v: boolean): this {
    return this.i8(v ? 1 : 0);
  }

  /** A big-endian signed 16-bit integer. */
  i16(v: number): this {
    this.ensure(2);
    this.buf.writeInt16BE(v, this.pos);
    this.pos += 2;
    return this;
  }

  /** A big-endian signed 32-bit integer. */
  i32(v: number): this {
    this.ensure(4);
    this.buf.writeInt32BE(v, this.pos);
    this.pos += 4;
    return this;
  }

  /** A big-endian signed 64-bit integer (two's complement), given as a bigint. */
  i64(v: bigint): this {
    this.ensure(8);
    this.buf.writeBigInt64BE(BigInt.asIntN(64, v), this.pos);
    this.pos += 8;
    return this;
  }

  /** `binary` (and `string`): i32 length, then the bytes. */
  binary(v: Uint8Array): this {
    this.i32(v.length);
    this.ensure(v.length);
    this.buf.set(v, this.pos);
    this.pos += v.length;
    return this;
  }

  /** A `string` as UTF-8 `binary`. */
  string(v: string): this {
    return this.binary(Buffer.from(v, 'utf8'));
  }

  /** A field header: type byte, then the i16 field id from the IDL. */
  fieldBegin(type: TTypeId, id: number): this {
    return this.i8(type).i16(id);
  }

  /** The STOP byte that ends a struct's fields. */
  fieldStop(): this {
    return this.i8(TType.STOP);
  }

  /** A list (or set) header: element type byte, then the i32 element count. */
  listBegin(elemType: TTypeId, size: number): this {
    return this.i8(elemType).i32(size);
  }

  /** A map header: key type byte, value type byte, then the i32 entry count. */
  mapBegin(keyType: TTypeId, valueType: TTypeId, size: number): this {
    return this.i8(keyType).i8(valueType).i32(size);
  }

  /** A strict message header: `VERSION_1 | type`, the method name, the sequence id. */
  messageBegin(name: string, type: number, seqId: number): this {
    return this.i32(VERSION_1 | type).string(name).i32(seqId);
  }

  /** The bytes written so far (a copy). */
  bytes(): Buffer {
    return Buffer.from(this.buf.subarray(0, this.pos));
  }
}
