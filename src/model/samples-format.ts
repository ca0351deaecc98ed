/**
 * The key-sample NDJSON file: one request per line, `{"timeMs":…,"key":"<toStringBinary>","op":"write","weight":1}`,
 * no header (applications and request logs write it). Specified in `docs/load-series.md`.
 *
 * @module
 */
import { toStringBinary } from '../bytes/index.js';
import {
  FieldProblem, type JsonObject, NdjsonFormatError, type NdjsonIssue, countField, keyField, numberedLines,
  parseObjectLine, rejectUnknown, stringField,
} from './ndjson.js';
import { LOAD_SERIES_FORMAT } from './series-common.js';
import { KEY_OPS, type KeySample } from './types.js';

const SAMPLE_FIELDS = ['timeMs', 'key', 'op', 'weight'];

/** Renders one sample line (no trailing newline); `weight` only when given. */
export function formatKeySampleLine(sample: KeySample): string {
  return JSON.stringify({
    timeMs: sample.timeMs,
    key: toStringBinary(sample.key),
    op: sample.op,
    ...(sample.weight === undefined ? {} : { weight: sample.weight }),
  });
}

/**
 * Streaming writer of key samples through any sink (`(chunk) => stream.write(chunk)`); one line per sample.
 */
export class KeySampleWriter {
  constructor(private readonly sink: (chunk: string) => void) {}

  /** Appends one sample line. */
  write(sample: KeySample): void {
    this.sink(`${formatKeySampleLine(sample)}\n`);
  }
}

/** Parses one sample object. @throws {@link FieldProblem} naming the bad field. */
export function parseKeySample(obj: JsonObject): KeySample {
  if (obj.format === LOAD_SERIES_FORMAT) {
    // the series and the samples swapped, or the series given twice: say so rather than "unknown field" per line
    throw new FieldProblem('format', 'this line is a load-series header, not a key sample: give the load series as the series argument and key samples with --samples');
  }
  rejectUnknown(obj, SAMPLE_FIELDS, '');
  const timeMs = countField(obj, 'timeMs', '', true);
  const key = keyField(obj, 'key', '');
  const opText = stringField(obj, 'op', '');
  const op = KEY_OPS.find((o) => o === opText);
  if (!op) throw new FieldProblem('op', `unknown operation "${opText}"; expected one of ${KEY_OPS.join(', ')}`);
  if (obj.weight === undefined) return { timeMs, key, op };
  const weight = countField(obj, 'weight', '');
  if (weight === 0) throw new FieldProblem('weight', 'must be > 0 (the number of requests the sample stands for)');
  return { timeMs, key, op, weight };
}

/** Incremental reader: {@link KeySamplesParser.push} numbered lines, then {@link KeySamplesParser.finish}. */
export class KeySamplesParser {
  private readonly samples: KeySample[] = [];
  private readonly issues: NdjsonIssue[] = [];

  constructor(private readonly file: string) {}

  /** Parses one non-blank line; `line` is its 1-based number in the file. */
  push(line: number, text: string): void {
    try {
      this.samples.push(parseKeySample(parseObjectLine(text)));
    } catch (err) {
      if (!(err instanceof FieldProblem)) throw err;
      this.issues.push({ line, ...(err.field === undefined ? {} : { field: err.field }), message: err.message });
    }
  }

  /**
   * The samples read, in file order.
   * @throws {@link NdjsonFormatError} `SAMPLES_MALFORMED` listing every bad line with its number and field.
   */
  finish(): KeySample[] {
    if (this.issues.length > 0) throw new NdjsonFormatError('SAMPLES_MALFORMED', this.file, 'key samples', this.issues);
    return this.samples;
  }
}

/**
 * Parses key-sample NDJSON text. Samples need not be in time order (several writers may be interleaved); the
 * analyses sort them.
 * @param file - the file name, used in error messages.
 * @throws {@link NdjsonFormatError} `SAMPLES_MALFORMED` listing every bad line with its number and field.
 */
export function parseKeySamples(text: string, file: string): KeySample[] {
  const parser = new KeySamplesParser(file);
  for (const [line, content] of numberedLines(text)) parser.push(line, content);
  return parser.finish();
}
