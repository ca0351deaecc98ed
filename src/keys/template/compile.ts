/** The template compiler: template text in, a {@link RowkeyTemplate} (encoder, decoder, parts) out. */
import { equalBytes, toStringBinary } from '../../bytes/index.js';
import { HotspotError } from '../../util/errors.js';
import { defaultFunctions } from '../functions/index.js';
import { KeyBuffer } from '../functions/key-buffer.js';
import type { FunctionRegistry } from '../functions/registry.js';
import type { FieldValue, KeyRecord, RowkeyTemplate } from '../types.js';
import { collectNumericFields } from './compile-expr.js';
import { planDecode, readFields, splitKey } from './decode.js';
import { parseTemplate } from './parse.js';
import { compileParts, type CompiledPart } from './parts.js';
import { directEncoder } from './direct.js';
import { fuseWriters } from './fused.js';

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
}

/**
 * Compiles a rowkey template once into an encoder and, where the key is decodable, a decoder. See `parse.ts` for the
 * syntax and `src/keys/functions/` for the functions. Encoding writes every part into one reused buffer and copies
 * the key out, so a template object must not be shared between threads (it is not, in Node).
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
  const encode = (fills.length === 0 ? directEncoder(parts, general) : undefined) ?? general;

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
      `key ${JSON.stringify(toStringBinary(key))} fails verification at byte ${from}: ${part.source} reads ${JSON.stringify(toStringBinary(key.subarray(from, to)))} but the decoded fields give ${JSON.stringify(toStringBinary(again.subarray(from, to)))}; the key was not written by template "${source}"`,
      part.inputs[0] === undefined ? {} : { field: part.inputs[0] },
    );
  }

  return {
    source,
    parts: publicParts,
    fields,
    numericFields: [...numericFields],
    decodable: plan.decodable,
    decodeWarnings: plan.warnings,
    encode,
    decode,
  };
}
