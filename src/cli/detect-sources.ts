/**
 * Where `detect` gets its load series and key samples: a recorded file (the original form), a live cluster
 * (`--rest`, `--jmx`) sampled `--snapshots` times `--interval` apart, or pasted shell captures (`--list-regions`,
 * `--status-detailed`). Kept beside `commands/detect.ts` so that file stays the command's wiring.
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import { type KeySample, type LoadSeries, type LoadSeriesReadOptions, type LoadSnapshot, parseKeySamples, parseLoadSeries, readLoadSeriesFile } from '../model/index.js';
import { collectSeries, isNdjsonSamples, parseKeyList, parseTextSeries, readTextInputs } from '../sources/index.js';
import { parseDurationMs } from '../util/duration.js';
import { HotspotError } from '../util/errors.js';
import type { CliIo } from './io.js';
import { type LiveFlags, liveSource } from './live-source.js';
import { createSeriesFile } from './series-file.js';
import { checkInputText, systemReason } from '../util/input-text.js';

/** The source flags of `detect`, as commander hands them over. */
export interface DetectSourceFlags extends LiveFlags {
  /** `--allow-clock-steps`: drop a backward snapshot of a series file with a warning instead of refusing the file. */
  allowClockSteps?: boolean;
  listRegions?: string[];
  statusDetailed?: string[];
  interval?: string;
  snapshots?: string;
  record?: string;
  force?: boolean;
}

/** Default `--interval` of a live detect. */
export const DEFAULT_LIVE_INTERVAL = '30s';
/** Default `--snapshots` of a live detect. */
export const DEFAULT_LIVE_SNAPSHOTS = 4;

function intervalMs(flags: DetectSourceFlags): number | undefined {
  if (flags.interval === undefined) return undefined;
  const ms = parseDurationMs(flags.interval, '--interval');
  if (ms <= 0) throw new HotspotError('DURATION_INVALID', `--interval ${flags.interval} must be above 0, e.g. --interval 30s`, { field: '--interval' });
  return ms;
}

function snapshotCount(text: string | undefined): number {
  if (text === undefined) return DEFAULT_LIVE_SNAPSHOTS;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 2) {
    throw new HotspotError('DETECT_SNAPSHOTS_INVALID', `--snapshots ${text}: give a whole number ≥ 2 (rates need two snapshots), e.g. --snapshots 4`, { field: '--snapshots' });
  }
  return n;
}

/** Samples a live table `--snapshots` times (recording them to `--record`); Ctrl-C stops early and analyses what was read. */
async function liveSeries(flags: DetectSourceFlags, io: CliIo): Promise<LoadSeries> {
  const every = intervalMs(flags) ?? parseDurationMs(DEFAULT_LIVE_INTERVAL);
  const count = snapshotCount(flags.snapshots);
  const source = liveSource(flags, every);
  const snapshots: LoadSnapshot[] = [];
  const header = { table: source.table, source: { kind: source.kind, description: source.description, intervalMs: every } };
  const file = flags.record === undefined ? undefined : createSeriesFile(flags.record, header, { ...(flags.force ? { force: true } : {}), field: '--record' });
  const stop = new AbortController();
  const onSigint = (): void => stop.abort(new Error('interrupted'));
  process.once('SIGINT', onSigint);
  io.stderr(`reading ${count} snapshots of "${source.table}" ${every / 1000}s apart from ${source.description} (Ctrl-C analyses what was read)\n`);
  try {
    await collectSeries({
      source, intervalMs: every, durationMs: (count - 1) * every, signal: stop.signal,
      write: (s) => {
        snapshots.push(s);
        file?.write(s);
      },
      onEvent: (e) => e.kind === 'gap' && io.stderr(`gap: snapshot ${e.index + 1} of ${count}: ${e.error.message}\n`),
    });
  } finally {
    process.off('SIGINT', onSigint);
    file?.close();
  }
  return { ...header, snapshots };
}

/**
 * The load series `detect` analyses.
 * @throws {@link HotspotError} `DETECT_NO_SOURCE` with no source, `DETECT_SOURCES_CONFLICT` with more than one,
 *   and the errors of the chosen source.
 */
export async function detectSeries(file: string | undefined, flags: DetectSourceFlags, io: CliIo): Promise<LoadSeries> {
  const chosen = [
    file !== undefined && 'a series file',
    flags.rest !== undefined && '--rest',
    flags.listRegions !== undefined && '--list-regions',
    flags.statusDetailed !== undefined && '--status-detailed',
  ].filter((x): x is string => x !== false);
  if (chosen.length > 1) {
    throw new HotspotError('DETECT_SOURCES_CONFLICT', `${chosen.join(' and ')} given; analyse one source at a time`);
  }
  if (flags.listRegions !== undefined || flags.statusDetailed !== undefined) {
    const kind = flags.listRegions !== undefined ? 'list-regions' : 'status-detailed';
    const inputs = await readTextInputs(flags.listRegions ?? flags.statusDetailed ?? [], io.readStdin, io.now);
    const ms = intervalMs(flags);
    return parseTextSeries(kind, inputs, { ...(flags.table === undefined ? {} : { table: flags.table }), ...(ms === undefined ? {} : { intervalMs: ms }) });
  }
  if (flags.rest !== undefined || flags.jmx !== undefined) return liveSeries(flags, io);
  if (file === undefined) {
    throw new HotspotError('DETECT_NO_SOURCE', 'no load given; run `hbase-hotspot detect series.ndjson`, `detect --rest URL --table T`, or `detect --list-regions before.txt after.txt --interval 60s` (docs/live.md)');
  }
  const read = seriesReadOptions(flags, file === '-' ? '<stdin>' : file, io);
  return file === '-' ? parseLoadSeries(checkInputText(await io.readStdin(), '<stdin>', 'load series'), '<stdin>', read) : readLoadSeriesFile(file, read);
}

/** `--allow-clock-steps` as reader options: each dropped snapshot is a warning on stderr naming the file and line. */
export function seriesReadOptions(flags: { allowClockSteps?: boolean }, file: string, io: CliIo): LoadSeriesReadOptions {
  return {
    allowClockSteps: flags.allowClockSteps === true,
    onWarning: (w) => io.stderr(`${file}:${w.line} (${w.field ?? ''}): warning: ${w.message}\n`),
  };
}

/**
 * Key samples from `--samples`: NDJSON (docs/load-series.md) or one toStringBinary key per line, which is spread
 * over the series' time window and counted as writes (a note on stderr says so).
 * @throws {@link HotspotError} `FILE_READ`, `SAMPLES_MALFORMED`, `KEY_LIST_MALFORMED`.
 */
export async function detectSamples(file: string | undefined, series: LoadSeries, io: CliIo): Promise<KeySample[] | undefined> {
  if (file === undefined) return undefined;
  let text: string;
  try {
    text = file === '-' ? await io.readStdin() : await readFile(file, 'utf8');
  } catch (err) {
    throw new HotspotError('FILE_READ', `cannot read the samples file (${systemReason(err)})`, { file, cause: err });
  }
  const name = file === '-' ? '<stdin>' : file;
  text = checkInputText(text, name, 'samples file');
  if (isNdjsonSamples(text)) return parseKeySamples(text, name);
  const first = series.snapshots[0]?.timeMs ?? 0;
  const last = series.snapshots.at(-1)?.timeMs ?? first;
  io.stderr(`${name}: plain key list: its keys are taken as writes, in file order, spread over the analysed window\n`);
  return parseKeyList(text, name, first, last);
}
