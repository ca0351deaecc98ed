/** The template compiler: template text in, a {@link RowkeyTemplate} (encoder, decoder, parts) out. */
import { equalBytes, toStringBinary } from '../../bytes/index.js';
import { HotspotError } from '../../util/errors.js';
import { defaultFunctions } from '../functions/index.js';
import { KeyBuffer } from '../functions/key-buffer.js';
import type { FunctionRegistry } from '../functions/registry.js';
import type { FieldValue, KeyBatch, KeyRecord, RowkeyTemplate } from '../types.js';
import { collectNumericFields } from './compile-expr.js';
import { planDecode, readFields, searchSplits, show, splitKey, tryReadFields } from './decode.js';
import { parseTemplate } from './parse.js';
import { compileParts, type CompiledPart } from './parts.js';
import { INTO_CHECKS, directEncoder } from './direct.js';
import { fuseWriters } from './fused.js';

/** Largest batch {@link CompiledTemplate.encodeBatch} writes: its offsets are 32-bit. */
const BATCH_MAX_BYTES = 0xffff_ffff;

/** `out` copied into a buffer at least twice as large with room for `need` more bytes after `used`. */
function growBatch(out: Uint8Array, used: number, need: number): Uint8Array {
  if (used + need > BATCH_MAX_BYTES) {
    throw new RangeError(`encodeBatch: the keys need more than ${BATCH_MAX_BYTES} bytes, the most one batch holds; encode the records in smaller batches`);
  }
  const grown = new Uint8Array(Math.min(BATCH_MAX_BYTES, Math.max(out.length * 2, used + need)));
  grown.set(out.subarray(0, used));
  return grown;
}

/** An encoding error for record `index` of a batch: the same code, the record's index in front of the message. */
function batchError(err: unknown, index: number): unknown {
  if (!(err instanceof HotspotError)) return err;
  const wrapped = new HotspotError(err.code, `records[${index}]: ${err.message}`, { cause: err });
  Object.assign(wrapped.where, err.where);
  return wrapped;
}

/** Options for {@link compileTemplate}. */
export interface CompileOptions {
  /** The functions templates may call (default: every built-in function). */
  readonly functions?: FunctionRegistry;
  /** When given, the only field names the template may read; any other is `TEMPLATE_UNKNOWN_FIELD`. */
  readonly fields?: readonly string[];
}

/** A compiled template with its parts' internals, as the library's own modules use it. */
export interface CompiledTemplate extends RowkeyTemplate {
  readonly parts: readonly CompiledPart[];
  /** Fields some function reads as a number; their plain `{field}` parts decode as numbers. */
  readonly numericFields: readonly string[];
  /**
   * Writes a record's rowkey into `buffer` at `offset` (default 0), the same bytes {@link RowkeyTemplate.encode}
   * returns, and returns how many bytes it wrote. Nothing is allocated for a template the direct encoder handles
   * (literals, text fields, `salt(field, N ≤ 256)`, `reverseTs(field)`) and an ASCII record. The template keeps a
   * `DataView` over the last buffer written to, so reusing one buffer costs nothing extra.
   * @throws RangeError naming the bytes needed (and the smallest buffer that fits) when fewer than the key's length
   * follow `offset`; nothing is written then, except after a non-ASCII value where bytes from `offset` may have changed.
   * @throws RangeError when `offset` is not an integer from 0 to `buffer.length`; TypeError when `buffer` is not a
   * Uint8Array.
   * @throws HotspotError the codes of {@link RowkeyTemplate.encode}.
   */
  encodeInto(record: KeyRecord, buffer: Uint8Array, offset?: number): number;
  /**
   * Encodes many records into one new buffer: key `i` is `bytes.subarray(offsets[i], offsets[i + 1])`, byte for byte
   * what {@link RowkeyTemplate.encode} returns for `records[i]`. One allocation per batch instead of one per key, for
   * the load generator, the simulator and backfills that hand keys on in bulk. The result is the caller's: no later
   * call writes it.
   * @throws HotspotError the codes of {@link RowkeyTemplate.encode}, the message starting `records[i]: ` for the
   * first record that fails; RangeError when the keys need more than 4 GiB (32-bit offsets).
   */
  encodeBatch(records: ArrayLike<KeyRecord>): KeyBatch;
  /** As {@link RowkeyTemplate.misfit}, always present on a compiled template. */
  misfit(key: Uint8Array): string | undefined;
}

/**
 * Compiles a rowkey template once into an encoder and, where the key is decodable, a decoder. See `parse.ts` for the
 * syntax and `src/keys/functions/` for the functions. A template of literals, text fields, `salt(field, N ≤ 256)` and
 * `reverseTs(field)` encodes through generated code straight into a slab or the caller's buffer (`direct.ts`); any
 * other writes every part into one reused buffer and copies the key out. Either way a template object holds mutable
 * state and must not be shared between threads (it is not, in Node).
 *
 * @example compileTemplate('{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}').encode({ deviceId: 'd1', ts: 1 })
 * @throws HotspotError `TEMPLATE_EMPTY_KEY`, `TEMPLATE_SYNTAX`, `TEMPLATE_UNKNOWN_FUNCTION`, `TEMPLATE_ARITY`,
 * `TEMPLATE_ARGUMENT`, `TEMPLATE_UNKNOWN_FIELD`, each naming the character offset in the template.
 */
export function compileTemplate(source: string, options: CompileOptions = {}): CompiledTemplate {
  const registry = options.functions ?? defaultFunctions;
  const nodes = parseTemplate(source);
  const numericFields = new Set<string>();
  for (const node of nodes) if (node.type === 'expr') collectNumericFields(node.expr, registry, numericFields);
  const ctx = {
    template: source,
    registry,
    knownFields: options.fields ? new Set(options.fields) : undefined,
    numericFields,
  };
  const parts = compileParts(nodes, ctx);
  const fields = [...new Set(parts.flatMap((p) => p.inputs))];
  const plan = planDecode(parts, fields);
  const writers = parts.map((p) => p.write);
  const fills = parts.flatMap((p, i) => (p.fill ? [{ index: i, width: p.fixedWidth ?? 0, fill: p.fill }] : []));
  const buffer = new KeyBuffer(256);
  const starts = new Int32Array(parts.length + 1);

  const emptyKey = (record: KeyRecord) =>
    new HotspotError(
      'TEMPLATE_EMPTY_KEY',
      `template "${source}" gives an empty rowkey for ${JSON.stringify(record, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}, and HBase has no empty rowkey; give the fields non-empty values or add a literal`,
      fields[0] === undefined ? {} : { field: fields[0] },
    );

  /** Writes the key into `buffer`, recording each part's start offset. */
  function writeKey(record: KeyRecord): void {
    buffer.length = 0;
    for (let i = 0; i < writers.length; i++) {
      starts[i] = buffer.length;
      const fill = parts[i]?.fill;
      if (fill) {
        const width = parts[i]?.fixedWidth ?? 0;
        // Zeroed: a fill that leaves its bytes alone (OpenTSDB's unsalted annotation row) must not keep the previous key's.
        buffer.reserve(width);
        buffer.bytes.fill(0, buffer.length, buffer.length + width);
        buffer.length += width;
      } else (writers[i] as CompiledPart['write'])(record, buffer);
    }
    starts[writers.length] = buffer.length;
    for (let k = fills.length - 1; k >= 0; k--) {
      const f = fills[k] as (typeof fills)[number];
      f.fill(buffer.bytes, starts[f.index] as number, buffer.length);
    }
  }

  const writeAll = fuseWriters(parts);
  const general =
    fills.length === 0
      ? (record: KeyRecord): Uint8Array => {
          const out = buffer;
          out.length = 0;
          writeAll(record, out);
          if (out.length === 0) throw emptyKey(record);
          return out.bytes.slice(0, out.length);
        }
      : (record: KeyRecord): Uint8Array => {
          writeKey(record);
          if (buffer.length === 0) throw emptyKey(record);
          return buffer.take();
        };
  // Literal and inline parts only: the key's length is known before writing, so it is written in place.
  const direct = fills.length === 0 ? directEncoder(parts, general) : undefined;
  const encode = direct?.encode ?? general;

  /** The general encoder writing into a caller's buffer: the key's length, or minus it when it does not fit. */
  function generalInto(record: KeyRecord, target: Uint8Array, offset: number): number {
    if (fills.length === 0) {
      buffer.length = 0;
      writeAll(record, buffer);
    } else writeKey(record);
    const length = buffer.length;
    if (length === 0) throw emptyKey(record);
    if (length > target.length - offset) return -length;
    const bytes = buffer.bytes;
    for (let k = 0; k < length; k++) target[offset + k] = bytes[k] as number;
    return length;
  }
  const into = direct?.into ?? generalInto;

  function generalEncodeInto(record: KeyRecord, target: Uint8Array, offset = 0): number {
    INTO_CHECKS.checkTarget(target, offset);
    const written = into(record, target, offset);
    return written < 0 ? INTO_CHECKS.tooSmall(written, target, offset) : written;
  }
  const encodeInto = direct?.checked ?? generalEncodeInto;

  function encodeBatch(records: ArrayLike<KeyRecord>): KeyBatch {
    const count = records.length;
    const offsets = new Uint32Array(count + 1);
    // 48 bytes a key covers most rowkeys in one allocation; a longer batch grows by doubling.
    let out: Uint8Array = new Uint8Array(Math.min(BATCH_MAX_BYTES, Math.max(64, count * 48)));
    let at = 0;
    try {
      for (let i = 0; i < count; i++) {
        const record = records[i] as KeyRecord;
        let written: number;
        try {
          written = into(record, out, at);
          // Minus the key's length when it does not fit; grown to that length it fits (checked, never assumed).
          while (written < 0) {
            out = growBatch(out, at, -written);
            written = into(record, out, at);
          }
        } catch (err) {
          throw batchError(err, i);
        }
        at += written;
        offsets[i + 1] = at;
      }
    } finally {
      direct?.release();
    }
    return { bytes: out.subarray(0, at), offsets };
  }

  // Parts computed over the bytes that follow them encode from the whole key.
  const publicParts = parts.map((p, i) =>
    p.fill
      ? {
          ...p,
          encode: (record: KeyRecord) => {
            writeKey(record);
            return buffer.bytes.slice(starts[i], starts[i + 1]);
          },
        }
      : p,
  );

  function decode(key: Uint8Array): Record<string, FieldValue> {
    if (!plan.decodable) {
      throw new HotspotError('TEMPLATE_NOT_DECODABLE', `template "${source}" is not decodable: ${plan.warnings.filter((w) => !w.includes('delimited by')).join('; ')}`);
    }
    if (key.length === 0) {
      // Encoding refuses a record that gives no bytes, so no record decodes from none.
      throw new HotspotError('KEY_DECODE', `the key is empty, and HBase has no empty rowkey: no record of template "${source}" writes it`);
    }
    const extents = splitKey(parts, plan, key, source);
    const record = readFields(parts, key, extents, source);
    verify(record, key);
    return record;
  }

  function verify(record: Record<string, FieldValue>, key: Uint8Array): void {
    try {
      writeKey(record);
    } catch (err) {
      // The field the template rejects is the field the key holds wrongly.
      const field = err instanceof HotspotError ? err.where.field : undefined;
      throw new HotspotError('KEY_DECODE', `key "${toStringBinary(key)}" decodes to values template "${source}" rejects: ${(err as Error).message}`, {
        cause: err,
        ...(field === undefined ? {} : { field }),
      });
    }
    const again = buffer.bytes.subarray(0, buffer.length);
    if (equalBytes(again, key)) return;
    const at = parts.findIndex((_p, i) => !equalBytes(again.subarray(starts[i], starts[i + 1]), key.subarray(starts[i], starts[i + 1])));
    const part = parts[at] ?? (parts[0] as CompiledPart);
    const from = starts[at] ?? 0;
    const to = starts[at + 1] ?? again.length;
    throw new HotspotError(
      'KEY_DECODE',
      `key ${show(key)} fails verification at byte ${from}: ${part.source} reads ${show(key.subarray(from, to))} but the decoded fields give ${show(again.subarray(from, to))}; the key was not written by template "${source}"`,
      part.inputs[0] === undefined ? {} : { field: part.inputs[0] },
    );
  }

  function misfit(key: Uint8Array): string | undefined {
    if (!plan.splittable) return undefined;
    if (key.length === 0) return 'the key is empty, and no record of the template writes an empty key';
    const search = searchSplits(parts, plan, key);
    const first = search.found[0];
    if (first === undefined) return search.overLimit ? undefined : `at byte ${search.failAt}, ${search.failWhy()}`;
    let why: string | undefined;
    for (const extents of search.found) {
      const read = tryReadFields(parts, key, extents);
      const wrong = 'failure' in read
        ? `at byte ${read.failure.from}, ${read.failure.part.source} does not read back: ${read.failure.error}`
        : fieldsWrittenOtherwise(read.record, key, extents);
      if (wrong === undefined) return undefined;
      why ??= wrong;
    }
    return why;
  }

  /**
   * For a decodable template: why the fields read from `key` are not what the template writes in the parts they were
   * read from (a value the template refuses, or one it writes in other bytes, as a date of month 13); `undefined` when
   * every part that holds a field comes back the same. Salts, buckets and hashes (parts no field is read from) are
   * not compared: keys from another writer's salt function fit.
   */
  function fieldsWrittenOtherwise(record: Record<string, FieldValue>, key: Uint8Array, extents: Int32Array): string | undefined {
    if (!plan.decodable) return undefined;
    try {
      writeKey(record);
    } catch (err) {
      return `its fields read back as values the template refuses: ${(err as Error).message}`;
    }
    for (let i = 0; i < parts.length; i++) {
      if ((parts[i] as CompiledPart).recover === undefined) continue;
      const held = key.subarray(extents[2 * i], extents[2 * i + 1]);
      const again = buffer.bytes.subarray(starts[i], starts[i + 1]);
      if (!equalBytes(held, again)) {
        return `at byte ${extents[2 * i]}, ${(parts[i] as CompiledPart).source} holds ${show(held)}, which the template writes as ${show(again)}`;
      }
    }
    return undefined;
  }

  return {
    source,
    parts: publicParts,
    fields,
    numericFields: [...numericFields],
    decodable: plan.decodable,
    decodeWarnings: plan.warnings,
    encode,
    encodeInto,
    encodeBatch,
    decode,
    misfit,
  };
}
