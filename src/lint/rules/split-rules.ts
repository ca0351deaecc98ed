/**
 * Rules over pre-splits (playbook section 5.1): enough regions for the cluster, split points in the key's alphabet.
 *
 * @module
 */
import type { PartAlphabet } from '../../keys/types.js';
import type { KeyPartShape, LintSubject } from '../model.js';
import { type PointAlphabet, byteText, keysForTable, leadingPart, leadingWindow, regionCount, splitAlphabet, writtenSplitKeys } from './links.js';
import { regionReach, splitPointBytes } from './reach.js';
import type { Hit, LintRule } from './types.js';
import { toStringBinary } from '../../bytes/index.js';
import { printable } from '../../util/input-text.js';
import { splitPointMangled } from '../shell/split-keys.js';

/**
 * Regions per RegionServer the playbook's pre-split formula starts from. The playbook (section 5.1, "Determining the
 * initial Region count") sizes a pre-split as RegionServers x a target of 10 to 30 regions per server.
 */
export const MIN_REGIONS_PER_SERVER = 10;

/** The top of the playbook's per-server range (section 5.1: 10 to 30 regions per RegionServer) for a new table. */
export const MAX_REGIONS_PER_SERVER = 30;

/** Which split point alphabets can divide keys whose first varying part writes `key` bytes. */
const COMPATIBLE: Record<PartAlphabet, readonly PointAlphabet[]> = {
  hex: ['hex'],
  decimal: ['decimal'],
  text: ['hex', 'HEX', 'decimal', 'text'],
  binary: ['binary'],
};

/** Point alphabets that fit `part`; a hex salt of 10 buckets or fewer writes only digits (`00`..`09`). */
function compatible(part: KeyPartShape): readonly PointAlphabet[] {
  const digitsOnly = part.kind === 'salt' && part.buckets !== undefined && part.buckets <= 10;
  return digitsOnly ? [...COMPATIBLE[part.alphabet], 'decimal'] : COMPATIBLE[part.alphabet];
}

/** The leading part as the message names it: its source, bucket count and width. */
function describeLead(part: KeyPartShape): string {
  const values = part.buckets === undefined ? '' : `${part.buckets} values, `;
  const width = part.fixedWidth === undefined ? 'varying width' : `${part.fixedWidth} ${part.alphabet} byte${part.fixedWidth === 1 ? '' : 's'}`;
  return `${part.source} (${values}${width})`;
}

/** The never-written regions as key ranges, the first three then a count. */
function emptyRanges(empty: readonly number[], points: readonly Uint8Array[]): string {
  const range = (r: number): string => `['${r === 0 ? '' : toStringBinary(points[r - 1]!)}', '${r >= points.length ? '' : toStringBinary(points[r]!)}')`;
  const shown = empty.slice(0, 3).map(range).join(', ');
  return empty.length > 3 ? `${shown} and ${empty.length - 3} more` : shown;
}

/** How many regions the pre-split makes against what the stated servers need. */
function presplitHits(s: LintSubject, below: (regions: number, servers: number) => boolean, need: (servers: number) => string): Hit[] {
  const servers = s.workload.servers;
  if (servers === undefined) return [];
  const hits: Hit[] = [];
  for (const t of s.tables) {
    const regions = regionCount(t.splits);
    if (regions === undefined || !below(regions, servers)) continue;
    const rate = s.workload.writesPerSec === undefined ? '' : ` (${Math.round(s.workload.writesPerSec / regions)} writes/s per region at ${s.workload.writesPerSec} writes/s)`;
    hits.push({
      path: t.name,
      message: `table '${t.name}' starts with ${regions} region${regions === 1 ? '' : 's'} for ${servers} RegionServers${rate}; ${need(servers)}`,
      place: 'place' in t.splits ? t.splits.place : t.place,
    });
  }
  return hits;
}

/** The written split points of a table's pre-split (`SPLITS` or a `SPLITS_FILE`), with how to name point `i`. */
function writtenPoints(t: LintSubject['tables'][number]): { points: readonly string[]; keys: (Uint8Array | undefined)[]; name: (i: number, again?: boolean) => string; script: boolean } | undefined {
  const splits = t.splits;
  if (splits.kind !== 'points') return undefined;
  const keys = writtenSplitKeys(splits);
  if (keys === undefined) return undefined;
  const file = splits.file;
  const name = (i: number, again = false): string => (file === undefined ? `split point ${i + 1}` : again ? `line ${i + 1}` : `line ${i + 1} of SPLITS_FILE '${printable(file, 60)}'`);
  return { points: splits.points, keys, name, script: splits.binaryForm !== true };
}

/** The first three of `items`, then how many more. */
function firstThree(items: readonly string[]): string {
  return items.length > 3 ? `${items.slice(0, 3).join('; ')}; and ${items.length - 3} more` : items.join('; ');
}

/** Split points the client's createTable refuses: empty, repeated (as keys), or not convertible by the shell. */
function refusedPoints(s: LintSubject): Hit[] {
  const hits: Hit[] = [];
  for (const t of s.tables) {
    const written = writtenPoints(t);
    if (written === undefined) continue;
    const { points, keys, name } = written;
    const place = t.splits.kind === 'points' ? t.splits.place : t.place;
    const broken = keys.flatMap((k, i) => (k === undefined ? [`${name(i)} ('${printable(points[i] as string, 40)}') ends in an incomplete \\x escape, on which the shell's Bytes.toBytesBinary fails (String index out of range)`] : []));
    const empty = keys.flatMap((k, i) => (k !== undefined && k.length === 0 ? [`${name(i)} is empty`] : []));
    const seen = new Map<string, number>();
    const repeated: string[] = [];
    keys.forEach((k, i) => {
      if (k === undefined || k.length === 0) return;
      const id = byteText(k);
      const first = seen.get(id);
      if (first === undefined) seen.set(id, i);
      else repeated.push(`${name(i)} repeats ${name(first, true)}, the key '${printable(toStringBinary(k), 40)}'`);
    });
    if (broken.length > 0) hits.push({ path: t.name, message: `table '${t.name}': ${firstThree(broken)}; the create fails`, place });
    if (empty.length > 0) hits.push({ path: t.name, message: `table '${t.name}': ${firstThree(empty)}; the create fails with "Empty split key must not be passed in the split keys."`, place });
    if (repeated.length > 0) hits.push({ path: t.name, message: `table '${t.name}': ${firstThree(repeated)}; the create fails with "All split keys must be unique, found duplicate: ..."`, place });
  }
  return hits;
}

/** Script split points whose bytes the shell writes differently from what the script shows. */
function mangledPoints(s: LintSubject): Hit[] {
  const hits: Hit[] = [];
  for (const t of s.tables) {
    const written = writtenPoints(t);
    if (written === undefined || !written.script) continue;
    const found = written.points.flatMap((p, i) => {
      const why = splitPointMangled(p);
      const key = written.keys[i];
      return why === undefined || key === undefined ? [] : [`${written.name(i)} ${why}: its key is '${printable(toStringBinary(key), 40)}'`];
    });
    if (found.length > 0) hits.push({ path: t.name, message: `table '${t.name}': ${firstThree(found)}`, place: t.splits.kind === 'points' ? t.splits.place : t.place });
  }
  return hits;
}

/** Split rules, in catalogue order. */
export const SPLIT_RULES: readonly LintRule[] = [
  {
    code: 'PRESPLIT_NONE',
    severity: 'error',
    scope: 'table',
    checks: 'fewer pre-split regions than stated RegionServers (--servers)',
    why: 'until the table splits on its own, every write lands on the few servers that hold its regions',
    fix: 'pre-split with SPLITS, SPLITS_FILE or NUMREGIONS/SPLITALGO into at least one region per server (playbook: 10-30 per server)',
    check: (s) => presplitHits(s, (r, n) => r < n, (n) => `at least ${n} are needed so every server takes writes`),
  },
  {
    code: 'PRESPLIT_TOO_FEW',
    severity: 'warning',
    scope: 'table',
    checks: `fewer than ${MIN_REGIONS_PER_SERVER} pre-split regions per stated RegionServer`,
    why: 'the balancer can only even out load with several regions per server; a handful leaves servers unevenly loaded',
    fix: `pre-split into RegionServers x ${MIN_REGIONS_PER_SERVER}-${MAX_REGIONS_PER_SERVER} regions, aligned with the key's salt buckets or hex prefix`,
    check: (s) =>
      presplitHits(
        s,
        (r, n) => r >= n && r < n * MIN_REGIONS_PER_SERVER,
        (n) => `the playbook's formula gives ${n * MIN_REGIONS_PER_SERVER}-${n * MAX_REGIONS_PER_SERVER}`,
      ),
  },
  {
    code: 'PRESPLIT_TOO_MANY',
    severity: 'warning',
    scope: 'table',
    checks: `more than ${MAX_REGIONS_PER_SERVER} pre-split regions per stated RegionServer`,
    why: 'each region has its own memstore per family and its own store files: too many split the flush memory into small flushes, multiply compactions and slow reassignment after a server fails',
    fix: `pre-split into RegionServers x ${MIN_REGIONS_PER_SERVER}-${MAX_REGIONS_PER_SERVER} regions and let the split policy add more as data grows`,
    check: (s) =>
      presplitHits(
        s,
        (r, n) => r > n * MAX_REGIONS_PER_SERVER,
        (n) => `the playbook's formula gives ${n * MIN_REGIONS_PER_SERVER}-${n * MAX_REGIONS_PER_SERVER}`,
      ),
  },
  {
    code: 'SPLIT_ALPHABET',
    severity: 'error',
    scope: 'table',
    checks:
      "split points the key's leading part cannot match: regions no key can ever fall into (judged from the leading part's width and alphabet or salt values), or an alphabet that differs from the key's first part (hex splits over decimal keys, decimal over hex, raw bytes over text)",
    why: 'regions whose range no key falls into stay empty while the rest of the key space crowds into the others',
    fix: 'generate split points from the key itself: one per salt bucket (hbase-hotspot splits --template), HexStringSplit only over hash prefixes of 8 hex characters, DecimalStringSplit or padded decimal points for decimal buckets',
    check: (s) => {
      const hits: Hit[] = [];
      for (const t of s.tables) {
        if (t.splits.kind !== 'points' && t.splits.kind !== 'algorithm') continue;
        const place = 'place' in t.splits ? t.splits.place : t.place;
        const points = splitPointBytes(t.splits);
        for (const k of keysForTable(s, t)) {
          const lead = leadingPart(k);
          if (lead === undefined) continue;
          const alphabet = splitAlphabet(t.splits, leadingWindow(k));
          const mismatch = alphabet !== undefined && !compatible(lead).includes(alphabet) ? `is split on ${alphabet} points but its key starts with ${lead.source}, which writes ${lead.alphabet} bytes` : undefined;
          const reach = points === undefined ? undefined : regionReach(k, points);
          const empty = reach?.neverWritten ?? [];
          if (reach !== undefined && empty.length > 0) {
            hits.push({
              path: t.name,
              message: `table '${t.name}' ${mismatch ?? `is split into ${reach.regions} regions over a key starting with ${describeLead(lead)}`}: ${empty.length} of ${reach.regions} regions can never receive a key (${emptyRanges(empty, points ?? [])})`,
              place,
              regions: { total: reach.regions, neverWritten: empty.length },
            });
          } else if (mismatch !== undefined) hits.push({ path: t.name, message: `table '${t.name}' ${mismatch}`, place });
        }
      }
      return hits;
    },
  },
  {
    code: 'SPLIT_POINTS_REFUSED',
    severity: 'error',
    scope: 'table',
    checks:
      "split points the create refuses: an empty one (a blank line in a SPLITS_FILE among them), one repeated (compared as the keys the shell makes of them: 'a' and '\\x61' are one key), or one ending in an incomplete \\x escape",
    why: 'the client checks the split keys before it asks the master (RawAsyncHBaseAdmin.createTable) and refuses the whole create: the table is not created',
    fix: 'remove blank and repeated points; write a byte as \\xNN with two hex digits; or generate the points with hbase-hotspot splits',
    check: refusedPoints,
  },
  {
    code: 'SPLIT_POINT_MANGLED',
    severity: 'warning',
    scope: 'table',
    checks:
      'script split points whose bytes the shell changes: a character above U+00FF (written as the low byte of each UTF-16 unit, not as UTF-8), or a double-quoted byte that is not UTF-8 ("\\x80", written as 0xFD)',
    why: "the shell passes each point to Bytes.toBytesBinary as a Java string, so the table is split at other keys than the script shows and the regions meant for a key range miss it",
    fix: "write split bytes as \\xNN inside single quotes ('\\x80'), which Bytes.toBytesBinary reads as that byte, or one per line in toStringBinary form in a SPLITS_FILE",
    check: mangledPoints,
  },
];
