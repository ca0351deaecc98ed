// `detect` at the size of the largest clusters: two snapshots, a minute apart, of one table of 100,000 regions on 333
// RegionServers (and of 1,000,000 regions on 3,333 servers), one region taking 100 times the writes of the others.
// The series file is written once in each format (version 1, one self-contained line per snapshot; version 2, each
// region stated once and then one line of counters per snapshot, as collectors and recordings write); each run is a
// child process that does what the command does: read the file line by line, detect, render the text report. Its CPU
// (user + sys, process.resourceUsage) and peak resident memory (maxRSS) are its own, module loading included; the peer,
// measured in the same run, is a child that loads the same modules and does nothing else (the runtime's own share).
// When the build is there (`npm test` builds first), each run is followed by the command itself, `hbase-hotspot detect
// FILE` from dist/, measured as a whole process: start-up, loading the command's modules, reading, detecting and
// printing, as a user pays for it (through tsx, the children above also pay for compiling the TypeScript they load).
// Targets: 100,000 regions in at most 1 s of CPU beyond the peer and 512 MB peak; 1,000,000 regions completing under
// Node's default heap limit (no --max-old-space-size) within 4 GB.
//
// Figures on the 2-core development machine, through tsx as here (CPU beyond the peer, peak; load average at start
// and end of the run, other jobs sharing the two cores):
//   before the region columns: 100,000 regions 2.89 s (read 1.22 s, detect 1.59 s), 517 MB, load 6.9 to 8.9;
//                              1,000,000 regions 59.5 s (read 21.2 s, detect 37.6 s), 3,841 MB, load 9.1 to 22.1
//   after:                     100,000 regions 2.66 s (read 1.47 s, detect 1.25 s), 389 MB, load 26.2 to 27.2;
//                              1,000,000 regions 33.0 s (read 19.7 s, detect 13.1 s), 2,789 MB, load 29.2 to 16.0
//   fast snapshot reader (lines split by byte, one regular expression per region, strings and keys shared with the
//   previous snapshot), alternating with the commit before it in one session:
//                              100,000 regions 2.07 to 2.15 s beyond the peer (read 0.91 to 0.95 s, detect 1.05 to
//                              1.07 s), 321 to 323 MB, load 6.3 to 7.0; before: 2.36 to 2.53 s (read 1.22 to 1.39 s),
//                              382 to 384 MB. 1,000,000 regions (whole child, peer included) 23.8 s (read 9.5 s,
//                              detect 13.6 s), 2,207 MB, load 7.3; before: 29.3 s (read 17.2 s, detect 11.3 s),
//                              2,838 MB, load 7.2
//   (the peer: 0.45 to 0.9 s, 80 MB).
//   name maps built once (the reader's duplicate check kept for the rate step and the region columns), hot regions
//   marked by position, plain files read into one buffer, the snapshot line read by a cursor instead of a regular
//   expression, printable keys' texts made in one call; the bench's child on one series file, eleven rounds
//   alternating with the commit before these in one session, load 5.4 to 7.8:
//                              100,000 regions 1.43 to 2.02 s beyond the peer, median 1.69 (read 0.76 to 1.05 s,
//                              median 0.82; detect 0.66 to 0.97 s, median 0.82), 309 to 339 MB; before: 1.68 to
//                              2.18 s, median 1.79 (read 0.79 to 1.07 s, median 0.90; detect 0.75 to 1.05 s, median
//                              0.95), 321 to 387 MB. 1,000,000 regions (whole child, peer included) 17.6 to 22.4 s
//                              (read 8.5 to 13.0 s, detect 8.4 to 8.5 s), 2,128 MB, load 4.8 to 7.5; before, each
//                              run right after: 20.8 to 22.7 s (read 10.9 to 11.9 s, detect 9.2 to 10.1 s),
//                              2,194 MB, load 4.4 to 6.5
//   (the peer: 0.47 to 0.79 s, 80 to 89 MB). The million completes under the default heap limit; 100,000 regions are
//   not yet within 1 s. Where the rest goes (CPU profile of one cold child): the read, about 0.8 s, is the step over
//   each region (its strings, one RegionLoad object per region per snapshot, the keys of the first snapshot), the map
//   of the first snapshot's encoded names that checks them for duplicates (a seventh of the read), decoding the lines,
//   and, cold, the engine compiling the region step while it runs; detection, about 0.75 s, is building the result's
//   RegionLoadShare per region (a third), the rates' RegionRate per region and the per-server sums keyed by server
//   name (a seventh), the per-interval tallies and columns, the hot test; garbage collection is a sixth of the whole
//   profile. Within 1 s needs the series and the rates held in columns (no object per region per snapshot) from the
//   reader on.
//   region shares built in one loop (key order checked before sorting), the hot test without a closure per member;
//   seven rounds alternating with the commit before, load 7.8 to 9.9: 100,000 regions 1.48 to 1.96 s beyond the peer,
//   median 1.77 (read 0.76 to 0.97 s, median 0.89; detect 0.69 to 0.96 s, median 0.84), 310 to 315 MB; before: 1.30
//   to 1.89 s, median 1.68 (read median 0.87; detect 0.67 to 0.94 s, median 0.85), 309 to 339 MB. No change beyond
//   the noise: one cold child's profile puts the share list at about 0.15 s instead of 0.27 s, but the objects and
//   the collection they cost remain; the result's regions are read whole by the shape, findings and text steps, so
//   building them only where printed needs those steps on the region columns first.
//   both formats measured (version 2 is what collectors write); file lines handed to the reader a chunk at a time
//   (no promise per line), version 2 open lines read by the cursor, its key order kept between snapshots. Reading the
//   100,000-region version 2 file alone, five reads in one process, alternating with the commit before: best 0.48 to
//   0.59 s against 0.92 to 0.97 s; version 1 0.55 to 0.61 s against 0.59 to 0.63 s. Two bench runs at load 3.9 to 4.7:
//                              100,000 regions, version 1: 1.50 and 1.54 s beyond the peer (read 0.67 to 0.73 s,
//                              detect 0.84 to 0.86 s), 309 to 331 MB; version 2: 1.42 and 1.66 s (read 0.76 to
//                              0.93 s, detect 0.68 to 0.77 s), 316 to 319 MB. 1,000,000 regions at load 6.8 to 9.5
//                              (whole child): version 1 23.7 s, 2,161 MB; version 2 26.5 s, 1,838 MB.
//   Still not within 1 s. Profiles: of the version 2 read, the garbage collector about a fifth, the open lines'
//   fields and the map of open names most of the rest; of detection, the pass over every region's rates per interval
//   (about 0.18 s) and the result's share per region (about 0.16 s); and a plain loop over the 55 MB of version 1 text,
//   reading each character and nothing else, takes 0.2 to 0.28 s by itself. The objects per region per snapshot
//   (series, rates, result) are what is left to turn into columns.
//   snapshot and open lines read from the file's bytes (no 28 MB line decoded whole, names decoded alone, keys read
//   from the bytes), and when now spans the whole window its region tallies kept once; on another machine of the same
//   kind (AMD EPYC, 2 cores), three rounds alternating with the commit before these, load 1.0 to 1.8:
//                              version 1: 1.66 to 1.84 s beyond the peer (read 0.89 to 1.05 s, detect 0.77 to
//                              0.79 s), 291 to 297 MB; before: 2.08 to 2.23 s (read 1.13 to 1.21 s, detect 0.95 to
//                              1.07 s), 308 to 320 MB. Version 2: 1.89 to 2.01 s (read 1.08 to 1.15 s, detect 0.80
//                              to 0.84 s), 293 to 295 MB; before: 2.01 to 2.23 s, 320 to 324 MB. 1,000,000 regions
//                              (whole child) at load 1.2 to 2.3: version 1 20.2 s, 1,607 MB; version 2 27.6 s,
//                              1,605 MB (at the start of that session, before these: 23.8 s, 2,173 MB; 27.4 s,
//                              1,844 MB).
//   On that machine a page the process touches for the first time costs the kernel 8 to 18 us: the system time is
//   0.58 to 0.73 s of each 100,000-region run (75,000 pages, 290 MB, against the peer's 14,000 and 0.13 to 0.15 s), and
//   7.8 to 11.0 s of the million's (580,000 pages). Within 1 s needs less memory touched as much as fewer
//   instructions: the objects per region per snapshot, per interval and in the result, and their copies by the
//   young-generation collector. Each pass over 100,000 regions also runs mostly before the engine has optimized it
//   (a key read from bytes: about 350 ns for the first 100,000, 35 ns once optimized).
//   keys cut from shared 64 KiB slabs (no array buffer per key), each server's name kept once (the version 2 reader
//   made one string per region, 100,000 strings for 333 servers), a version 2 snapshot's names recorded as unique
//   without mapping their positions; five rounds alternating with the commit before these, twice: at load 2.7 to 3.1,
//   version 2 median 3.03 s of the child (peer included) against 3.21 s, version 1 2.87 s against 3.00 s; at load 1.2
//   to 1.4, 2.83 s against 2.93 s and 2.66 s against 2.65 s. So no change beyond the noise in CPU; the peak fell from
//   294 to 298 MB to 277 to 283 MB. Where the rest goes, by CPU time of each step in one
//   process (the second figure: the same step run again, its code warm): reading the version 2 file 1.0 s, 0.65 to
//   0.8 s; rates 0.18 s; the window's shares 0.58 s, 0.58 s, of which building the result's 100,000 region rows
//   0.24 to 0.33 s (0.10 to 0.18 s with rows of four fields). So warm code does not help: the cost is the objects.
//   Creating 100,000 objects of the row's 21 fields that live on takes 0.1 to 0.2 s alone on this machine (a quarter
//   less with whole numbers in them: 11 of the fields are fractions or times, each a separate number on the heap).
//   Within 1 s needs the rows, the series and the rates held in columns, with objects made only for what is printed;
//   the shape, findings and text steps read every row today.
//   the result's region rows held in columns and built when read (the shape, findings and text steps read the
//   columns and build the rows they name; `DetectResult.regions` builds them all on first read, as the JSON output
//   does), the first interval's regions taken into the region columns whole (no name entered); this bench's child no
//   longer reads `result.regions` for its summary line (the command's text report does not). Two rounds alternating
//   with the commit before these in one session, load 0.9 to 1.6:
//                              version 1: 1.28 and 1.30 s beyond the peer (read 0.80 and 0.89 s, detect 0.45 and
//                              0.51 s), 235 and 236 MB; before: 1.46 and 1.61 s (read 0.77 and 0.79 s, detect 0.73
//                              and 0.76 s), 276 and 279 MB. Version 2: 1.39 and 1.62 s (read 0.95 and 1.10 s, detect
//                              0.40 and 0.47 s), 234 and 239 MB; before: 1.62 and 2.35 s (read 0.87 and 1.20 s,
//                              detect 0.73 and 0.84 s), 274 and 276 MB. 1,000,000 regions (whole child) at load 1.5
//                              to 1.9: version 1 12.6 s (read 7.2 s, detect 4.7 s), 1,006 MB; version 2 14.0 s (read
//                              9.5 s, detect 3.8 s), 1,091 MB.
//   Still not within 1 s: the read is now most of it. Of the version 2 read (one process, sampled): the open lines
//   about 0.40 s (decoding each line's four strings a third of it, the region's objects and the name map the rest),
//   the two snapshot lines about 0.24 s (JSON.parse of the counters half, a RegionLoad per region the other half),
//   collection included. Reading the counters without JSON.parse was tried (a cursor over the line's bytes, each cell
//   read into typed arrays): no change in four alternating rounds (0.96 to 1.03 s against 0.96 to 1.01 s), so it was
//   not kept. What is left is the objects per region per snapshot (series, rates) that the readers and the rate step
//   still make.
//   a plain file read straight into the line splitter's buffer (no copy of a 28 MB line), a snapshot's encoded names
//   checked for duplicates in a table of positions instead of a Map, a primary's replica id told from two characters,
//   the version 2 reader's open lines' table compared as bytes, and (for a while) its last column values in one array
//   instead of an array per region; two rounds alternating with the commit before these, load 1.2 to 1.9: version 1
//   1.28 and 1.63 s beyond the peer against 1.25 and 1.38 s, 231 MB against 233 MB; version 2 1.46 and 1.57 s against
//   1.49 and 1.54 s, 246 and 251 MB against 231 MB. The read alone, four rounds alternating: version 1 0.79 to 0.93 s
//   against 0.76 to 1.03 s, version 2 0.96 to 1.10 s against 1.01 to 1.08 s. No change beyond the noise. At 1,000,000
//   regions (version 1, one process reading then detecting, two rounds alternating): read 7.1 to 7.7 s against 7.6 to
//   9.2 s, 242,000 pages first touched against 255,000, peak 976 to 981 MB against 992 to 1,160 MB. What the CPU goes
//   to here is pages: on this machine a loop that writes one byte into each page of a new 200 MB buffer (51,300 pages)
//   takes 0.33 to 0.36 s of system time and 0.40 to 0.41 s of user time, about 14 us a page, and a 100,000-region run
//   first touches about 43,000 pages more than the peer (the young generation's 32 MB, the line buffer's 28 MB, the old
//   generation's 80 MB). With --max-semi-space-size=2 or 4 (a young generation of 8 or 16 MB instead of 32) the version
//   1 child took 1.39 to 1.50 s instead of 1.54 to 1.58 s (three rounds each, 42,000 pages instead of 48,600), but that
//   is a flag of the process, which the command cannot set for itself once started (v8.setFlagsFromString then changes
//   nothing: measured). Within 1 s needs fewer pages as much as fewer instructions: the rates' RegionRate per region
//   (18.5 MB at 100,000 regions, about 185 bytes each: three of its fields are fractions, each a separate number on the
//   heap) and the snapshots' RegionLoad per region held as columns.
//   The one array of last column values was taken back: at 1,000,000 regions (version 2, one process reading then
//   detecting, and this bench's child, two rounds each, alternating) detection took 6.0 to 7.2 s after it against 3.5
//   to 4.9 s without it, and the peak was 1,282 to 1,315 MB against 1,076 to 1,148 MB; the 32 MB array and the
//   arrays it outgrew (64 MB in all, outside the engine's heap) left the collector more to do. At 100,000 regions it
//   had shown no gain.
//   snapshots held in columns (both readers hand out one array per field, the regions built as objects only when a
//   caller reads them; two snapshots of the same regions share their arrays of names and keys; the rate step reads
//   the columns): at 100,000 regions, the command's steps in one process, alternating with the commit before (load 1.0
//   to 1.9): version 1 1.56 to 1.60 s of the whole process against 1.60 to 1.65 s, version 2 1.64 to 1.75 s (median
//   1.72) against 1.73 to 1.84 s (median 1.76); the peer there 0.19 s. At 1,000,000 regions, two rounds each: version
//   1 11.6 and 11.9 s against 12.3 and 12.8 s (detection 4.0 to 4.2 s against 4.9 to 5.0 s: no object per region per
//   snapshot for the collector to trace), version 2 11.6 and 11.9 s against 11.6 and 13.1 s, peak 1,020 MB against
//   1,132 to 1,139 MB. This bench then (load 1.7 to 1.9): 100,000 regions 1.20 s beyond the peer (version 1; read 0.76
//   s, detect 0.46 s, 222 MB) and 1.42 s (version 2; read 0.95 s, detect 0.46 s, 221 MB); 1,000,000 regions 12.6 s
//   (version 1, 960 MB) and 13.2 s (version 2, 1,124 MB). Counters are plain arrays, not Float64Arrays: read from a
//   typed array, a count is a float, and the rates built from it held five numbers on the heap each (measured: the
//   detection step and the text took 0.68 to 0.71 s instead of 0.55 s). Removing the RegionLoad objects alone moved
//   the 100,000-region figure by less than the noise: what is left there is spread over many passes that each run
//   once, mostly before the engine optimizes them (the rates' loop, 0.09 s, is the largest), and the pages the run
//   touches.
//   the series written by a child of its own and the peer measured right before each run: until now this process wrote
//   the series itself, and a detect child started right after that paid 0.2 to 0.4 s more system time than one started
//   a moment later (measured in one session: 1.41 and 1.43 s of CPU with 0.31 and 0.28 s of system time, then 1.28 and
//   1.27 s with 0.11 and 0.20 s), so the figures above carry that too. Nothing in the command changed. On the
//   development machine at load average 0.5 to 1.2, one run of this file: 100,000 regions 0.75 s beyond the peer
//   (version 1; read 0.45 s, detect 0.31 s, 218 MB) and 0.88 s (version 2; read 0.54 s, detect 0.32 s, 219 MB), met;
//   1,000,000 regions 6.6 s (version 1, 948 MB) and 7.5 s (version 2, 1,054 MB), whole child, under the default heap
//   limit.
//   2026-12-03, the CLI now loading only the command it runs, and this file measuring the built command as a whole
//   process too (load average 1.2 to 1.4): 100,000 regions 0.78 s beyond the peer (version 1) and 0.86 s (version 2);
//   `hbase-hotspot detect FILE`, start-up included, 1.00 s (193 MB) and 1.05 s (195 MB), where it took 1.16 to 1.22 s
//   before (0.91 to 0.99 s in runs earlier that day, under other load).
//
// --small (CI): 20,000 regions only. Full size: 100,000 and 1,000,000 regions (the million takes a minute or more
// and about 600 MB of disk in the system's temporary directory, removed at the end).
// --regions N: that size only. --version 1|2: that format only (both by default; version 2 is what collectors write).
// Usage: npx tsx bench/detect-cluster.bench.ts [--small] [--regions N] [--version 1|2]
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectTables, isTablesResult } from '../src/analysis/detect/index.js';
import { type LoadSnapshot, type RegionLoad, SeriesWriter, type SeriesVersion, readLoadSeriesFile } from '../src/model/index.js';
import { renderDetectText, renderTablesText } from '../src/report/detect-text.js';

const TARGET_CPU_S = 1;
const TARGET_PEAK_MB = 512;
const LARGE_PEAK_MB = 4096;

const argv = process.argv.slice(2);
const small = argv.includes('--small');
const regionsAt = argv.indexOf('--regions');
/** Format versions measured: 1 (one self-contained line per snapshot) and 2 (what collectors and recordings write). */
const VERSIONS: readonly SeriesVersion[] = argv.includes('--version') ? [Number(argv[argv.indexOf('--version') + 1]) as SeriesVersion] : [1, 2];
if (VERSIONS.some((v) => v !== 1 && v !== 2)) throw new Error(`--version "${argv[argv.indexOf('--version') + 1] ?? ''}": give 1 or 2`);
const sizes = regionsAt >= 0 ? [Number(argv[regionsAt + 1])] : small ? [20_000] : [100_000, 1_000_000];
if (sizes.some((n) => !Number.isInteger(n) || n < 2)) throw new Error(`--regions "${argv[regionsAt + 1] ?? ''}": give a whole number of at least 2`);

const enc = new TextEncoder();
const hex = (i: number) => i.toString(16).padStart(8, '0');
const key = (i: number, n: number) => (i === 0 || i === n ? new Uint8Array() : enc.encode(hex(i)));

/** Snapshot `s` (0 or 1) of `n` regions on n / 300 servers; region 777 takes 100 times the others' writes. */
function snapshot(n: number, s: number): LoadSnapshot {
  const servers = Math.max(3, Math.round(n / 300));
  const regions: RegionLoad[] = [];
  for (let r = 0; r < n; r++) {
    const writes = 1000 + (s + 1) * (r === 777 ? 400_000 : 100 + ((r * 7919) % 50));
    const reads = 50 + (s + 1) * (r % 13);
    regions.push({
      name: `big,${r ? hex(r) : ''},1717000000000.${String(r).padStart(32, '0')}.`,
      encodedName: String(r).padStart(32, '0'),
      startKey: key(r, n),
      endKey: key(r + 1, n),
      server: `rs${r % servers}.example.com,16020,1717000000000`,
      readRequests: reads,
      writeRequests: writes,
      requests: reads + writes,
      storeSizeBytes: 1_000_000 + r,
    });
  }
  return { timeMs: 1717200000000 + s * 60_000, table: 'big', regions };
}

/** Writes the two-snapshot series of `n` regions to `file` in format `version`, one snapshot at a time. */
function writeSeries(file: string, n: number, version: SeriesVersion): void {
  const fd = openSync(file, 'w');
  try {
    const writer = new SeriesWriter({ table: 'big', source: { kind: 'recorded', intervalMs: 60_000 } }, (chunk) => writeSync(fd, chunk), version);
    for (const s of [0, 1]) writer.write(snapshot(n, s));
  } finally {
    closeSync(fd);
  }
}

/** What a child reports: its own CPU seconds and peak RSS, CPU by phase, and what it found. */
interface ChildReport {
  readonly cpuS: number;
  /** The kernel's part of `cpuS` (system time: on a virtual machine, mostly giving the process fresh pages). */
  readonly sysS: number;
  /** Pages the kernel gave the process on first touch (minor page faults). */
  readonly faults: number;
  readonly peakMb: number;
  readonly phases: Record<string, number>;
  readonly found: string;
}

function cpuSeconds(): number {
  const u = process.resourceUsage();
  return (u.userCPUTime + u.systemCPUTime) / 1e6;
}

/** Child: reads the series file, detects and renders the text (or, as the peer, nothing). */
async function child(file: string | undefined): Promise<void> {
  const phases: Record<string, number> = {};
  let found = () => '';
  if (file !== undefined) {
    let before = cpuSeconds();
    const series = await readLoadSeriesFile(file);
    phases.read = cpuSeconds() - before;
    before = cpuSeconds();
    const result = detectTables(series);
    phases.detect = cpuSeconds() - before;
    before = cpuSeconds();
    const text = isTablesResult(result) ? renderTablesText(result, { color: false }) : renderDetectText(result, { color: false });
    phases.text = cpuSeconds() - before;
    // told once the figures are taken: the series' regions and the result's rows are built when first read, which the
    // command's text report never does
    found = () => `${series.snapshots.at(-1)?.regions.length ?? 0} regions, shape ${result.shape}, hottest region ${(result.hottestRegionShare * 100).toFixed(2)}%, ${result.findings.length} finding(s), ${(text.length / 1e3).toFixed(0)} kB of text`;
  }
  const usage = process.resourceUsage();
  const cpuS = cpuSeconds();
  const report: ChildReport = { cpuS, sysS: usage.systemCPUTime / 1e6, faults: usage.minorPageFault, peakMb: usage.maxRSS / 1024, phases, found: found() };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

/**
 * Writes the series in a child of its own. Writing 100,000 regions leaves this process a large heap for the engine's
 * background threads to sweep and give back; a detect child started right after it measured 0.2 to 0.4 s more system
 * time than a second child started a moment later (first 1.41 and 1.43 s of CPU, of which 0.31 and 0.28 s system;
 * second 1.28 and 1.27 s, 0.11 and 0.20 s system). In a child of its own, all that is done before any measurement.
 */
function writeInChild(file: string, n: number, version: SeriesVersion): void {
  const args = [...process.execArgv, fileURLToPath(import.meta.url), '--write-series', file, String(n), String(version)];
  const result = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (result.status !== 0) throw new Error(`the writer child failed (exit ${result.status ?? result.signal}): ${result.stderr.slice(-2000)}`);
}

function runChild(file: string | undefined): ChildReport {
  const args = [...process.execArgv, fileURLToPath(import.meta.url), file === undefined ? '--child-peer' : '--child', ...(file === undefined ? [] : [file])];
  const result = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (result.status !== 0) throw new Error(`the ${file === undefined ? 'peer' : 'detect'} child failed (exit ${result.status ?? result.signal}): ${result.stderr.slice(-2000)}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as ChildReport;
}

/** The built command line, when `npm run build` has run (`npm test` builds before the benchmarks). */
const BUILT_CLI = 'dist/src/cli/main.js';
/** Loaded before the command: prints its whole process's CPU seconds and peak memory to stderr as it exits. */
const USAGE_AT_EXIT = `data:text/javascript,process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write('\\n@usage ' + JSON.stringify({ cpuS: (u.userCPUTime + u.systemCPUTime) / 1e6, peakMb: u.maxRSS / 1024 }) + '\\n'); })`;

/**
 * The command itself, `hbase-hotspot detect FILE` from the build, as a user runs it: its whole process (start-up, loading
 * the command's modules, reading, detecting, printing the text) in CPU seconds and peak memory; undefined when not built.
 */
function runCommand(file: string): { cpuS: number; peakMb: number } | undefined {
  if (!existsSync(BUILT_CLI)) return undefined;
  const result = spawnSync(process.execPath, ['--import', USAGE_AT_EXIT, BUILT_CLI, 'detect', file], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 20 });
  const usage = /@usage (\{.*\})/.exec(result.stderr)?.[1];
  if (result.status !== 0 || usage === undefined) throw new Error(`hbase-hotspot detect failed (exit ${result.status ?? result.signal}): ${result.stderr.slice(-2000)}`);
  return JSON.parse(usage) as { cpuS: number; peakMb: number };
}

const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

if (argv.includes('--write-series')) {
  const at = argv.indexOf('--write-series');
  writeSeries(argv[at + 1] as string, Number(argv[at + 2]), Number(argv[at + 3]) as SeriesVersion);
} else if (argv.includes('--child')) await child(argv[argv.indexOf('--child') + 1]);
else if (argv.includes('--child-peer')) await child(undefined);
else {
  const dir = mkdtempSync(join(tmpdir(), 'detect-cluster-bench-'));
  try {
    console.log(`load average ${load()} at the start (CPU seconds suffer less than wall time on a shared machine, but do suffer)`);
    for (const n of sizes) {
      for (const version of VERSIONS) {
        const file = join(dir, `series-${n}-v${version}.ndjson`);
        writeInChild(file, n, version);
        // the peer right before each run, so both see the machine in the same state
        const peer = runChild(undefined);
        const run = runChild(file);
        const work = run.cpuS - peer.cpuS;
        console.log(`${n.toLocaleString('en-US')} regions, 2 snapshots, format version ${version}${version === 2 ? ' (what collectors write)' : ''}: ${run.found}`);
        console.log(`  peer (load the modules, nothing else), just before: CPU ${peer.cpuS.toFixed(2)} s, peak ${peer.peakMb.toFixed(0)} MB`);
        console.log(`  CPU by phase: ${Object.entries(run.phases).map(([name, s]) => `${name} ${s.toFixed(2)} s`).join(', ')}`);
        console.log(`  detect: CPU ${run.cpuS.toFixed(2)} s (user + sys; ${work.toFixed(2)} s beyond the peer), peak ${run.peakMb.toFixed(0)} MB; load average ${load()}`);
        console.log(`  of which system time ${run.sysS.toFixed(2)} s (the peer's ${peer.sysS.toFixed(2)} s), ${run.faults.toLocaleString('en-US')} pages first touched (the peer's ${peer.faults.toLocaleString('en-US')})`);
        const command = runCommand(file);
        console.log(
          command === undefined
            ? `  the command: not measured (no ${BUILT_CLI}; npm run build first)`
            : `  the command, hbase-hotspot detect FILE from the build, whole process (start-up included): CPU ${command.cpuS.toFixed(2)} s, peak ${command.peakMb.toFixed(0)} MB; load average ${load()}`,
        );
        if (!small && regionsAt < 0) {
          const ok = n <= 100_000 ? work <= TARGET_CPU_S && run.peakMb <= TARGET_PEAK_MB : run.peakMb <= LARGE_PEAK_MB;
          console.log(`  target: ${n <= 100_000 ? `CPU ≤ ${TARGET_CPU_S} s beyond the peer, peak ≤ ${TARGET_PEAK_MB} MB` : `completes, peak ≤ ${LARGE_PEAK_MB} MB`}: ${ok ? 'met' : 'NOT met'}`);
          if (!ok) process.exitCode = 1;
        }
        rmSync(file);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
