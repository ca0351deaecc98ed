/**
 * The reader half of the Thrift binary protocol (strict), with a cursor; a read past the end throws
 * {@link IncompleteMessage} so a caller can wait for more bytes.
 *
 * @module
 */
import { IncompleteMessage, TType, VERSION_1, VERSION_MASK } from './protocol.js';

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
