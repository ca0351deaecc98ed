/**
 * Parsing the text of the hbase shell's `status 'detailed'` (HBase 2.x `hbase/admin.rb` `status`): after the
 * `N live servers` line, each server as `    host:port startcode` and its load line, then each region as
 * `        "<region name>"` (Ruby `String#dump` of the toStringBinary name, so `\` appears as `\\`) and
 * `            numberOfStores=…, storefileSizeMB=…, readRequestsCount=…, writeRequestsCount=…, …`.
 *
 * The output covers every table; a capture keeps the regions of one. It prints no end keys: a region's end key is
 * the next larger start key (the last region's is empty; a read replica has its primary's range). The shell ends the live servers with `N dead servers`:
 * a capture without that line, or listing fewer or more servers than `N live servers` says, was cut off or pasted
 * in part, and is refused rather than read with the missing servers' regions dropped.
 *
 * @module
 */
import { compareBytes, toBytesBinary } from '../../bytes/index.js';
import { parseRegionName } from '../../regions/region-name-parse.js';
import type { RegionLoad } from '../../model/index.js';
import { BYTES_PER_MB } from '../assemble.js';
import type { TextCapture } from './captures.js';
import { counterProblem, excerpt, type TextIssue } from './text-error.js';

const LIVE_RE = /^(\d+) live servers?$/;
const DEAD_RE = /^(\d+) dead servers?$/;
/** The last line of `status 'simple'`, and the one line of `status` / `status 'summary'`: no per-region counters. */
const NOT_DETAILED_RE = /^(?:Aggregate load: \d+, regions: \d+|(?:1 active master, )?(?:\d+ backup masters?, )?\d+ servers?, \d+ dead, [\d.]+ average load)$/;
const SERVER_RE = /^ {4}(\S+):(\d+) (\d+)$/;
const SERVER_LOAD_RE = /^ {8}requestsPerSecond=/;
const REGION_RE = /^ {8}"(.*)"$/;
const REGION_LOAD_RE = /^ {12}(\w+=.*)$/;
/** The region-load fields a snapshot needs. */
export const STATUS_REGION_FIELDS = ['storefileSizeMB', 'readRequestsCount', 'writeRequestsCount'] as const;

/**
 * Reverses Ruby's `String#dump` for the printable ASCII names the shell dumps: `\\`, `\"` and `\#`.
 * @throws `Error` naming any other escape.
 */
export function rubyUndump(text: string): string {
  return text.replace(/\\(.?)/g, (all, c: string) => {
    if (c === '\\' || c === '"' || c === '#') return c;
    throw new Error(`unexpected escape "${all}" in a dumped region name`);
  });
}

/** `k=v, k=v` pairs of a load line. */
function pairs(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of text.split(', ')) {
    const eq = part.indexOf('=');
    if (eq > 0) out.set(part.slice(0, eq), part.slice(eq + 1));
  }
  return out;
}

/**
 * The tables whose regions a `status 'detailed'` capture lists, in the order first seen: the table part of each
 * region name line that parses (`ns:name` outside the default namespace, as HBase prints it). Lines that do not
 * parse are left to {@link parseStatusDetailed} to report.
 */
export function statusDetailedTables(capture: TextCapture): string[] {
  const tables = new Set<string>();
  for (const [, raw] of capture.lines) {
    const r = REGION_RE.exec(raw.trimEnd());
    if (r?.[1] === undefined) continue;
    try {
      tables.add(parseRegionName(toBytesBinary(rubyUndump(r[1]), 'region name')).table);
    } catch {
      // a malformed name is parseStatusDetailed's to report, with its line
    }
  }
  return [...tables];
}

/**
 * Parses the regions of `table` in one `status 'detailed'` capture. Problems are appended to `issues` with their
 * lines; bad regions are left out.
 */
export function parseStatusDetailed(capture: TextCapture, table: string, issues: TextIssue[]): RegionLoad[] {
  type Pending = Omit<RegionLoad, 'endKey'>;
  const found: Pending[] = [];
  let section: 'head' | 'live' | 'dead' = 'head';
  // the `N live servers` line (its number and line) and the server lines read under it
  let live: { line: number; count: number } | undefined;
  let servers = 0;
  // the table's regions read so far, by encoded name: where each was listed
  const seen = new Map<string, { line: number; server: string }>();
  let server: string | undefined;
  // the region whose load line comes next: an object for one of the table's regions, null for another table's
  // (its load line is skipped), undefined when no region name is waiting for its load line
  let region: { line: number; name: string; encodedName: string; startKey: Uint8Array } | undefined | null;
  const bad = (line: number, message: string): void => void issues.push({ line, message });
  for (const [line, raw] of capture.lines) {
    // a terminal's copy may pad lines with spaces; the shell ends none with one (a region name ends with its quote)
    const text = raw.trimEnd();
    if (region && !REGION_LOAD_RE.test(text)) {
      bad(region.line, 'region name without its load line (numberOfStores=…, readRequestsCount=…) under it');
      region = undefined;
    }
    if (NOT_DETAILED_RE.test(text)) {
      bad(line, "this is the output of status 'simple' or status 'summary', which has no per-region counters; paste the output of status 'detailed'");
      continue;
    }
    const liveLine = LIVE_RE.exec(text);
    if (liveLine) { section = 'live'; live = { line, count: Number(liveLine[1]) }; continue; }
    if (DEAD_RE.test(text)) { section = 'dead'; continue; }
    if (section !== 'live') continue;
    const s = SERVER_RE.exec(text);
    if (s) { server = `${s[1]},${s[2]},${s[3]}`; servers++; region = undefined; continue; }
    if (SERVER_LOAD_RE.test(text)) continue;
    const r = REGION_RE.exec(text);
    if (r?.[1] !== undefined) {
      if (!server) { bad(line, 'region line before any server line "    host:port startcode"'); continue; }
      try {
        const nameText = rubyUndump(r[1]);
        if (!nameText.startsWith(`${table},`)) { region = null; continue; }
        const parsed = parseRegionName(toBytesBinary(nameText, 'region name'));
        if (parsed.table !== table || parsed.encodedName === undefined) { region = null; continue; }
        region = { line, name: nameText, encodedName: parsed.encodedName, startKey: parsed.startKey };
      } catch (err) {
        bad(line, `region name "${r[1]}": ${(err as Error).message}`);
        region = null;
      }
      continue;
    }
    const load = REGION_LOAD_RE.exec(text);
    if (load?.[1] !== undefined && region !== undefined) {
      if (region !== null && server) {
        const kv = pairs(load[1]);
        const values = STATUS_REGION_FIELDS.map((f) => kv.get(f));
        const maxOf = (f: string) => (f === 'storefileSizeMB' ? Math.floor(Number.MAX_SAFE_INTEGER / BYTES_PER_MB) : Number.MAX_SAFE_INTEGER);
        const badAt = STATUS_REGION_FIELDS.findIndex((f, i) => counterProblem(values[i] ?? '', maxOf(f)) !== undefined);
        const badField = STATUS_REGION_FIELDS[badAt];
        const [sizeMB, reads, writes] = values.map(Number) as [number, number, number];
        if (badField) bad(line, `${badField} is ${kv.has(badField) ? `"${excerpt(kv.get(badField) ?? '')}", ${counterProblem(values[badAt] ?? '', maxOf(badField)) ?? ''}` : 'missing'}`);
        else if (reads + writes > Number.MAX_SAFE_INTEGER) bad(line, 'readRequestsCount + writeRequestsCount is past 2^53 - 1, where counts lose increments');
        else if (seen.has(region.encodedName)) {
          const first = seen.get(region.encodedName) as { line: number; server: string };
          bad(region.line, `region ${region.encodedName} is listed under ${server} and under ${first.server} (line ${first.line}): a region that moved shows under both until the server it left reports again (every 3 s); take the capture again, or delete the copy under the server it left`);
        } else {
          seen.set(region.encodedName, { line: region.line, server });
          found.push({ name: region.name, encodedName: region.encodedName, startKey: region.startKey, server, readRequests: reads, writeRequests: writes, requests: reads + writes, storeSizeBytes: sizeMB * BYTES_PER_MB });
        }
      }
      region = undefined;
      continue;
    }
    bad(line, `unexpected line in the live servers section: "${text.trim()}"`);
  }
  if (region) bad(region.line, 'region name without its load line under it');
  if (live && section === 'live') {
    bad(capture.lines.at(-1)?.[0] ?? live.line, 'the output ends without its "N dead servers" line: it was cut off, and the servers after this line are missing; paste all of it');
  } else if (live && servers !== live.count) {
    bad(live.line, `says ${live.count} live servers but ${servers} server line(s) ("    host:port startcode") follow; paste the output unchanged`);
  }
  found.sort((a, b) => compareBytes(a.startKey, b.startKey));
  // a region's end is the next larger start key: a read replica (`table,start,id_0001.enc.`, REGION_REPLICATION > 1)
  // starts where its primary starts and ends where it ends, and is no end for it
  const ends: Uint8Array[] = [];
  for (let i = found.length - 1; i >= 0; i--) {
    const next = found[i + 1];
    ends[i] = next === undefined ? new Uint8Array(0) : compareBytes(next.startKey, found[i]?.startKey ?? next.startKey) > 0 ? next.startKey : (ends[i + 1] as Uint8Array);
  }
  return found.map((r, i) => ({ ...r, endKey: ends[i] as Uint8Array }));
}
