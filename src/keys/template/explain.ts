/**
 * `key explain`: what a template's key is made of, which access patterns it serves (point get, prefix scan,
 * newest-first, time range) and which of the playbook's anti-patterns it hits (a time or sequence first, numbers
 * without padding, personal data in clear). A pure analysis of the compiled template; the CLI renders it.
 */
import type { KeyPart, RowkeyTemplate } from '../types.js';
import type { CompiledTemplate } from './compile.js';
import { looksLikePii, looksLikeSequence, looksLikeTime } from './explain-names.js';

/** One part as `key explain` reports it. */
export interface ExplainedPart {
  /** The part's text in the template, e.g. `{salt(deviceId,16)}`. */
  readonly source: string;
  /** What the part is (see {@link KeyPart.kind}). */
  readonly kind: KeyPart['kind'];
  /** 0-based character offset in the template. */
  readonly position: number;
  /** 0-based byte offset of the part in the key, or `null` after a part whose width varies. */
  readonly offsetBytes: number | null;
  /** Width in bytes, or `null` when it varies. */
  readonly widthBytes: number | null;
  /** Which bytes it can hold (see {@link KeyPart.alphabet}). */
  readonly alphabet: KeyPart['alphabet'];
  /** Record fields it reads, in order. */
  readonly inputs: readonly string[];
  /** Salt buckets it spreads keys over, or `null` for a part that is not a salt or bucket. */
  readonly buckets: number | null;
  /** How the part's bytes sort against its order field (see {@link KeyPart.order}). */
  readonly order: KeyPart['order'];
}

/** An access pattern and whether (and how) the key serves it. */
export interface AccessVerdict {
  /** The access pattern judged. */
  readonly pattern: 'point get' | 'prefix scan' | 'newest-first' | 'time range';
  /** Whether the key serves it; `detail` says how or why not. */
  readonly served: boolean;
  /** How: the fields to know and the number of scans, or why not. */
  readonly detail: string;
}

/** The anti-patterns `key explain` detects. */
export type AntiPatternCode = 'time-first' | 'sequence-first' | 'unpadded-number' | 'pii-in-clear';

/** An anti-pattern the template hits. */
export interface AntiPattern {
  /** Which anti-pattern. */
  readonly code: AntiPatternCode;
  /** The field concerned. */
  readonly field: string;
  /** What goes wrong and the fix. */
  readonly detail: string;
}

/** The whole explanation (also the `--json` shape of `key explain`). */
export interface KeyExplanation {
  /** The template as given. */
  readonly template: string;
  /** Its parts, in key order. */
  readonly parts: readonly ExplainedPart[];
  /** Record fields the template reads. */
  readonly fields: readonly string[];
  /** Whether a record can be recovered from a key (see {@link RowkeyTemplate.decodable}). */
  readonly decodable: boolean;
  /** Why the key is not (or not always) decodable, one line each; empty when it is. */
  readonly decodeWarnings: readonly string[];
  /** Each access pattern and whether the key serves it. */
  readonly accessPatterns: readonly AccessVerdict[];
  /** The anti-patterns the template hits; empty when none. */
  readonly antiPatterns: readonly AntiPattern[];
}

const ONE_WAY = new Set<KeyPart['kind']>(['salt', 'bucket', 'md5', 'sha256', 'phoenixSalt', 'hbasewdPrefix', 'opentsdbSalt']);

/** A leading run of the key: the fields known once it is fixed, and how many scans reading it takes. */
interface Prefix {
  readonly fields: readonly string[];
  readonly scans: number;
}

/** The scans a prefix needs: one per bucket of every salt whose inputs the prefix does not fix. */
function scansFor(parts: readonly KeyPart[], upTo: number, known: ReadonlySet<string>): number {
  let scans = 1;
  for (let i = 0; i < upTo; i++) {
    const p = parts[i] as KeyPart;
    if (p.buckets !== undefined && !p.inputs.every((f) => known.has(f))) scans *= p.buckets;
  }
  return scans;
}

function describeScans(prefix: Prefix): string {
  const by = prefix.fields.length ? prefix.fields.join(', ') : 'nothing';
  return `${by} known: ${prefix.scans === 1 ? '1 scan' : `${prefix.scans} scans (one per salt bucket)`}`;
}

/** Declared field types (`--fields`) whose values are numbers. */
const NUMBER_TYPES: ReadonlySet<string> = new Set(['int', 'long', 'sequence', 'epochMs', 'epochSeconds']);

/**
 * Explains a compiled template. With `fieldTypes` (field name to a `--fields` type: `int`, `long`, `sequence`,
 * `epochMs`, `string`, ...), a field's declared type decides whether it is a number; without a declared type, its
 * name does (`ts`, `seq`, ...).
 */
export function explainTemplate(template: CompiledTemplate, fieldTypes?: Readonly<Record<string, string>>): KeyExplanation {
  const parts = template.parts;
  const declared = (f: string): string | undefined => (fieldTypes !== undefined && Object.hasOwn(fieldTypes, f) ? fieldTypes[f] : undefined);
  const numeric = new Set([
    ...template.numericFields.filter((f) => declared(f) === undefined),
    ...template.fields.filter((f) => NUMBER_TYPES.has(declared(f) ?? '')),
  ]);

  const known = new Set<string>();
  const prefixes: Prefix[] = [];
  const ordered: { part: KeyPart; before: Prefix }[] = [];
  parts.forEach((p, i) => {
    if (p.kind === 'literal' || ONE_WAY.has(p.kind)) return;
    if (p.order !== 'none' && p.orderField !== undefined) ordered.push({ part: p, before: { fields: [...known], scans: scansFor(parts, i, known) } });
    for (const f of p.inputs) known.add(f);
    prefixes.push({ fields: [...known], scans: scansFor(parts, i, known) });
  });
  const partial = prefixes.filter((p) => p.fields.length < template.fields.length && p.fields.length > 0);
  const newest = ordered.find((o) => o.part.order === 'descending');
  const timed = ordered.find((o) => looksLikeTime(o.part.orderField ?? '') || o.part.kind === 'reverseTs' || o.part.kind === 'date');

  const accessPatterns: AccessVerdict[] = [
    { pattern: 'point get', served: true, detail: `a Get with ${template.fields.length ? template.fields.join(', ') : 'no fields'} known` },
    partial.length
      ? { pattern: 'prefix scan', served: true, detail: partial.map(describeScans).join('; ') }
      : { pattern: 'prefix scan', served: false, detail: 'no leading part can be fixed on its own' },
    newest
      ? { pattern: 'newest-first', served: true, detail: `${newest.part.source} puts the newest ${newest.part.orderField} first; ${describeScans(newest.before)}` }
      : { pattern: 'newest-first', served: false, detail: 'no reverseTs/reverseLong part; rows come oldest first' },
    timed
      ? { pattern: 'time range', served: true, detail: `a [from, to) range on ${timed.part.orderField} via ${timed.part.source}; ${describeScans(timed.before)}` }
      : { pattern: 'time range', served: false, detail: 'no time-ordered part (reverseTs, date, long or pad of a time field)' },
  ];
  let offset: number | null = 0;
  return {
    template: template.source,
    parts: parts.map((p) => {
      const at = offset;
      offset = offset === null || p.fixedWidth === undefined ? null : offset + p.fixedWidth;
      return { p, at };
    }).map(({ p, at }) => ({
      source: p.source,
      kind: p.kind,
      position: p.position,
      offsetBytes: at,
      widthBytes: p.fixedWidth ?? null,
      alphabet: p.alphabet,
      inputs: p.inputs,
      buckets: p.buckets ?? null,
      order: p.order,
    })),
    fields: template.fields,
    decodable: template.decodable,
    decodeWarnings: template.decodeWarnings,
    accessPatterns,
    antiPatterns: antiPatterns(parts, numeric, declared),
  };
}

/** `numeric`: fields known to be numbers; `declared`: a field's `--fields` type (its name is not read then). */
function antiPatterns(parts: readonly KeyPart[], numeric: ReadonlySet<string>, declared: (field: string) => string | undefined): AntiPattern[] {
  const found: AntiPattern[] = [];
  const isTime = (f: string): boolean => (declared(f) === undefined ? looksLikeTime(f) : declared(f) === 'epochMs' || declared(f) === 'epochSeconds');
  const isSequence = (f: string): boolean => (declared(f) === undefined ? looksLikeSequence(f) : declared(f) === 'sequence');
  const first = parts.find((p) => p.kind !== 'literal');
  if (first && !ONE_WAY.has(first.kind)) {
    const field = first.orderField ?? (first.kind === 'field' ? first.inputs[0] : undefined);
    if (field !== undefined && (isTime(field) || first.kind === 'reverseTs' || first.kind === 'date')) {
      found.push({ code: 'time-first', field, detail: `${first.source} leads the key, so every new write lands in the same (${first.order === 'descending' ? 'first' : 'last'}) region; put a salt or an entity id first` });
    } else if (field !== undefined && isSequence(field)) {
      found.push({ code: 'sequence-first', field, detail: `${first.source} leads the key with an increasing sequence, so writes pile onto the last region; salt it or reverse it` });
    }
  }
  for (const p of parts) {
    if (p.kind !== 'field' || p.fixedWidth !== undefined) continue;
    const field = p.inputs[0] as string;
    if (numeric.has(field) || isTime(field) || isSequence(field)) {
      found.push({ code: 'unpadded-number', field, detail: `${p.source} writes a number without padding, so keys sort "1" < "10" < "2"; use {pad(${field}, W)} or a fixed-width form` });
    }
  }
  const inClear = new Set(parts.filter((p) => p.kind !== 'literal' && !ONE_WAY.has(p.kind)).flatMap((p) => p.inputs));
  for (const field of inClear) {
    if (looksLikePii(field)) {
      found.push({ code: 'pii-in-clear', field, detail: `"${field}" looks like personal data and is written in clear, so it shows in WALs, HFiles and hbase:meta; write {sha256(${field})} instead` });
    }
  }
  return found;
}
