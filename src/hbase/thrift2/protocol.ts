/**
 * Thrift binary protocol, strict form (`TBinaryProtocol` with `strictRead`/`strictWrite`, the default of HBase's
 * Thrift2 gateway): every integer is big-endian, strings and binaries are an i32 length then the bytes, a message
 * starts with `VERSION_1 | messageType` as an i32, then the method name and an i32 sequence id.
 *
 * @module
 */

/** Wire type ids of the binary protocol (`org.apache.thrift.protocol.TType`). */
export const TType = {
  STOP: 0,
  VOID: 1,
  BOOL: 2,
  BYTE: 3,
  DOUBLE: 4,
  I16: 6,
  I32: 8,
  I64: 10,
  STRING: 11,
  STRUCT: 12,
  MAP: 13,
  SET: 14,
  LIST: 15,
} as const;

/** A wire type id (see {@link TType}). */
export type TTypeId = (typeof TType)[keyof typeof TType];

/** Message types (`org.apache.thrift.protocol.TMessageType`). */
export const TMessageType = { CALL: 1, REPLY: 2, EXCEPTION: 3, ONEWAY: 4 } as const;

/** Top 16 bits of a strict message header: protocol version 1 (`TBinaryProtocol.VERSION_1`). */
export const VERSION_1 = 0x80010000 | 0;
/** Mask of the version bits in a strict message header (`TBinaryProtocol.VERSION_MASK`). */
export const VERSION_MASK = 0xffff0000 | 0;

/**
 * Thrown by {@link BinaryReader} when the buffer ends before the value does. The connection catches it and waits
 * for more bytes; it never reaches callers.
 */
export class IncompleteMessage extends Error {
  override readonly name = 'IncompleteMessage';
  /** Buffer length, in bytes, needed before the read that failed can succeed (a lower bound for the whole message). */
  readonly neededBytes: number;

  constructor(neededBytes: number, at: number) {
    super(`need ${neededBytes} bytes in the buffer to read at offset ${at}`);
    this.neededBytes = neededBytes;
  }
}

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

/** Reads binary-protocol values from a buffer with a cursor; throws {@link IncompleteMessage} past the end. */
export class BinaryReader {
  /** Cursor: offset of the next unread byte. */
  pos = 0;

  constructor(private readonly buf: Buffer) {}

  private need(n: number): number {
    if (this.pos + n > this.buf.length) throw new IncompleteMessage(this.pos + n, this.pos);
    const at = this.pos;
    this.pos += n;
    return at;
  }

  /** One signed byte. */
  i8(): number {
    return this.buf.readInt8(this.need(1));
  }

  /** A bool (any non-zero byte is true). */
  bool(): boolean {
    return this.i8() !== 0;
  }

  /** A big-endian signed 16-bit integer. */
  i16(): number {
    return this.buf.readInt16BE(this.need(2));
  }

  /** A big-endian signed 32-bit integer. */
  i32(): number {
    return this.buf.readInt32BE(this.need(4));
  }

  /** A big-endian signed 64-bit integer as a bigint. */
  i64(): bigint {
    return this.buf.readBigInt64BE(this.need(8));
  }

  /** A double (8 bytes, IEEE 754 big-endian). Read only to skip unknown fields. */
  double(): number {
    return this.buf.readDoubleBE(this.need(8));
  }

  /** `binary`: i32 length then the bytes (a copy). A negative length is a protocol error. */
  binary(): Uint8Array {
    const len = this.i32();
    if (len < 0) throw new RangeError(`negative binary length ${len} at offset ${this.pos - 4}`);
    const at = this.need(len);
    return new Uint8Array(this.buf.subarray(at, at + len));
  }

  /** A UTF-8 `string`. */
  string(): string {
    return Buffer.from(this.binary()).toString('utf8');
  }

  /** A field header: its type and IDL field id (id 0 when the type is STOP). */
  fieldBegin(): { type: number; id: number } {
    const type = this.i8();
    return type === TType.STOP ? { type, id: 0 } : { type, id: this.i16() };
  }

  /** A list or set header. */
  listBegin(): { elemType: number; size: number } {
    const elemType = this.i8();
    const size = this.i32();
    if (size < 0) throw new RangeError(`negative list size ${size} at offset ${this.pos - 4}`);
    return { elemType, size };
  }

  /** A map header. */
  mapBegin(): { keyType: number; valueType: number; size: number } {
    const keyType = this.i8();
    const valueType = this.i8();
    const size = this.i32();
    if (size < 0) throw new RangeError(`negative map size ${size} at offset ${this.pos - 4}`);
    return { keyType, valueType, size };
  }

  /** A strict message header. Throws RangeError when the version bits are not {@link VERSION_1}. */
  messageBegin(): { name: string; type: number; seqId: number } {
    const word = this.i32();
    if ((word & VERSION_MASK) !== VERSION_1) {
      throw new RangeError(`bad message header 0x${(word >>> 0).toString(16).padStart(8, '0')} (expected strict binary protocol version 0x80010000)`);
    }
    const name = this.string();
    return { name, type: word & 0xff, seqId: this.i32() };
  }

  /** Skips one value of wire type `type` (used for fields this client does not know). */
  skip(type: number): void {
    switch (type) {
      case TType.BOOL:
      case TType.BYTE:
        this.need(1);
        return;
      case TType.I16:
        this.need(2);
        return;
      case TType.I32:
        this.need(4);
        return;
      case TType.I64:
      case TType.DOUBLE:
        this.need(8);
        return;
      case TType.STRING:
        this.binary();
        return;
      case TType.STRUCT:
        for (let f = this.fieldBegin(); f.type !== TType.STOP; f = this.fieldBegin()) this.skip(f.type);
        return;
      case TType.MAP: {
        const m = this.mapBegin();
        for (let i = 0; i < m.size; i++) {
          this.skip(m.keyType);
          this.skip(m.valueType);
        }
        return;
      }
      case TType.SET:
      case TType.LIST: {
        const l = this.listBegin();
        for (let i = 0; i < l.size; i++) this.skip(l.elemType);
        return;
      }
      default:
        throw new RangeError(`unknown wire type ${type} at offset ${this.pos}`);
    }
  }
}
