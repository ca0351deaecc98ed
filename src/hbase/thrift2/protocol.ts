/**
 * Thrift binary protocol, strict form (`TBinaryProtocol` with `strictRead`/`strictWrite`, the default of HBase's
 * Thrift2 gateway): every integer is big-endian, strings and binaries are an i32 length then the bytes, a message
 * starts with `VERSION_1 | messageType` as an i32, then the method name and an i32 sequence id. This file holds the
 * constants; `binary-writer.ts` and `binary-reader.ts` hold one method per wire type.
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
