/**
 * A cursor over a parsed YAML document that knows each value's path and line, so every scenario error names the
 * file, the line and the field (`case-study.yaml:12 (workload.writeRatePerSec): must be a positive number, got -5`).
 *
 * @module
 */
import { isMap, isScalar, isSeq, type LineCounter, type Node } from 'yaml';
import { HotspotError } from '../../util/errors.js';
import { parseDurationMs, parseTimeMs } from '../../util/duration.js';
import { jsonPreview } from '../../util/input-text.js';

/** Where a YAML value lives and how to name it in an error. */
export class YamlField {
  constructor(
    /** The YAML node (undefined when the field is absent). */
    readonly node: Node | null | undefined,
    /** Dotted path, e.g. `workload.entities.count` or `designs[1].template`. */
    readonly path: string,
    private readonly file: string,
    private readonly lines: LineCounter,
    /** Line to report when the node itself is absent (its parent's). */
    private readonly fallbackLine: number,
  ) {}

  /** 1-based line of the value (or of its parent when absent). */
  get line(): number {
    const offset = this.node?.range?.[0];
    return offset === undefined ? this.fallbackLine : this.lines.linePos(offset).line;
  }

  /** True when the field is present and not null. */
  get present(): boolean {
    return this.node !== undefined && this.node !== null && !(isScalar(this.node) && this.node.value === null);
  }

  /** A HotspotError `SCENARIO_INVALID` at this field. */
  error(message: string, code = 'SCENARIO_INVALID'): HotspotError {
    return new HotspotError(code, message, { file: this.file, line: this.line, field: this.path });
  }

  /** The plain JS value (for messages and scalars). */
  get raw(): unknown {
    if (!this.node) return undefined;
    return isScalar(this.node) ? this.node.value : this.node.toJSON();
  }

  /** The value as written, for messages: its first 80 characters ({@link jsonPreview}; `.inf` and `.nan` by name). */
  private describe(): string {
    return jsonPreview(this.raw, 80);
  }

  /**
   * A child of a mapping, after checking every key is one of `known`.
   * @throws HotspotError when this is not a mapping or has an unknown key (the message lists the known ones).
   */
  object(known: readonly string[]): (key: string) => YamlField {
    const node = this.node;
    if (!isMap(node)) throw this.error(`must be a mapping with fields ${known.join(', ')}, got ${this.describe()}`);
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      if (!known.includes(key)) {
        const where = new YamlField(pair.key as Node, this.path ? `${this.path}.${key}` : key, this.file, this.lines, this.line);
        throw where.error(`unknown field "${key}"; known fields here: ${known.join(', ')}`, 'SCENARIO_UNKNOWN_FIELD');
      }
    }
    return (key: string) =>
      new YamlField(node.get(key, true) as Node | undefined, this.path ? `${this.path}.${key}` : key, this.file, this.lines, this.line);
  }

  /** The items of a sequence. @throws HotspotError when not a sequence. */
  list(): YamlField[] {
    const node = this.node;
    if (!isSeq(node)) throw this.error(`must be a list, got ${this.describe()}`);
    return node.items.map((item, i) => new YamlField(item as Node, `${this.path}[${i}]`, this.file, this.lines, this.line));
  }

  /** Throws "is required" when absent. */
  required(): this {
    if (!this.present) throw this.error('is required');
    return this;
  }

  /** A number (required unless `fallback` given). @throws when not a finite number or outside `[min, max]`. */
  number(opts: { min?: number; max?: number; integer?: boolean; positive?: boolean; fallback?: number } = {}): number {
    if (!this.present) {
      if (opts.fallback !== undefined) return opts.fallback;
      throw this.error('is required');
    }
    const value = this.raw;
    const what = opts.integer ? (opts.positive ? 'a positive integer' : 'an integer') : opts.positive ? 'a positive number' : 'a number';
    if (typeof value !== 'number' || !Number.isFinite(value)) throw this.error(`must be ${what}, got ${this.describe()}`);
    if (opts.positive && value <= 0) throw this.error(`must be ${what}, got ${value}`);
    if (opts.integer && !Number.isInteger(value)) throw this.error(`must be ${what}, got ${value}`);
    if (opts.min !== undefined && value < opts.min) throw this.error(`must be at least ${opts.min}, got ${value}`);
    if (opts.max !== undefined && value > opts.max) throw this.error(`must be at most ${opts.max}, got ${value}`);
    return value;
  }

  /** A non-empty string (required unless `fallback` given). */
  string(fallback?: string): string {
    if (!this.present) {
      if (fallback !== undefined) return fallback;
      throw this.error('is required');
    }
    const value = this.raw;
    if (typeof value !== 'string' || value === '') throw this.error(`must be a non-empty string, got ${this.describe()}`);
    return value;
  }

  /** One of `choices`. */
  oneOf<T extends string>(choices: readonly T[], fallback?: T): T {
    const value = this.string(fallback);
    if (!(choices as readonly string[]).includes(value)) {
      throw this.error(`must be one of ${choices.join(', ')}, got ${JSON.stringify(value)}`);
    }
    return value as T;
  }

  /** A duration (`15m`, `1h30m`, or seconds as a number), ms; positive unless `allowZero`. */
  durationMs(opts: { fallback?: number; allowZero?: boolean } = {}): number {
    if (!this.present) {
      if (opts.fallback !== undefined) return opts.fallback;
      throw this.error('is required');
    }
    const value = this.raw;
    let ms: number;
    try {
      if (typeof value === 'number') {
        if (value < 0) throw new Error('negative');
        ms = Math.round(value * 1000);
      } else ms = parseDurationMs(String(value), this.path);
    } catch {
      throw this.error(`must be a duration such as 45s, 15m, 1h or 1h30m, got ${this.describe()}`);
    }
    if (ms === 0 && !opts.allowZero) throw this.error(`must be a positive duration, got ${this.describe()}`);
    return ms;
  }

  /** An ISO-8601 date-time or epoch ms number, epoch ms. */
  timeMs(fallback?: number): number {
    if (!this.present) {
      if (fallback !== undefined) return fallback;
      throw this.error('is required');
    }
    const value = this.raw;
    const ms = typeof value === 'number' ? value : value instanceof Date ? value.getTime() : parseTimeMs(String(value));
    if (!Number.isFinite(ms) || (typeof value === 'string' && !/(Z|[+-]\d\d:?\d\d)$/.test(value))) {
      throw this.error(`must be an ISO-8601 time with a zone (e.g. 2024-06-01T00:00:00Z) or epoch ms, got ${this.describe()}`);
    }
    return ms;
  }
}
