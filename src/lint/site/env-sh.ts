/**
 * Reads the RegionServer JVM settings from `hbase-env.sh`: `HBASE_HEAPSIZE` and the flags in
 * `HBASE_REGIONSERVER_OPTS` / `HBASE_OPTS` (`-Xmx`, `-XX:MaxGCPauseMillis`, `-XX:MaxDirectMemorySize`, the collector
 * switches). Only plain assignments (`export NAME="..."`, `NAME=...`) are read; quoted values may span lines.
 *
 * @module
 */
import { HotspotError } from '../../util/errors.js';
import type { JvmModel, SourcePlace } from '../model.js';
import { own } from '../../util/own.js';

const READ = new Set(['HBASE_HEAPSIZE', 'HBASE_REGIONSERVER_OPTS', 'HBASE_OPTS']);
const UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 };
const COLLECTORS: Record<string, string> = {
  UseG1GC: 'G1', UseConcMarkSweepGC: 'CMS', UseParallelGC: 'Parallel', UseSerialGC: 'Serial', UseZGC: 'ZGC', UseShenandoahGC: 'Shenandoah',
};

/** A JVM size (`32g`, `512m`, `1048576`) in bytes; `undefined` when it is not one. */
export function parseJvmSize(text: string, defaultUnit = ''): number | undefined {
  const m = /^(\d+)([kKmMgGtT]?)$/.exec(text);
  if (m === null) return undefined;
  return Number(m[1]) * (UNITS[(m[2] || defaultUnit).toLowerCase()] ?? Number.NaN);
}

/**
 * Parses `hbase-env.sh`.
 * @throws HotspotError `LINT_ENV_SYNTAX` for an unterminated quote, `LINT_ENV_VALUE` for a size or pause flag that
 *   is not a number (e.g. `-Xmx32q`, `HBASE_HEAPSIZE=lots`), each at file:line:column of the bad text.
 */
export function parseHbaseEnv(text: string, file: string): JvmModel {
  const places: Record<string, SourcePlace> = {};
  const model: { heapBytes?: number; maxGcPauseMs?: number; collector?: string; maxDirectMemoryBytes?: number } = {};
  let heapFromXmx = false;
  const lines = text.split('\n');
  for (let ln = 0; ln < lines.length; ln++) {
    const line = lines[ln] as string;
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=/.exec(line);
    if (m === null || !READ.has(m[1] as string)) continue;
    const name = m[1] as string;
    let at = m[0].length;
    let value = '';
    let row = ln;
    const quote = line[at] === '"' || line[at] === "'" ? (line[at] as string) : undefined;
    if (quote !== undefined) {
      const open = { line: ln + 1, column: at + 1 };
      at++;
      let rest = line.slice(at);
      while (!rest.includes(quote)) {
        value += `${rest}\n`;
        row++;
        if (row >= lines.length) throw new HotspotError('LINT_ENV_SYNTAX', `${name}: the ${quote} opened here is never closed`, { file, ...open });
        rest = lines[row] as string;
        at = 0;
      }
      value += rest.slice(0, rest.indexOf(quote));
    } else {
      // A comment starts at the first '#' after a blank (found in one pass; /\s+#.*$/ backtracks over long blank runs).
      value = line.slice(at);
      const comment = value.search(/\s#/);
      value = (comment < 0 ? value : value.slice(0, comment)).trim();
    }
    const startLine = ln + 1;
    const startCol = m[0].length + 1 + (quote === undefined ? 0 : 1);
    // Line starts inside the value, so a place is found by binary search rather than by counting line ends again.
    const breaks: number[] = [];
    for (let nl = value.indexOf('\n'); nl >= 0; nl = value.indexOf('\n', nl + 1)) breaks.push(nl);
    const placeOf = (offset: number): SourcePlace => {
      let lo = 0;
      let hi = breaks.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((breaks[mid] as number) < offset) lo = mid + 1;
        else hi = mid;
      }
      const nl = lo === 0 ? -1 : (breaks[lo - 1] as number);
      return { file, line: startLine + lo, column: nl < 0 ? startCol + offset : offset - nl };
    };
    const bad = (offset: number, message: string): never => {
      throw new HotspotError('LINT_ENV_VALUE', message, { ...placeOf(offset) });
    };
    if (name === 'HBASE_HEAPSIZE') {
      const bytes = parseJvmSize(value.trim(), 'm');
      if (bytes === undefined) bad(0, `HBASE_HEAPSIZE='${value}' is not a heap size: write 16384 (MB) or 16g`);
      if (!heapFromXmx) {
        model.heapBytes = bytes as number;
        places['heap'] = placeOf(0);
      }
      ln = row;
      continue;
    }
    for (const flag of value.matchAll(/\S+/g)) {
      const f = flag[0];
      const offset = flag.index;
      const sized = /^-(?:Xmx|XX:MaxDirectMemorySize=)(.*)$/.exec(f);
      if (sized !== null) {
        const bytes = parseJvmSize(sized[1] as string);
        if (bytes === undefined) bad(offset, `${f}: '${sized[1]}' is not a JVM size such as 32g or 512m`);
        const key = f.startsWith('-Xmx') ? 'heap' : 'maxDirectMemory';
        if (key === 'heap') {
          model.heapBytes = bytes as number;
          heapFromXmx = true;
        } else model.maxDirectMemoryBytes = bytes as number;
        places[key] = placeOf(offset);
      } else if (f.startsWith('-XX:MaxGCPauseMillis=')) {
        const ms = f.slice('-XX:MaxGCPauseMillis='.length);
        if (!/^\d+$/.test(ms)) bad(offset, `${f}: the pause target must be a whole number of milliseconds`);
        model.maxGcPauseMs = Number(ms);
        places['maxGcPause'] = placeOf(offset);
      } else {
        const gc = /^-XX:\+(\w+)$/.exec(f)?.[1];
        const collector = gc === undefined ? undefined : own(COLLECTORS, gc);
        if (collector !== undefined) {
          model.collector = collector;
          places['collector'] = placeOf(offset);
        }
      }
    }
    ln = row;
  }
  return { ...model, places };
}
