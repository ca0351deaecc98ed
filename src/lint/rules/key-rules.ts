/**
 * Rules over rowkey designs and their access patterns (playbook sections 3.5 and 4, anti-patterns 1, 3, 4 and 6).
 *
 * @module
 */
import type { AccessPattern, KeyDesign, KeyPartShape, LintSubject } from '../model.js';
import { HASH_KINDS, leadingPart } from './links.js';
import { binaryAfterText, fillCollision } from './key-boundary.js';
import { isNumberField, isPiiField, scanShape, timeDirection } from './key-scan.js';
import type { Hit, LintRule } from './types.js';

const path = (k: KeyDesign): string => `key ${k.source}${k.origin === undefined ? '' : ` (${k.origin})`}`;
/** A hit's path and, for a key read from a file, its place. */
const at = (k: KeyDesign): Pick<Hit, 'path' | 'place'> => ({ path: path(k), ...(k.place === undefined ? {} : { place: k.place }) });
const label = (a: AccessPattern): string => (a.fields.length === 0 ? a.kind : `${a.kind}:${a.fields.join('+')}`);
const READS: ReadonlySet<string> = new Set(['latest-n', 'time-range', 'prefix-scan']);

/** One hit per (key, access) pair for which `test` returns a message. */
function perAccess(s: LintSubject, kinds: ReadonlySet<string>, test: (k: KeyDesign, a: AccessPattern) => string | undefined): Hit[] {
  const hits: Hit[] = [];
  for (const k of s.keys) {
    for (const a of k.access) {
      if (!kinds.has(a.kind)) continue;
      const message = test(k, a);
      if (message !== undefined) hits.push({ ...at(k), message: `${label(a)}: ${message}` });
    }
  }
  return hits;
}

/** Declared field types whose values are whole numbers written as decimal text by a plain field part. */
const NUMBER_TYPES: ReadonlySet<string> = new Set(['int', 'long', 'sequence']);

/** Parts of `k` that write a field declared int, long or sequence as text of varying width. */
function unpaddedTypedParts(k: KeyDesign): KeyPartShape[] {
  return k.parts.filter(
    (p) => (p.kind === 'field' || p.kind === 'concat') && p.fixedWidth === undefined && p.inputs.some((f) => NUMBER_TYPES.has(k.fieldTypes?.[f] ?? '')),
  );
}

/** Decimal digits of the largest value a declared number type holds: int 2,147,483,647; long and sequence Long.MAX_VALUE. */
const TYPE_DIGITS: Readonly<Record<string, number>> = { int: 10, long: 19, sequence: 19 };

/** `pad(x, W)` parts over a field typed int, long or sequence whose W is narrower than the type's largest value. */
function narrowPadHits(k: KeyDesign): Hit[] {
  return k.parts.flatMap((p) => {
    if (p.kind !== 'pad' || p.fixedWidth === undefined) return [];
    const width = p.fixedWidth;
    return p.inputs.flatMap((f) => {
      const type = k.fieldTypes?.[f] ?? '';
      const digits = TYPE_DIGITS[type];
      if (digits === undefined || digits <= width) return [];
      const from = (10n ** BigInt(width)).toLocaleString('en-US');
      return [
        {
          ...at(k),
          message: `${p.source} pads ${f} (${type}) to ${width} digits but ${type === 'int' ? 'an' : 'a'} ${type} reaches ${digits}: from ${from} on, Java's %0${width}d writes a longer key that sorts out of place (encoding here refuses it); pad to ${digits}`,
        },
      ];
    });
  });
}

function unpaddedMessage(k: KeyDesign, p: KeyPartShape): string {
  const fields = p.inputs.filter((f) => NUMBER_TYPES.has(k.fieldTypes?.[f] ?? ''));
  const typed = fields.map((f) => `${f} (${k.fieldTypes?.[f]})`).join(', ');
  const front = fields.some((f) => k.fieldTypes?.[f] === 'sequence') ? '; new ids write next to each other at a front that moves up the key space and jumps when they gain a digit' : '';
  return `${p.source} writes ${typed} without a fixed width: keys sort 1, 10, 100, 2${front}`;
}

/** Key-scope rules, in catalogue order. */
export const KEY_RULES: readonly LintRule[] = [
  {
    code: 'KEY_MONOTONIC_FIRST',
    severity: 'error',
    scope: 'key',
    checks: 'a timestamp, date or sequence number as the first varying part of the rowkey',
    why: 'keys that grow with time all sort after the last split point, so every write goes to the last region',
    fix: 'lead with a salt or hash of the entity, or the entity id itself: {salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}',
    check: (s) =>
      s.keys.flatMap((k) => {
        const lead = leadingPart(k);
        if (lead === undefined || timeDirection(k, lead) !== 'up') return [];
        return [{ ...at(k), message: `the key starts with ${lead.source}, which grows with ${lead.orderField ?? lead.inputs.join(', ')}` }];
      }),
  },
  {
    code: 'KEY_REVERSE_TS_FIRST',
    severity: 'error',
    scope: 'key',
    checks: 'a reverse timestamp as the first varying part of the rowkey',
    why: 'Long.MAX_VALUE - ts still moves one way: every write goes to the first region instead of the last',
    fix: 'put the entity (or a salt of it) before the reverse timestamp: {deviceId}_{reverseTs(ts)}',
    check: (s) =>
      s.keys.flatMap((k) => {
        const lead = leadingPart(k);
        if (lead === undefined || timeDirection(k, lead) !== 'down') return [];
        return [{ ...at(k), message: `the key starts with ${lead.source}, which shrinks as time passes` }];
      }),
  },
  {
    code: 'KEY_CATEGORY_FIRST',
    severity: 'error',
    scope: 'key',
    checks: 'a field typed category (few distinct values, or skewed: --fields status:category) as the first varying part of the rowkey',
    why: 'all rows of one value share one key range, so each value is a hot range and the writes spread over at most as many regions as there are values',
    fix: 'lead with a salt or hash of a field of many values: {salt(userId,16)}_{status}_{userId}; an index on such a value adds a field of many values to its key',
    check: (s) =>
      s.keys.flatMap((k) => {
        const lead = leadingPart(k);
        // a salt or hash of a category has no more distinct values than the category itself
        const inputs = lead?.inputs ?? [];
        if (inputs.length === 0 || !inputs.every((f) => k.fieldTypes?.[f] === 'category')) return [];
        return [{ ...at(k), message: `the key starts with ${lead?.source}, which has only as many values as ${inputs.join(', ')} (few distinct values)` }];
      }),
  },
  {
    code: 'KEY_UNPADDED_NUMBER',
    severity: 'warning',
    scope: 'key',
    checks: 'a field typed int, long or sequence (--fields) written without a fixed width anywhere in the key, or padded narrower than its type holds, or any number a range scan runs over written so',
    why: "decimal text sorts by character (1, 10, 100, 2; '10' < '9'): ranges return the wrong rows, and rising ids write to a front that moves up the key space",
    fix: 'write the number with a fixed width: {pad(x,10)} (int), {pad(x,19)} or {long(x)} (long, sequence), {reverseTs(ts)}',
    check: (s) =>
      s.keys.flatMap((k) => {
        const typed = unpaddedTypedParts(k);
        const hits: Hit[] = [...typed.map((p) => ({ ...at(k), message: unpaddedMessage(k, p) })), ...narrowPadHits(k)];
        const scans = perAccess({ ...s, keys: [k] }, READS, (_k, a) => {
          const part = scanShape(k, a).scanned;
          if (part === undefined || part.kind !== 'field' || part.fixedWidth !== undefined || typed.includes(part)) return undefined;
          const field = part.inputs[0];
          if (field === undefined || !isNumberField(k, field)) return undefined;
          return `the scan ranges over ${part.source}, a number of varying width`;
        });
        return [...hits, ...scans];
      }),
  },
  {
    code: 'KEY_AMBIGUOUS_BOUNDARY',
    severity: 'warning',
    scope: 'key',
    checks: 'a padBytes part filled with 0x00 (or another control byte) whose values may end in it, or a text part of varying width followed directly by a binary part (long, int, uint, a Phoenix integer, a 0x00-filled padBytes)',
    why: 'the fill or the binary bytes may equal the last bytes of the text: two different records then write the same key (one overwrites the other) and a prefix scan for one value reads rows of others',
    fix: 'end the text with a separator byte no value holds ({tenant}\\x00{long(id)} when no tenant holds \\x00), put its length before it, or give it a fixed width; after a 0x00-filled padBytes also write the field whole ({padBytes(x,8,0)}\\x01{x})',
    check: (s) =>
      s.keys.flatMap((k) => [
        ...k.parts.flatMap((p) => {
          const message = fillCollision(k, p);
          return message === undefined ? [] : [{ ...at(k), message }];
        }),
        ...binaryAfterText(k).map((message) => ({ ...at(k), message })),
      ]),
  },
  {
    code: 'KEY_PII_CLEAR',
    severity: 'error',
    scope: 'key',
    checks: 'personal data (e-mail, phone, national id, card number, birth date) in clear in the rowkey',
    why: 'rowkeys are copied in clear into the WAL, every HFile index, hbase:meta and logs',
    fix: 'hash the field into the key ({sha256(email)}) and keep the clear value, if needed, in an access-controlled cell',
    check: (s) =>
      s.keys.flatMap((k) =>
        k.parts
          .filter((p) => !HASH_KINDS.has(p.kind) && p.inputs.some((f) => isPiiField(k, f)))
          .map((p) => ({ ...at(k), message: `${p.source} writes ${p.inputs.filter((f) => isPiiField(k, f)).join(', ')} in clear` })),
      ),
  },
  {
    code: 'KEY_SALT_FANOUT',
    severity: 'warning',
    scope: 'key',
    checks: 'a salt whose inputs the stated access pattern does not know',
    why: 'the reader cannot compute the bucket, so each read becomes one scan per bucket on every region',
    fix: 'salt over the entity the reads name ({salt(deviceId,16)}), not over time or a random value',
    check: (s) =>
      perAccess(s, READS, (k, a) => {
        const { fanOut: fan, unused } = scanShape(k, a);
        if (fan.length === 0 || unused.length > 0) return undefined;
        const scans = fan.reduce((n, p) => n * (p.buckets ?? 1), 1);
        return `${fan.map((p) => p.source).join(', ')} cannot be computed from ${a.fields.join(', ') || 'the known fields'}: each read fans out to ${scans} scans`;
      }),
  },
  {
    code: 'KEY_ACCESS_UNSERVED',
    severity: 'error',
    scope: 'key',
    checks: 'an access pattern whose fields are not a leading part of the rowkey',
    why: 'the scan cannot start at a known prefix, so it reads the whole table (anti-pattern: scan without a range)',
    fix: 'put the fields the reads name right after the salt, or add an index table keyed by them',
    check: (s) =>
      perAccess(s, READS, (k, a) => {
        const unused = scanShape(k, a).unused;
        return unused.length === 0 ? undefined : `${unused.join(', ')} ${unused.length === 1 ? 'is' : 'are'} not in the key's leading parts: the read scans the whole table`;
      }),
  },
  {
    code: 'KEY_LATEST_ORDER',
    severity: 'warning',
    scope: 'key',
    checks: "'newest N' reads over a key whose time part ascends",
    why: 'the newest rows of the entity sort last, so reading the newest N means scanning all of its history (or a reverse scan)',
    fix: 'write time as {reverseTs(ts)} after the entity so a forward prefix scan returns newest first',
    check: (s) =>
      perAccess(s, new Set(['latest-n']), (k, a) => {
        const { scanned: part, unused } = scanShape(k, a);
        if (part === undefined || timeDirection(k, part) !== 'up') return undefined;
        // The fields the read names may come after the ascending part (a time-first key): say where it really is.
        if (unused.length > 0) return `the key reaches ${unused.join(', ')} only after ${part.source}, which ascends: rows come oldest first`;
        return `after ${a.fields.join(', ')} the key continues with ${part.source}, oldest first`;
      }),
  },
];
