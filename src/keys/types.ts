/**
 * The shapes a compiled rowkey template exposes to the rest of the product (scan planning, split points, the
 * simulator, lint). The template compiler produces them; everything else reads them.
 */

/** A record's field values: text, numbers (epoch ms for time fields), or bigints for longs beyond 2^53. */
export type FieldValue = string | number | bigint;

/** A record: field name to value. */
export type KeyRecord = Readonly<Record<string, FieldValue>>;

/** What kind of bytes a part writes, used by `key explain`, lint and split-point generation. */
export type PartAlphabet = 'hex' | 'decimal' | 'text' | 'binary';

/** The kinds of template part. */
export type KeyPartKind =
  | 'literal'
  | 'field'
  | 'concat'
  | 'salt'
  | 'bucket'
  | 'md5'
  | 'sha256'
  | 'reverse'
  | 'reverseTs'
  | 'pad'
  | 'date'
  | 'long'
  | 'reverseLong'
  | 'int'
  | 'uint'
  | 'phoenixInt'
  | 'padBytes'
  | 'phoenixSalt'
  | 'hbasewdPrefix'
  | 'opentsdbSalt';

/** One part of a compiled template, in key order. */
export interface KeyPart {
  /** What the part computes. */
  readonly kind: KeyPartKind;
  /** The part's source text in the template, e.g. `{salt(deviceId,16)}` or `_`. */
  readonly source: string;
  /** 0-based character offset of the part in the template text. */
  readonly position: number;
  /** Field names the part reads (empty for literals). */
  readonly inputs: readonly string[];
  /** Width in bytes when every value of the part has the same width; `undefined` when it varies. */
  readonly fixedWidth: number | undefined;
  /** The bytes it writes look like this. */
  readonly alphabet: PartAlphabet;
  /**
   * For salt-like parts (salt, bucket, phoenixSalt, hbasewdPrefix, opentsdbSalt): the number of distinct values
   * (buckets); `undefined` otherwise.
   */
  readonly buckets: number | undefined;
  /**
   * For salt-like parts: the bytes bucket `i` (0-based, in bucket number order) writes. Bucket byte order equals
   * bucket number order for every salt kind. `undefined` for other parts.
   */
  bucketBytes?(bucket: number): Uint8Array;
  /**
   * Whether the part's bytes grow (`ascending`) or shrink (`descending`) with its time/number input, or neither.
   * `date` and `long` of a time field ascend; `reverseTs` and `reverseLong` descend.
   */
  readonly order: 'ascending' | 'descending' | 'none';
  /** The field this part orders by, when `order` is not `none`. */
  readonly orderField?: string;
  /**
   * Encodes the part alone from a record (all of `inputs` present). For salt-like parts computed over other key bytes
   * (phoenixSalt, hbasewdPrefix, opentsdbSalt), the compiler supplies those bytes; see the compiler's TSDoc.
   * @throws HotspotError naming the part and field when an input is missing or does not fit.
   */
  encode(record: KeyRecord): Uint8Array;
}

/** Keys encoded back to back by a compiled template's `encodeBatch` (`CompiledTemplate` in `src/keys/template/compile.ts`). */
export interface KeyBatch {
  /** Every key's bytes, in record order, without separators (`bytes.buffer` may be longer: read through `bytes`). */
  readonly bytes: Uint8Array;
  /** `records.length + 1` byte offsets into `bytes`: key `i` spans `[offsets[i], offsets[i + 1])`; the last is the total. */
  readonly offsets: Uint32Array;
}

/** A compiled rowkey template. */
export interface RowkeyTemplate {
  /** The template text as given. */
  readonly source: string;
  /** Its parts in key order. */
  readonly parts: readonly KeyPart[];
  /** Every field name the template reads, in first-use order. */
  readonly fields: readonly string[];
  /** True when {@link RowkeyTemplate.decode} can recover a record from a key. */
  readonly decodable: boolean;
  /** Why the key is not decodable (or decoding may be refused for some values), one line each; empty when it is. */
  readonly decodeWarnings: readonly string[];
  /**
   * Encodes a record into a fresh rowkey: the bytes `Bytes.toBytes`-style Java writer code puts in a `Put`. The key is
   * the caller's to keep: no later call writes its bytes. It may be a view into a larger shared `ArrayBuffer` (an
   * 8 KiB slab, like Node's `Buffer` pool), so read `key.buffer` only with `key.byteOffset` and `key.length`, and copy
   * (`key.slice()`) a key kept long after its neighbours are dropped, so it does not hold the slab.
   * @throws HotspotError `TEMPLATE_FIELD_MISSING`, `TEMPLATE_FIELD_TYPE`, `TEMPLATE_VALUE_RANGE`,
   * `TEMPLATE_WIDTH_OVERFLOW`, `TEMPLATE_EMPTY_KEY` naming position and field.
   */
  encode(record: KeyRecord): Uint8Array;
  /**
   * Decodes a rowkey back into a record, verifying salts and hashes (the record must encode back to the same key).
   * @throws HotspotError `TEMPLATE_NOT_DECODABLE`, `KEY_DECODE` naming the field and byte offset (or for an empty key), or
   * `KEY_DECODE_AMBIGUOUS` naming the field when a value holding a delimiter lets the key split more than one way.
   */
  decode(key: Uint8Array): Record<string, FieldValue>;
  /**
   * Why `key` is not shaped like this template's keys, or `undefined` when it is: the key splits into the template's
   * parts (literals where the template has them, each fixed-width part its width, each part's bytes of its alphabet)
   * and every field reads back from its part, as in {@link RowkeyTemplate.decode}; for a decodable template the fields
   * read must also encode again to the bytes of the parts they were read from (a `reverseTs` of 19 nines, a negative
   * time, does not). Unlike `decode`, salts, buckets and hashes are not checked against the fields they are computed
   * from: a key salted by another writer's function, or made by hand, still fits. A binary part takes any bytes of its
   * width, so text that happens to have that width fits too. A key that splits more than one way fits when one of
   * the ways reads back, and so does one that splits too many ways to try.
   *
   * Only checked when the key can be split: for a template whose parts cannot be split (two parts of varying width
   * with no literal between them; see {@link RowkeyTemplate.decodeWarnings}) every key is `undefined`. A template
   * whose fields cannot all be read back (a one-way hash) is still split and its readable fields read, but not
   * encoded again.
   *
   * Optional: a template without it (one built by hand) has keys checked against nothing.
   * @returns one line, without the key or the template, e.g. `at byte 3, the key ends inside part {long(n)} (8 bytes)`.
   */
  misfit?(key: Uint8Array): string | undefined;
}
