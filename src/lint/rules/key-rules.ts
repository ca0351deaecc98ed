/**
 * Rules over rowkey designs and their access patterns (playbook sections 3.5 and 4, anti-patterns 1, 3, 4 and 6).
 *
 * @module
 */
import type { AccessPattern, KeyDesign, LintSubject } from '../model.js';
import { HASH_KINDS, leadingPart } from './links.js';
import { isNumberField, isPiiField, scanShape, timeDirection } from './key-scan.js';
import type { Hit, LintRule } from './types.js';

const path = (k: KeyDesign): string => `key ${k.source}`;
const label = (a: AccessPattern): string => (a.fields.length === 0 ? a.kind : `${a.kind}:${a.fields.join('+')}`);
const READS: ReadonlySet<string> = new Set(['latest-n', 'time-range', 'prefix-scan']);

/** One hit per (key, access) pair for which `test` returns a message. */
function perAccess(s: LintSubject, kinds: ReadonlySet<string>, test: (k: KeyDesign, a: AccessPattern) => string | undefined): Hit[] {
  const hits: Hit[] = [];
  for (const k of s.keys) {
    for (const a of k.access) {
      if (!kinds.has(a.kind)) continue;
      const message = test(k, a);
      if (message !== undefined) hits.push({ path: path(k), message: `${label(a)}: ${message}` });
    }
  }
  return hits;
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
        return [{ path: path(k), message: `the key starts with ${lead.source}, which grows with ${lead.orderField ?? lead.inputs.join(', ')}` }];
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
        return [{ path: path(k), message: `the key starts with ${lead.source}, which shrinks as time passes` }];
      }),
  },
  {
    code: 'KEY_UNPADDED_NUMBER',
    severity: 'warning',
    scope: 'key',
    checks: 'a number written without padding in a key part that a range scan runs over',
    why: "decimal text sorts by character: '10' < '9', so ranges over unpadded numbers return the wrong rows",
    fix: 'write the number with a fixed width: {pad(x,10)}, {long(x)} or {reverseTs(ts)}',
    check: (s) =>
      perAccess(s, READS, (k, a) => {
        const part = scanShape(k, a).scanned;
        if (part === undefined || part.kind !== 'field' || part.fixedWidth !== undefined) return undefined;
        const field = part.inputs[0];
        if (field === undefined || !isNumberField(k, field)) return undefined;
        return `the scan ranges over ${part.source}, a number of varying width`;
      }),
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
          .map((p) => ({ path: path(k), message: `${p.source} writes ${p.inputs.filter((f) => isPiiField(k, f)).join(', ')} in clear` })),
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
        const part = scanShape(k, a).scanned;
        if (part === undefined || timeDirection(k, part) !== 'up') return undefined;
        return `after ${a.fields.join(', ')} the key continues with ${part.source}, oldest first`;
      }),
  },
];
