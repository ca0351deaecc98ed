/**
 * Reads the RegionServer JVM settings from `hbase-env.sh`: `HBASE_HEAPSIZE`, `HBASE_OFFHEAPSIZE` and the flags in
 * `HBASE_REGIONSERVER_OPTS` / `HBASE_OPTS` (`-Xmx`, `-XX:MaxGCPauseMillis`, `-XX:MaxDirectMemorySize`, the collector
 * switches). Only plain assignments (`export NAME="..."`, `NAME=...`) are read; quoted values may span lines. A later
 * assignment replaces the variable, unless it names the variable itself (`HBASE_OPTS="$HBASE_OPTS -Xmx8g"`), which
 * adds to it. The settings are then taken as `bin/hbase regionserver` puts them on the java command line, where the
 * last of a flag wins: `-Xmx` from `HBASE_HEAPSIZE` and `-XX:MaxDirectMemorySize` from `HBASE_OFFHEAPSIZE` (both MB
 * without a unit), then `HBASE_OPTS`, then `HBASE_REGIONSERVER_OPTS`.
 *
 * @module
 */
import { HotspotError } from '../../util/errors.js';
import type { JvmModel, SourcePlace } from '../model.js';
import { own } from '../../util/own.js';

/** The variables read, in the order `bin/hbase regionserver` puts their flags on the java command line. */
const READ = ['HBASE_HEAPSIZE', 'HBASE_OFFHEAPSIZE', 'HBASE_OPTS', 'HBASE_REGIONSERVER_OPTS'] as const;
type EnvVariable = (typeof READ)[number];
type Setting = 'heap' | 'maxDirectMemory' | 'maxGcPause' | 'collector';
/** One setting a variable's value makes, with the place it was written. */
interface EnvFlag {
  readonly setting: Setting;
  readonly value: number | string;
  readonly place: SourcePlace;
}
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
 * @returns the settings the RegionServer's JVM runs with (sizes in bytes, the pause target in ms) and where each
 *   was written.
 * @throws HotspotError `LINT_ENV_SYNTAX` for an unterminated quote, `LINT_ENV_VALUE` for a size or pause flag that
 *   is not a number (e.g. `-Xmx32q`, `HBASE_HEAPSIZE=lots`, `HBASE_HEAPSIZE=8t`, which bin/hbase turns into
 *   `-Xmx8tm`), each at file:line:column of the bad text.
 */
export function parseHbaseEnv(text: string, file: string): JvmModel {
  const variables = new Map<EnvVariable, EnvFlag[]>();
  const lines = text.split('\n');
  for (let ln = 0; ln < lines.length; ln++) {
    const line = lines[ln] as string;
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=/.exec(line);
    const name = READ.find((v) => v === m?.[1]);
    if (m === null || name === undefined) continue;
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
    ln = row;
    if (name === 'HBASE_HEAPSIZE' || name === 'HBASE_OFFHEAPSIZE') {
      const size = value.trim();
      // bin/hbase: an empty value sets no flag; add_size_suffix appends 'm' unless the value ends in m, M, g or G.
      if (size === '') {
        variables.set(name, []);
        continue;
      }
      const bytes = /[kKtT]$/.test(size) ? undefined : parseJvmSize(size, 'm');
      if (bytes === undefined) bad(0, `${name}='${value}' is not a ${name === 'HBASE_HEAPSIZE' ? 'heap' : 'direct memory'} size: write 16384 (MB), 16384m or 16g (bin/hbase adds 'm' to any other ending)`);
      variables.set(name, [{ setting: name === 'HBASE_HEAPSIZE' ? 'heap' : 'maxDirectMemory', value: bytes as number, place: placeOf(0) }]);
      continue;
    }
    const flags: EnvFlag[] = new RegExp(`\\$(?:${name}\\b|\\{${name}\\})`).test(value) ? [...(variables.get(name) ?? [])] : [];
    for (const flag of value.matchAll(/\S+/g)) {
      const f = flag[0];
      const place = placeOf(flag.index);
      const sized = /^-(?:Xmx|XX:MaxDirectMemorySize=)(.*)$/.exec(f);
      if (sized !== null) {
        const bytes = parseJvmSize(sized[1] as string);
        if (bytes === undefined) bad(flag.index, `${f}: '${sized[1]}' is not a JVM size such as 32g or 512m`);
        flags.push({ setting: f.startsWith('-Xmx') ? 'heap' : 'maxDirectMemory', value: bytes as number, place });
      } else if (f.startsWith('-XX:MaxGCPauseMillis=')) {
        const ms = f.slice('-XX:MaxGCPauseMillis='.length);
        if (!/^\d+$/.test(ms)) bad(flag.index, `${f}: the pause target must be a whole number of milliseconds`);
        flags.push({ setting: 'maxGcPause', value: Number(ms), place });
      } else {
        const gc = /^-XX:\+(\w+)$/.exec(f)?.[1];
        const collector = gc === undefined ? undefined : own(COLLECTORS, gc);
        if (collector !== undefined) flags.push({ setting: 'collector', value: collector, place });
      }
    }
    variables.set(name, flags);
  }
  const places: Record<string, SourcePlace> = {};
  const model: { heapBytes?: number; maxGcPauseMs?: number; collector?: string; maxDirectMemoryBytes?: number } = {};
  for (const name of READ) {
    for (const { setting, value, place } of variables.get(name) ?? []) {
      if (setting === 'heap') model.heapBytes = value as number;
      else if (setting === 'maxDirectMemory') model.maxDirectMemoryBytes = value as number;
      else if (setting === 'maxGcPause') model.maxGcPauseMs = value as number;
      else model.collector = value as string;
      places[setting] = place;
    }
  }
  return { ...model, places };
}
