/**
 * Parsing the text of the hbase shell's `list_regions 'T'` (HBase 2.x `shell/commands/list_regions.rb`): a header
 * row, a row of dashes, one row per region, then `N rows`. Every cell is printed as ` %<width>s |`, right-aligned,
 * so the dash row gives each column's exact span and a key containing ` | ` cannot shift the columns.
 *
 * Columns used: SERVER_NAME (`host,port,startcode`), REGION_NAME (`table,startKey,regionId.encoded.` in
 * toStringBinary: the exact start key), END_KEY (toStringBinary, stripped of spaces by the shell), SIZE (store
 * files, whole MB) and REQ (read + write requests: `RegionMetrics.getRequestCount`).
 *
 * @module
 */
import { compareBytes, isRegionRange, toBytesBinary, toStringBinary } from '../../bytes/index.js';
import { type ParsedRegionName, parseRegionName } from '../../regions/region-name-parse.js';
import type { RegionLoad } from '../../model/index.js';
import { BYTES_PER_MB } from '../assemble.js';
import type { TextCapture } from './captures.js';
import { counterProblem, excerpt, type TextIssue } from './text-error.js';

/** Columns a `list_regions` capture must have (it may have others, in any order). */
export const LIST_REGIONS_COLUMNS = ['SERVER_NAME', 'REGION_NAME', 'SIZE', 'REQ'] as const;

const ROWS_RE = /^\s*(\d+) rows?\s*$/;
const SERVER_RE = /^[^,\s]+,\d+,\d+$/;

interface Column {
  readonly name: string;
  readonly start: number;
  readonly end: number;
}

/** Column spans from the dash row (` ----- | --- |`); `undefined` when the line is not one. */
function dashColumns(dashes: string, header: string): Column[] | undefined {
  if (!/^[ \-|]+$/.test(dashes) || !dashes.includes('-')) return undefined;
  const cols: Column[] = [];
  for (const m of dashes.matchAll(/-+/g)) {
    const start = m.index;
    const end = start + m[0].length;
    cols.push({ name: header.slice(start, end).trim(), start, end });
  }
  return cols;
}

/** One row's cells by column name, or an error message. */
function cells(text: string, cols: readonly Column[]): Map<string, string> | string {
  const out = new Map<string, string>();
  for (const c of cols) {
    if (text.slice(c.end, c.end + 2) !== ' |' || text[c.start - 1] !== ' ') {
      return `the cells do not line up with the dash row (column ${c.name} should end at character ${c.end} with " |"); paste the output unchanged`;
    }
    out.set(c.name, text.slice(c.start, c.end).trimStart());
  }
  return out;
}

/** The regions of one capture and the table they belong to. */
export interface ListRegionsCapture {
  readonly table: string | undefined;
  readonly regions: RegionLoad[];
}

/**
 * Parses one `list_regions` capture. Problems are appended to `issues` (each with its line) and the bad rows left
 * out; the caller throws when any were found.
 */
export function parseListRegions(capture: TextCapture, issues: TextIssue[]): ListRegionsCapture {
  const lines = capture.lines;
  const headerAt = lines.findIndex(([, t]) => /\bREGION_NAME\b/.test(t) && t.includes('|'));
  if (headerAt < 0) {
    issues.push({ line: capture.line, message: 'no list_regions header row (SERVER_NAME | REGION_NAME | ... | REQ |) in this capture' });
    return { table: undefined, regions: [] };
  }
  const [headerLine, header] = lines[headerAt] as readonly [number, string];
  const [dashLine, dashes] = lines[headerAt + 1] ?? [headerLine + 1, ''];
  lines.slice(0, headerAt).forEach(([line, t]) => {
    if (!t.startsWith('Can not find all details for region')) issues.push({ line, message: `unexpected text before the list_regions header: "${t.trim()}"` });
  });
  const cols = dashColumns(dashes, header);
  if (!cols) {
    issues.push({ line: dashLine, message: 'expected the row of dashes under the list_regions header' });
    return { table: undefined, regions: [] };
  }
  const missing = LIST_REGIONS_COLUMNS.filter((n) => !cols.some((c) => c.name === n));
  if (missing.length > 0) {
    issues.push({ line: headerLine, message: `missing column(s) ${missing.join(', ')}; run list_regions with its default columns` });
    return { table: undefined, regions: [] };
  }
  const issuesBefore = issues.length;
  const parsed: { line: number; region: Omit<RegionLoad, 'endKey'>; endText: string | undefined }[] = [];
  let table: string | undefined;
  let rowsLine: [number, number] | undefined;
  let regionRows = 0;
  for (const [line, text] of lines.slice(headerAt + 2)) {
    const rows = ROWS_RE.exec(text);
    if (rows?.[1] !== undefined) {
      rowsLine = [line, Number(rows[1])];
      continue;
    }
    if (rowsLine) {
      issues.push({ line, message: `unexpected text after the "N rows" line: "${text.trim()}"` });
      continue;
    }
    regionRows++;
    const row = cells(text, cols);
    if (typeof row === 'string') {
      issues.push({ line, message: row });
      continue;
    }
    const server = row.get('SERVER_NAME') ?? '';
    const size = row.get('SIZE') ?? '';
    const req = row.get('REQ') ?? '';
    const problems: string[] = [];
    if (!SERVER_RE.test(server)) problems.push(`SERVER_NAME "${server}" is not host,port,startcode`);
    const sizeProblem = counterProblem(size, Math.floor(Number.MAX_SAFE_INTEGER / BYTES_PER_MB));
    if (sizeProblem) problems.push(`SIZE "${excerpt(size)}" is ${sizeProblem === 'not a whole number' ? 'not a whole number of MB' : sizeProblem}`);
    const reqProblem = counterProblem(req);
    if (reqProblem) problems.push(`REQ "${excerpt(req)}" is ${reqProblem === 'not a whole number' ? 'not a whole request count' : reqProblem}`);
    const nameText = row.get('REGION_NAME') ?? '';
    let name: ParsedRegionName | undefined;
    try {
      name = parseRegionName(toBytesBinary(nameText, 'REGION_NAME'));
      if (name.encodedName === undefined) problems.push(`REGION_NAME "${nameText}" has no encoded name`);
      else if (table !== undefined && name.table !== table) problems.push(`region of table "${name.table}" among regions of "${table}"`);
    } catch (err) {
      problems.push(`REGION_NAME "${nameText}": ${(err as Error).message}`);
    }
    if (problems.length > 0 || !name?.encodedName) {
      issues.push({ line, message: problems.join('; ') });
      continue;
    }
    table ??= name.table;
    const requests = Number(req);
    parsed.push({
      line,
      endText: row.get('END_KEY'),
      region: {
        name: nameText, encodedName: name.encodedName, startKey: name.startKey, server,
        readRequests: null, writeRequests: null, requests, storeSizeBytes: Number(size) * BYTES_PER_MB,
      },
    });
  }
  if (!rowsLine) issues.push({ line: (lines.at(-1)?.[0] ?? capture.line), message: 'the list_regions output ends without its "N rows" line; paste all of it' });
  else if (rowsLine[1] !== regionRows) issues.push({ line: rowsLine[0], message: `says ${rowsLine[1]} rows but ${regionRows} region rows were read` });
  parsed.sort((a, b) => compareBytes(a.region.startKey, b.region.startKey));
  const regions = parsed.map((p, i): RegionLoad => {
    const end = endKey(p, parsed[i + 1]?.region.startKey, issues);
    if (!isRegionRange(p.region.startKey, end)) {
      issues.push({ line: p.line, message: `END_KEY "${excerpt(toStringBinary(end))}" does not sort after the start key "${excerpt(toStringBinary(p.region.startKey))}"; an HBase region's end key is "" (the table's end) or after its start key` });
    }
    return { ...p.region, endKey: end };
  });
  if (issues.length === issuesBefore && parsed.length > 0) checkCoverage(parsed, regions, notedStarts(lines.slice(0, headerAt)), issues);
  return { table, regions };
}

const NOTE_RE = /^Can not find all details for region:\s*(.*\S)\s*, it may be/;

/** The start keys (toStringBinary, spaces trimmed) of the regions the shell's notes say it left out. */
function notedStarts(notes: readonly (readonly [number, string])[]): Set<string> {
  const out = new Set<string>();
  for (const [, text] of notes) {
    const name = NOTE_RE.exec(text)?.[1];
    if (name === undefined) continue;
    try {
      out.add(toStringBinary(parseRegionName(toBytesBinary(name, 'region name')).startKey).trim());
    } catch {
      // a note whose name does not parse explains no gap
    }
  }
  return out;
}

/**
 * A table's regions cover its whole key space: the first starts at the empty key, each ends where the next starts,
 * the last ends at the empty key. A gap (with the END_KEY column to show it) means rows were left out of the paste
 * (`list_regions 'T', 'server'`, a `LOCALITY_THRESHOLD`, lines lost): reading the rest as the whole table would
 * show one server's regions as the table's. Gaps where the shell's note names a region it could not detail pass.
 */
function checkCoverage(parsed: readonly { line: number; endText: string | undefined }[], regions: readonly RegionLoad[], noted: ReadonlySet<string>, issues: TextIssue[]): void {
  const hint = "regions of the table are missing from this capture; paste the whole output of list_regions 'T' (no server name or LOCALITY_THRESHOLD)";
  const explained = (key: Uint8Array): boolean => noted.has(toStringBinary(key).trim());
  const first = regions[0];
  if (first && first.startKey.length > 0 && !explained(new Uint8Array(0))) {
    issues.push({ line: parsed[0]?.line ?? 0, message: `the first region starts at "${excerpt(toStringBinary(first.startKey))}", not at the table's first key (""): ${hint}` });
  }
  if (parsed.some((p) => p.endText === undefined)) return;
  regions.forEach((r, i) => {
    const next = regions[i + 1];
    const line = parsed[i]?.line ?? 0;
    if (next ? compareBytes(r.endKey, next.startKey) < 0 && !explained(r.endKey) : r.endKey.length > 0 && !explained(r.endKey)) {
      issues.push({ line, message: `END_KEY "${excerpt(toStringBinary(r.endKey))}" is not where ${next ? `the next region starts ("${excerpt(toStringBinary(next.startKey))}")` : 'the table ends ("")'}: ${hint}` });
    }
  });
}

/**
 * A region's end key: the next region's exact start key when the END_KEY cell shows it (the shell strips spaces
 * from that cell, the region name keeps them); otherwise the cell itself.
 */
function endKey(p: { line: number; endText: string | undefined }, nextStart: Uint8Array | undefined, issues: TextIssue[]): Uint8Array {
  if (p.endText === undefined) return nextStart ?? new Uint8Array(0);
  if (nextStart && toStringBinary(nextStart).trim() === p.endText) return nextStart;
  try {
    return toBytesBinary(p.endText, 'END_KEY');
  } catch (err) {
    // the error names END_KEY and quotes the cell already
    issues.push({ line: p.line, message: (err as Error).message });
    return new Uint8Array(0);
  }
}
