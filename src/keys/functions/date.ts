/**
 * `date(t, "pattern")`: t (epoch milliseconds) formatted in UTC with Java's pattern letters, as
 * `SimpleDateFormat` / `DateTimeFormatter` with a UTC zone print it; `date(t, "pattern", "Europe/Berlin")` formats the
 * local time of an IANA zone, as `SimpleDateFormat` with `TimeZone.getTimeZone(zone)` does. Supported letters: `yyyy` (year), `MM` (month),
 * `dd` (day of month), `HH` (hour 0-23), `mm` (minute), `ss` (second), `SSS` (millisecond); text in single quotes
 * (`'T'`, `''` for a quote) and any non-letter stand for themselves. Every field is fixed-width, so the part is too.
 * Times from 1970-01-01 to 9999-12-31 UTC are accepted (where Java's calendars agree and years have four digits); a
 * zoned time must also fall in year 9999 or before in its zone's local time.
 */
import { utf8Bytes } from '../../bytes/index.js';
import { HotspotError } from '../../util/errors.js';
import type { KeyRecord } from '../types.js';
import { hashText, longArg, orderOver, stringArg } from './args.js';
import type { CallSite, CompiledCall, FunctionDescriptor } from './descriptor.js';
import type { KeyBuffer } from './key-buffer.js';
import { isKnownZone, zoneOffsets, type ZoneOffsets } from './time-zone.js';

type Token = { kind: 'field'; letters: string; width: number } | { kind: 'text'; text: string; width: number };

const LETTERS: Record<string, string> = {
  yyyy: 'year',
  MM: 'month',
  dd: 'day of month',
  HH: 'hour of day (0-23)',
  mm: 'minute',
  ss: 'second',
  SSS: 'millisecond',
};
/** The field letters in the order of {@link DateFormatter}'s codes (6: `SSS`). */
const FIELD_CODES = ['yyyy', 'MM', 'dd', 'HH', 'mm', 'ss', 'SSS'];
/** The code of a text token. */
const TEXT = -1;
/** Largest accepted time: 9999-12-31T23:59:59.999Z. */
const MAX_MS = 253_402_300_799_999;

/** Splits a Java date pattern into fields and literal text, or throws naming the offending letters. */
export function parseDatePattern(pattern: string, site: CallSite): Token[] {
  const tokens: Token[] = [];
  const fail = (what: string) =>
    new HotspotError(
      'TEMPLATE_ARGUMENT',
      `${site.source} at template position ${site.position}: date pattern "${pattern}" ${what}; use yyyy MM dd HH mm ss SSS and quote other letters ('T')`,
    );
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i] as string;
    if (/[A-Za-z]/.test(c)) {
      let j = i;
      while (pattern[j] === c) j++;
      const letters = pattern.slice(i, j);
      if (!(letters in LETTERS)) throw fail(`has "${letters}" at pattern character ${i + 1}, which is not supported`);
      tokens.push({ kind: 'field', letters, width: letters.length });
      i = j;
    } else if (c === "'") {
      let text = '';
      let j = i + 1;
      if (pattern[j] === "'") {
        tokens.push({ kind: 'text', text: "'", width: 1 });
        i = j + 1;
        continue;
      }
      for (;;) {
        if (j >= pattern.length) throw fail(`has an unterminated quote at pattern character ${i + 1}`);
        if (pattern[j] === "'") {
          if (pattern[j + 1] !== "'") break;
          text += "'";
          j += 2;
        } else text += pattern[j++];
      }
      tokens.push({ kind: 'text', text, width: utf8Bytes(text).length });
      i = j + 1;
    } else {
      // One code point, not one code unit: the halves of a surrogate pair apart would each be written as "?".
      const ch = String.fromCodePoint(pattern.codePointAt(i) as number);
      tokens.push({ kind: 'text', text: ch, width: utf8Bytes(ch).length });
      i += ch.length;
    }
  }
  if (tokens.length === 0) throw fail('is empty');
  return tokens;
}

const MS_PER_DAY = 86_400_000;

/**
 * Year, month (1-12) and day of month of a day number (days since 1970-01-01, proleptic Gregorian, as Java's
 * calendars for the accepted years), by arithmetic over 400-year eras (H. Hinnant's `civil_from_days`).
 */
function civilFromDays(days: number): [year: number, month: number, day: number] {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

/**
 * A formatter for one parsed pattern: the calendar fields of epoch ms (already shifted to local time for a zone)
 * without a `Date` object, the year, month and day of the last day seen kept (keys of one day follow each other).
 */
class DateFormatter {
  private day = Number.NaN;
  private ymd: [number, number, number] = [0, 0, 0];
  private readonly values: number[];
  /** Per token, what {@link write} writes: {@link TEXT} or the index of its letters in {@link FIELD_CODES}. */
  private readonly codes: Int8Array;
  /** Per token, its bytes (text tokens; UTF-8) or its digit count (fields). */
  private readonly texts: readonly Uint8Array[];
  private readonly widths: Int32Array;
  /** Bytes the whole pattern writes. */
  private readonly width: number;

  constructor(private readonly tokens: readonly Token[]) {
    this.values = new Array<number>(tokens.length).fill(0);
    this.codes = Int8Array.from(tokens, (t) => (t.kind === 'text' ? TEXT : FIELD_CODES.indexOf(t.letters)));
    this.texts = tokens.map((t) => (t.kind === 'text' ? utf8Bytes(t.text) : new Uint8Array(0)));
    this.widths = Int32Array.from(tokens, (t) => t.width);
    this.width = tokens.reduce((sum, t) => sum + t.width, 0);
  }

  /** Moves to `t`'s day (its year, month and day computed when the day changes) and returns the ms into that day. */
  private enterDay(t: number): number {
    const day = Math.floor(t / MS_PER_DAY);
    if (day !== this.day) {
      this.day = day;
      this.ymd = civilFromDays(day);
    }
    return t - day * MS_PER_DAY;
  }

  /** The number of the field of code `code` (index in {@link FIELD_CODES}) at `inDay` ms (`seconds` s) into the day. */
  private field(code: number, inDay: number, seconds: number): number {
    switch (code) {
      case 0: return this.ymd[0];
      case 1: return this.ymd[1];
      case 2: return this.ymd[2];
      case 3: return Math.floor(seconds / 3600);
      case 4: return Math.floor(seconds / 60) % 60;
      case 5: return seconds % 60;
      default: return inDay - seconds * 1000;
    }
  }

  /** Fills `values` with each field token's number for `t`. */
  private fields(t: number): readonly number[] {
    const inDay = this.enterDay(t);
    const seconds = Math.floor(inDay / 1000);
    const { codes, values } = this;
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i] as number;
      if (code !== TEXT) values[i] = this.field(code, inDay, seconds);
    }
    return values;
  }

  /** `t` formatted as text. */
  text(t: number): string {
    const values = this.fields(t);
    let out = '';
    for (let i = 0; i < this.tokens.length; i++) {
      const token = this.tokens[i] as Token;
      out += token.kind === 'text' ? token.text : String(values[i]).padStart(token.width, '0');
    }
    return out;
  }

  /**
   * Appends `t` formatted to `out`: room for the whole pattern made once, then each field's digits (its low `width`
   * digits, as {@link KeyBuffer.writeDecimal} writes them) and each text's bytes straight into the buffer, the field
   * picked by a small integer code rather than by its letters.
   */
  write(t: number, out: KeyBuffer): void {
    const inDay = this.enterDay(t);
    const seconds = Math.floor(inDay / 1000);
    out.reserve(this.width);
    const b = out.bytes;
    let p = out.length;
    const { codes, widths } = this;
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i] as number;
      if (code === TEXT) {
        const text = this.texts[i] as Uint8Array;
        for (let k = 0; k < text.length; k++) b[p + k] = text[k] as number;
        p += text.length;
        continue;
      }
      let v = this.field(code, inDay, seconds);
      const w = widths[i] as number;
      for (let k = p + w - 1; k >= p; k--) {
        const q = (v / 10) | 0;
        b[k] = 48 + v - q * 10;
        v = q;
      }
      p += w;
    }
    out.length = p;
  }
}

function recoverer(tokens: readonly Token[], field: string, zone: ZoneOffsets | undefined): CompiledCall['recover'] {
  const needed = Object.keys(LETTERS);
  if (!needed.every((l) => tokens.some((t) => t.kind === 'field' && t.letters === l))) return undefined;
  return {
    field,
    read(key, from, to) {
      const got: Record<string, number> = {};
      let at = from;
      for (const token of tokens) {
        if (token.kind === 'field') {
          let v = 0;
          for (let i = at; i < at + token.width; i++) {
            const b = key[i];
            if (b === undefined || b < 48 || b > 57) return `byte ${i} is not a decimal digit of ${LETTERS[token.letters]}`;
            v = v * 10 + b - 48;
          }
          got[token.letters] = v;
        }
        at += token.width;
      }
      if (at !== to) return `the date takes ${at - from} bytes, found ${to - from}`;
      const ms = Date.UTC(got.yyyy ?? 0, (got.MM ?? 1) - 1, got.dd ?? 1, got.HH ?? 0, got.mm ?? 0, got.ss ?? 0, got.SSS ?? 0);
      if (Number.isNaN(ms)) return 'not a valid date';
      if (!zone) return ms;
      // In an overlap the local time was written twice; SimpleDateFormat.parse gives the later (standard time) one.
      const times = zone.fromLocal(ms);
      const last = times[times.length - 1];
      return last === undefined ? `the local time falls in a daylight saving gap of ${zone.zone}, so no time writes it` : last;
    },
  };
}

function zoneArg(site: CallSite): ZoneOffsets {
  const zone = stringArg(site, 2);
  if (!isKnownZone(zone)) {
    throw new HotspotError(
      'TEMPLATE_ARGUMENT',
      `${site.source} at template position ${site.position}: "${zone}" is not a time zone id; use an IANA id such as "Europe/Berlin" or "America/New_York" (Java's TimeZone.getTimeZone would silently use GMT)`,
    );
  }
  return zoneOffsets(zone);
}

/** `date(t, "pattern")` and `date(t, "pattern", "zone")`; see the module comment. */
export const dateFunction: FunctionDescriptor = {
  name: 'date',
  kind: 'date',
  summary: 't (epoch ms) formatted in UTC, or in the given IANA zone, with yyyy MM dd HH mm ss SSS',
  args: [
    { name: 't', kind: 'field' },
    { name: 'pattern', kind: 'string' },
    { name: 'zone', kind: 'string' },
  ],
  minArgs: 2,
  output: 'text',
  oneWay: false,
  compile(site: CallSite): CompiledCall {
    const x = longArg(site, 0);
    const field = x.name;
    const tokens = parseDatePattern(stringArg(site, 1), site);
    const formatter = new DateFormatter(tokens);
    /** The time to format: the field's value checked, shifted to the zone's local time. */
    const local = (record: KeyRecord): number => {
      const t = x.read(record);
      if (typeof t !== 'number' || t < 0 || t > MAX_MS) {
        throw new HotspotError(
          'TEMPLATE_VALUE_RANGE',
          `${site.source} at template position ${site.position}: field "${field}" = ${t} is outside 1970-01-01..9999-12-31 in epoch milliseconds`,
          { field },
        );
      }
      if (!zone) return t;
      const shifted = t + zone.offset(t);
      // Years have four digits (the key's fixed width): a zone east of UTC can carry the last hours into year 10000.
      if (shifted > MAX_MS) {
        throw new HotspotError(
          'TEMPLATE_VALUE_RANGE',
          `${site.source} at template position ${site.position}: field "${field}" = ${t} is in year 10000 in zone ${zoneId}; times must fall in 1970-01-01..9999-12-31 where they are written`,
          { field },
        );
      }
      return shifted;
    };
    const text = (record: KeyRecord) => formatter.text(local(record));
    const zone = site.args[2] === undefined ? undefined : zoneArg(site);
    const zoneId = site.args[2] === undefined ? '' : stringArg(site, 2);
    const recover = x.field === undefined ? undefined : recoverer(tokens, x.field, zone);
    const allDigits = tokens.every((t) => t.kind === 'field' || /^[0-9]*$/.test(t.text));
    // Bytes ascend with t only when the fields run from most to least significant (yyyy, MM, dd, ...).
    const order = Object.keys(LETTERS);
    const used = tokens.flatMap((t) => (t.kind === 'field' ? [t.letters] : []));
    const ascending = used.every((l, i) => l === order[i]);
    return {
      inputs: x.inputs,
      fixedWidth: tokens.reduce((a, t) => a + t.width, 0),
      alphabet: allDigits ? 'decimal' : 'text',
      // Local time repeats an hour when clocks fall back, so a zoned date is not ordered by t.
      ...(ascending && !zone ? orderOver(x, 'ascending') : { order: 'none' as const }),
      text,
      hash: (record, h) => hashText(text(record), h),
      write: (record, out) => formatter.write(local(record), out),
      ...(recover ? { recover } : {}),
    };
  },
};

/** The date family. */
export const dateFunctions: readonly FunctionDescriptor[] = [dateFunction];
