/**
 * Scan planning: from a compiled rowkey template, a partial record and an optional time range, the HBase scans that
 * read the matching rows. Parts are resolved left to right; the key bytes known so far form the scan prefix. The
 * first part that cannot be resolved ends the prefix: a time-ordered part (`reverseTs`, `long`, `reverseLong`,
 * `date`) with a time range becomes a row range, anything else a prefix scan. A salt whose inputs are unknown fans
 * the plan out into one scan per bucket.
 */
import { concatBytes, equalBytes, prefixStopRow, toStringBinary } from '../../bytes/index.js';
import { HotspotError } from '../../util/errors.js';
import { looksLikeTime } from '../template/explain-names.js';
import type { FieldValue, KeyPart, KeyRecord, RowkeyTemplate } from '../types.js';
import { allSaltPrefixes, isFollowingSalt, isSaltPart, saltInputs } from './salt-parts.js';
import { checkTimeRange } from './time-range.js';
import type { PlannedScan, SaltSpan, ScanPlan, ScanPlanOptions, TimeRangeMs } from './types.js';

interface Fan {
  readonly index: number;
  readonly offsetBytes: number;
  readonly prefixes: { bucket: number; bytes: Uint8Array }[];
}

/**
 * Plans the scans for the rows of `template` whose fields equal `where` (and whose time field lies in
 * `options.timeRange`, HBase `TimeRange` convention: from inclusive, to exclusive).
 *
 * Bounds are exact for fixed-width, monotone time parts: for an ascending part (`long(ts)`, a millisecond `date`)
 * start = prefix + enc(from) and stop = prefixStopRow(prefix + enc(to - 1)); for a descending one (`reverseTs(ts)`,
 * `reverseLong(ts)`), whose bytes shrink as time grows, start = prefix + enc(to - 1) and stop =
 * prefixStopRow(prefix + enc(from)). A row at exactly `from` is read; a row at `to` is not.
 *
 * @param where - known field values (numbers for time and long fields, epoch ms).
 * @throws HotspotError `SCAN_FIELD_UNKNOWN` for a `where` field the template does not read, `SCAN_TIME_FIELD` when
 *   a time range is given but no part orders by time, or the time field is also fixed in `where`,
 *   `TIME_RANGE_INVALID` for a bad range, and the template's own errors for values that do not fit a part.
 */
export function planScans(template: RowkeyTemplate, where: KeyRecord, options: ScanPlanOptions = {}): ScanPlan {
  for (const field of Object.keys(where)) {
    if (!template.fields.includes(field)) {
      throw new HotspotError(
        'SCAN_FIELD_UNKNOWN',
        `--where field "${field}" is not read by template ${template.source}; its fields are: ${template.fields.join(', ') || '(none)'}`,
        { field },
      );
    }
  }
  const range = options.timeRange;
  if (range) checkTimeRange(range);
  const timeField = range ? findTimeField(template, where) : undefined;
  const known = (f: string): boolean => Object.hasOwn(where, f);
  const inexact: string[] = [];
  const caveats: string[] = [];

  const head: Uint8Array[] = [];
  const tail: Uint8Array[] = [];
  let fan: Fan | undefined;
  const append = (bytes: Uint8Array): void => void (fan ? tail : head).push(bytes);
  const length = (list: Uint8Array[]): number => list.reduce((n, b) => n + b.length, 0);

  let i = 0;
  for (; i < template.parts.length; i++) {
    const part = template.parts[i] as KeyPart;
    const saltBytes = isSaltPart(part) && saltInputs(template, i).every(known) ? knownSalt(template, where, i, length(head) + (fan?.prefixes[0]?.bytes.length ?? 0) + length(tail)) : undefined;
    if (saltBytes) {
      append(saltBytes);
    } else if (isSaltPart(part)) {
      if (saltInputs(template, i).every(known)) {
        caveats.push(`${part.source} changes with the time, so its bucket is unknown: check its metric and time widths against the template`);
      }
      if (fan) break;
      fan = { index: i, offsetBytes: length(head), prefixes: allSaltPrefixes(part) };
    } else if (part.inputs.every(known)) {
      append(part.encode(where));
    } else {
      break;
    }
  }

  const stop = template.parts[i];
  let bounds: (prefix: Uint8Array) => { startRow: Uint8Array; stopRow: Uint8Array };
  let used = i;
  if (stop === undefined) {
    bounds = (key) => ({ startRow: key, stopRow: concatBytes(key, Uint8Array.of(0)) });
  } else if (timeField !== undefined && range && isRangePart(stop, timeField, known)) {
    bounds = (prefix) => timeBounds(stop, prefix, where, timeField, range);
    used = i + 1;
    if (stop.kind === 'date' && !stop.source.includes('SSS')) {
      inexact.push(`${stop.source} is coarser than a millisecond: rows that share its value with --from or --to - 1 but lie outside the range are also read`);
    }
  } else {
    bounds = (prefix) => ({ startRow: prefix, stopRow: prefixStopRow(prefix) });
    const last = template.parts[i - 1];
    if (last && last.kind !== 'literal' && last.fixedWidth === undefined && !isSaltPart(last)) {
      inexact.push(`${last.source} has no fixed width and no delimiter follows it: keys whose ${last.inputs.join(', ')} merely starts with the given value are also read`);
    }
  }
  // A part of varying width ends where its delimiter starts, as long as no value holds the delimiter: a value that
  // starts with the given one and the delimiter writes the same prefix ('acme_' also prefixes tenant 'acme_eu').
  const delimiters: { fields: string; delimiter: string }[] = [];
  for (let j = 0; j + 1 < used; j++) {
    const part = template.parts[j] as KeyPart;
    const next = template.parts[j + 1] as KeyPart;
    if (part.kind === 'literal' || part.fixedWidth !== undefined || isSaltPart(part) || next.kind !== 'literal') continue;
    const bytes = next.encode({});
    const neverHolds = options.neverHolds;
    if (neverHolds && part.inputs.every((f) => neverHolds(f, String.fromCharCode(...bytes)))) continue;
    delimiters.push({ fields: part.inputs.join(', '), delimiter: toStringBinary(bytes) });
  }
  for (const field of Object.keys(where)) {
    // A salt reading the field does not narrow the rows by it; only the field's own bytes in the prefix do.
    const bounded = template.parts.slice(0, used).some((p) => pinsField(p, field));
    if (!bounded && template.parts.slice(used).some((p) => p.inputs.includes(field))) {
      inexact.push(`${field} comes after ${stop?.source ?? 'the key'} in the key: rows with other values of ${field} are also read; filter them`);
    } else if (!bounded) {
      const lossy = template.parts.slice(0, used).filter((p) => p.inputs.includes(field)).map((p) => p.source);
      if (lossy.length > 0) {
        inexact.push(`${field} is written only through ${lossy.join(', ')}, which other values of ${field} share: rows with other values of ${field} are also read; filter them`);
      }
    }
  }
  if (timeField !== undefined && used === i) {
    const why = stop?.inputs.includes(timeField)
      ? `${stop.source} is not a part a range is read from: reverseTs, date, long, reverseLong or a fixed-width number of ${timeField} alone`
      : 'an unknown part comes first';
    inexact.push(`the time range on ${timeField} could not bound the rows (${why}): filter on the key${options.cellTimestamps ? ' or rely on the cell time range' : ''}`);
  }

  // said as a condition of exactness only when the plan is otherwise exact ("exact only while" under "not exact"
  // contradicts the verdict)
  for (const { fields, delimiter } of delimiters) {
    const rows = `rows whose ${fields} starts with the given value followed by "${delimiter}" share the prefix and are read too`;
    caveats.push(inexact.length === 0 ? `exact only while no ${fields} value holds "${delimiter}": ${rows}` : `also, if a value of ${fields} holds "${delimiter}", ${rows}`);
  }
  const headBytes = concatBytes(...head);
  const tailBytes = concatBytes(...tail);
  const scans: PlannedScan[] = fan
    ? fan.prefixes.map(({ bucket, bytes }) => ({ ...bounds(concatBytes(headBytes, bytes, tailBytes)), bucket }))
    : [bounds(headBytes)];
  const salt: SaltSpan | undefined = fan && {
    part: fan.index,
    offsetBytes: fan.offsetBytes,
    widthBytes: (fan.prefixes[0] as { bytes: Uint8Array }).bytes.length,
    buckets: fan.prefixes.length,
  };
  if (fan && fan.prefixes.length > ((template.parts[fan.index] as KeyPart).buckets ?? 0)) {
    caveats.push(`HBaseWD writes keys whose hash is Integer.MIN_VALUE under prefix byte ${(fan.prefixes.at(-1) as { bucket: number }).bucket}, outside its buckets; the plan scans it too`);
  }
  const timeRange = options.cellTimestamps && range ? { fromMs: range.fromMs ?? 0, toMs: range.toMs ?? Number.MAX_SAFE_INTEGER } : undefined;
  return {
    scans,
    exact: inexact.length === 0,
    notes: [...inexact, ...caveats],
    ...(salt && { salt }),
    ...(timeField !== undefined && { timeField }),
    ...(timeRange && { timeRange }),
  };
}

/**
 * True when a prefix part's bytes pin `field` to the one value: the part reads it and gives it back on decode. A salt
 * or bucket (many values share each bucket), a hash prefix (`md5(id,4)`), arithmetic (`ts / 1000`) or a date coarser
 * than its time does not; a whole `md5(x,32)` or `sha256(x)` does (a collision between rowkeys is not a concern). A part built outside the template compiler (no `oneWay` flag) pins every field it reads but
 * a salt's, as before that flag was read.
 */
function pinsField(part: KeyPart, field: string): boolean {
  if (isSaltPart(part) || !part.inputs.includes(field)) return false;
  const compiled = part as KeyPart & { readonly oneWay?: boolean; readonly recover?: { readonly field: string } };
  // A whole MD5 or SHA-256 is one-way but, for keys, one value per hash.
  const wholeHash = part.kind === 'sha256' || (part.kind === 'md5' && part.fixedWidth === 32);
  return compiled.oneWay === undefined || wholeHash || compiled.recover?.field === field;
}

/**
 * The field a time range applies to: the one a `reverseTs` or `date` part orders by; otherwise the first ordered part
 * whose field is named like a time (`ts`, `eventTime`, `created_at`), then the first `long` or `reverseLong` whose field
 * `where` leaves open, then a field named like a time that no part orders by
 * (a time behind arithmetic: the range then bounds nothing), then the first ordered part of any kind (`pad`, `int`,
 * `uint`, a Phoenix integer). A number such as `{pad(shard,2)}` or OpenTSDB's `{uint(tagk,3)}` is thus not taken for
 * the time.
 */
function findTimeField(template: RowkeyTemplate, where: KeyRecord): string {
  const ordered = template.parts.filter((p) => p.order !== 'none' && p.orderField !== undefined);
  const open = ordered.filter((p) => !Object.hasOwn(where, p.orderField as string));
  const first =
    ordered.find((p) => p.kind === 'reverseTs' || p.kind === 'date') ??
    ordered.find((p) => looksLikeTime(p.orderField as string)) ??
    open.find((p) => p.kind === 'long' || p.kind === 'reverseLong');
  // A time written only through arithmetic (OpenTSDB's base hour, ts / 3600000 * 3600) orders no part, but it is
  // still the field the range is about: the plan then says the range could not bound the rows.
  const timeNamed = first === undefined && ordered.length > 0 ? template.fields.find((f) => looksLikeTime(f)) : undefined;
  if (timeNamed !== undefined && !Object.hasOwn(where, timeNamed)) return timeNamed;
  const field = timeNamed ?? (first ?? open[0] ?? ordered[0])?.orderField;
  if (field === undefined) {
    throw new HotspotError(
      'SCAN_TIME_FIELD',
      `--from/--to given, but template ${template.source} has no time-ordered part (reverseTs, date, long, reverseLong) to range over`,
    );
  }
  if (Object.hasOwn(where, field)) {
    throw new HotspotError(
      'SCAN_TIME_FIELD',
      `${field} is fixed in --where and ranged by --from/--to; give one or the other`,
      { field },
    );
  }
  return field;
}

function isRangePart(part: KeyPart, timeField: string, known: (f: string) => boolean): boolean {
  return part.order !== 'none' && part.orderField === timeField && part.fixedWidth !== undefined && part.inputs.every((f) => f === timeField || known(f));
}

function timeBounds(part: KeyPart, prefix: Uint8Array, where: KeyRecord, field: string, range: TimeRangeMs): { startRow: Uint8Array; stopRow: Uint8Array } {
  const enc = (t: FieldValue): Uint8Array => concatBytes(prefix, part.encode({ ...where, [field]: t }));
  const { fromMs, toMs } = range;
  if (part.order === 'ascending') {
    return {
      startRow: fromMs === undefined ? prefix : enc(fromMs),
      stopRow: prefixStopRow(toMs === undefined ? prefix : enc(toMs - 1)),
    };
  }
  return {
    startRow: toMs === undefined ? prefix : enc(toMs - 1),
    stopRow: prefixStopRow(fromMs === undefined ? prefix : enc(fromMs)),
  };
}

/**
 * The bytes of a salt whose covered fields are all known. A salt over the following bytes is read from the encoded
 * key; fields it does not cover (OpenTSDB's base time) take two different placeholder times, and when the salt
 * differs between them (its layout arguments do not match the template) it is treated as unknown.
 */
function knownSalt(template: RowkeyTemplate, where: KeyRecord, index: number, offset: number): Uint8Array | undefined {
  const part = template.parts[index] as KeyPart;
  if (!isFollowingSalt(part)) return part.encode(where);
  const at = (placeholderMs: number): Uint8Array => {
    const filled: Record<string, FieldValue> = { ...where };
    for (const f of template.fields) if (!Object.hasOwn(filled, f)) filled[f] = placeholderMs;
    return template.encode(filled).slice(offset, offset + (part.fixedWidth ?? 0));
  };
  const a = at(0);
  return template.fields.every((f) => Object.hasOwn(where, f)) || equalBytes(a, at(1_234_567_890_123)) ? a : undefined;
}
