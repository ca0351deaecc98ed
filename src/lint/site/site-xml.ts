/**
 * Reads `hbase-site.xml` (Hadoop `Configuration` XML: `<configuration>` of `<property>` with `<name>`, `<value>`,
 * optional `<final>` and `<description>`) into site properties, checking that the settings lint reads as numbers
 * are numbers.
 *
 * @module
 */
import { HotspotError } from '../../util/errors.js';
import type { SiteProperty } from '../model.js';
import { own } from '../../util/own.js';
import { type XmlElement, parseXml } from './xml.js';

/** Settings lint reads as numbers, with the kind of number HBase expects. */
const NUMERIC: Readonly<Record<string, 'fraction' | 'count' | 'size' | 'bytes'>> = {
  'hfile.block.cache.size': 'fraction',
  'hbase.regionserver.global.memstore.size': 'fraction',
  'hbase.regionserver.global.memstore.upperLimit': 'fraction',
  'hbase.hregion.majorcompaction': 'count',
  'hbase.hstore.compaction.throughput.lower.bound': 'count',
  'hbase.hstore.compaction.throughput.higher.bound': 'count',
  'hbase.hregion.memstore.flush.size': 'count',
  'hbase.hregion.max.filesize': 'count',
  'hbase.hstore.compaction.min': 'count',
  'hbase.hstore.compaction.max': 'count',
  'hbase.hstore.compactionThreshold': 'count',
  'hbase.bucketcache.size': 'size',
  'hfile.block.cache.memory.size': 'bytes',
  'hbase.regionserver.free.heap.min.memory.size': 'bytes',
};

/** HBase's `StorageUnit`s in the order `StorageSize.parse` tries them: long name, short name, suffix, bytes each. */
const STORAGE_UNITS: readonly (readonly [string, string, string, number])[] = [
  ['exabytes', 'eb', 'e', 1024 ** 6],
  ['petabytes', 'pb', 'p', 1024 ** 5],
  ['terabytes', 'tb', 't', 1024 ** 4],
  ['gigabytes', 'gb', 'g', 1024 ** 3],
  ['megabytes', 'mb', 'm', 1024 ** 2],
  ['kilobytes', 'kb', 'k', 1024],
  ['bytes', 'b', 'b', 1],
];

/**
 * A size in bytes as HBase 2.6's `MemorySizeUtil` reads `hfile.block.cache.memory.size` and
 * `hbase.regionserver.free.heap.min.memory.size`: `Long.parseLong` of the text (`10737418240`), else HBase's
 * `StorageSize.parse` of it, trimmed and lower-cased: a decimal number then the first unit (exabytes down to bytes)
 * whose long name, short name or one-letter suffix ends the text (`10g`, `10gb`, `512 megabytes`, `1.5g`), in powers
 * of 1024, truncated to whole bytes.
 * @returns the bytes, or `undefined` for text HBase refuses (it throws, and the RegionServer does not start).
 */
export function readStorageBytes(text: string): number | undefined {
  const whole = readHadoopLong(text);
  if (whole !== undefined && !/^-?0[xX]/.test(text)) return whole;
  const lower = text.trim().toLowerCase();
  for (const [long, short, suffix, bytes] of STORAGE_UNITS) {
    const unit = lower.endsWith(long) ? long : lower.endsWith(short) ? short : lower.endsWith(suffix) ? suffix : undefined;
    if (unit === undefined) continue;
    // Double.parseDouble: surrounding blanks, a sign, an exponent and a trailing d/f are allowed
    const number = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)[fFdD]?\s*$/.exec(lower.slice(0, lower.length - unit.length));
    return number === null ? undefined : Math.trunc(Number(number[1]) * bytes);
  }
  return undefined;
}

/**
 * A number as Hadoop's `Configuration.getLong` / `getInt` reads it (`Long.parseLong` of the trimmed text, or of its
 * hex digits after `0x` / `-0x`); `undefined` for text it refuses (`1.0`, `1e3`, `10m`, `0b11`).
 */
export function readHadoopLong(text: string): number | undefined {
  const hex = /^(-?)0[xX]([0-9a-fA-F]+)$/.exec(text);
  if (hex !== null) return (hex[1] === '-' ? -1 : 1) * parseInt(hex[2] as string, 16);
  return /^[+-]?\d+$/.test(text) ? Number(text) : undefined;
}

/**
 * A number as Hadoop's `Configuration.getFloat` reads it (`Float.parseFloat` of the trimmed text): decimal with an
 * optional exponent and an optional `f`/`F`/`d`/`D` suffix (`0.4f`), a hexadecimal float (`0x1.8p-1`), `NaN` or
 * `Infinity`, rounded to a Java float; `undefined` for text it refuses (`40%`, `0x10` without its `p` exponent).
 */
export function readJavaFloat(text: string): number | undefined {
  const dec = /^([+-]?)(NaN|Infinity|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)[fFdD]?$/.exec(text);
  if (dec !== null) return Math.fround(Number(`${dec[1]}${dec[2]}`));
  const hex = /^([+-]?)0[xX]([0-9a-fA-F]*)\.?([0-9a-fA-F]*)[pP]([+-]?\d+)[fFdD]?$/.exec(text);
  if (hex === null || (hex[2] === '' && hex[3] === '')) return undefined;
  const digits = `${hex[2]}${hex[3]}`;
  const mantissa = parseInt(digits, 16) / 16 ** (hex[3] as string).length;
  return Math.fround((hex[1] === '-' ? -1 : 1) * mantissa * 2 ** Number(hex[4]));
}

/**
 * A numeric setting's value as HBase reads it: {@link SiteProperty.number} when the site reader read it, else the
 * text as a plain number (`NaN` when it is none).
 */
export function siteNumber(p: SiteProperty): number {
  return p.number ?? Number(p.value);
}

/**
 * The properties Hadoop's `Configuration` keeps, in order: once a property is marked final, every later property of
 * the same name is ignored (`Configuration.loadProperty`: "an attempt to override final parameter ... Ignoring"),
 * in the same file or in a file added after it; the first final value stays. A final property without a value
 * ({@link SiteProperty.unset}) sets nothing but locks its name all the same (`loadProperty` records the final flag
 * whatever the value), so the name keeps the value an earlier property gave it, or HBase's default.
 * @param properties - properties in the order their files are added and written.
 * @param keepLocks - keep the valueless final properties in the result (for a file's entries that later files are
 *   merged with); by default they are dropped once applied.
 * @param ignored - when given, receives each property with a value that an earlier final one overrides, in order.
 * @returns the properties that take effect, in the same order (the last of a name is its value).
 */
export function withoutOverriddenFinals(properties: readonly SiteProperty[], keepLocks = false, ignored?: SiteProperty[]): SiteProperty[] {
  const finals = new Set<string>();
  const kept: SiteProperty[] = [];
  for (const p of properties) {
    if (finals.has(p.name)) {
      if (p.unset !== true) ignored?.push(p);
      continue;
    }
    if (p.unset !== true || keepLocks) kept.push(p);
    if (p.final === true) finals.add(p.name);
  }
  return kept;
}

/**
 * Reads an `hbase-site.xml` into the entries files are merged from: every property with a value, in file order,
 * plus each property marked final without a value ({@link SiteProperty.unset}), which keeps later ones from setting
 * its name. {@link withoutOverriddenFinals} over the entries of every file, in order, gives the merged properties
 * (and those HBase ignores), and {@link checkSiteValues} over those refuses a value HBase cannot read: such a value is
 * kept here with {@link SiteProperty.unreadable} set, since a final property before it may override it.
 * @throws HotspotError `LINT_XML_SYNTAX` and `LINT_SITE_SHAPE` as {@link parseSiteXml}.
 */
export function readSiteXmlEntries(text: string, file: string): SiteProperty[] {
  const root = parseXml(text, file);
  const fail = (code: string, el: XmlElement, message: string): never => {
    throw new HotspotError(code, message, { file, line: el.line, column: el.column });
  };
  if (root.name !== 'configuration') fail('LINT_SITE_SHAPE', root, `the root element is <${root.name}>; hbase-site.xml needs <configuration>`);
  const read: SiteProperty[] = [];
  for (const el of root.children) {
    if (el.name !== 'property') {
      fail('LINT_SITE_SHAPE', el, `unexpected <${el.name}> in <configuration>: only <property> elements are read`);
    }
    const child = (name: string): XmlElement | undefined => el.children.find((c) => c.name === name);
    // Hadoop's parser reads the short form <property name="..." value="..." final="true"/> too; a <name>, <value> or
    // <final> element overrides its attribute (<name> and <value> only when not empty).
    const nameEl = child('name');
    const valueEl = child('value');
    const attr = el.attributes;
    const name = nameEl !== undefined && nameEl.text !== '' ? nameEl.text.trim() : own(attr, 'name');
    if (name === undefined || name.trim() === '') return fail('LINT_SITE_SHAPE', el, '<property> without a <name>: add <name>setting.name</name>');
    // Hadoop's parser: final counts only when its text is exactly "true".
    const finalEl = child('final');
    const isFinal = (finalEl === undefined ? own(attr, 'final') : finalEl.text) === 'true';
    const fromElement = valueEl !== undefined && valueEl.text !== '';
    // No value at all, or an empty <value></value> / <value/>: Hadoop's parser keeps no value (its <value> handler
    // takes only non-empty text) and sets nothing, so the setting keeps its earlier value or HBase's default; a final
    // flag is still recorded. A value="" attribute is a value, the empty string, which HBase fails to read as a
    // number, as it does blanks.
    const value = fromElement ? valueEl.text : own(attr, 'value');
    if (value === undefined) {
      if (isFinal) read.push({ name, value: '', place: { file, line: el.line, column: el.column }, final: true, unset: true });
      continue;
    }
    const at = fromElement ? valueEl : el;
    const property: SiteProperty = { name, value: value.trim(), place: { file, line: at.line, column: at.column }, ...(isFinal ? { final: true } : {}) };
    read.push(property);
  }
  return read.map((p) => {
    const kind = own(NUMERIC, p.name);
    if (kind === undefined || p.unset === true) return p;
    // getLong / getInt for counts, getFloat for fractions and the BucketCache size
    const n = kind === 'count' ? readHadoopLong(p.value) : kind === 'bytes' ? readStorageBytes(p.value) : readJavaFloat(p.value);
    // a negative size in bytes is read (HBase then falls back to its default), so only text it cannot parse is refused
    if (n === undefined || !Number.isFinite(n) || (n < 0 && kind !== 'bytes') || (kind === 'fraction' && n > 1)) {
      const what = kind === 'fraction' ? 'a heap fraction between 0 and 1 (e.g. 0.4)' : kind === 'size' ? 'a size in MB'
        : kind === 'bytes' ? 'a size HBase reads: bytes (10737418240) or a number and unit (10g, 512mb)'
        : 'a whole non-negative number (Hadoop reads it with Long.parseLong: no fraction, exponent or unit)';
      // Refused only once the files are merged: a final property of an earlier file may keep HBase from reading it.
      return { ...p, unreadable: `${p.name} = '${p.value}' is not ${what}` };
    }
    return { ...p, number: n };
  });
}

/**
 * The properties, once none of them holds a value HBase cannot read ({@link SiteProperty.unreadable}): give it the
 * properties that take effect ({@link withoutOverriddenFinals} over every file's entries), so a value that an earlier
 * final property overrides, which HBase ignores (logging "an attempt to override final parameter"), is not refused.
 * @returns `properties` unchanged.
 * @throws HotspotError `LINT_SITE_VALUE` at the first property holding such a value, naming file:line:column.
 */
export function checkSiteValues(properties: readonly SiteProperty[]): readonly SiteProperty[] {
  const bad = properties.find((p) => p.unreadable !== undefined);
  if (bad?.unreadable !== undefined) throw new HotspotError('LINT_SITE_VALUE', bad.unreadable, bad.place);
  return properties;
}

/**
 * Parses an `hbase-site.xml`.
 * @returns the properties that take effect, in file order: later ones override earlier ones with the same name,
 *   except that a property marked `<final>true</final>` keeps its value (later ones of its name are dropped, and
 *   their values not checked, as Hadoop never reads them); a property without a value (none given, or an empty
 *   `<value></value>`) is left out, as Hadoop sets nothing for it, though marked final it still keeps later ones of
 *   its name out.
 * @throws HotspotError `LINT_XML_SYNTAX` for malformed XML, `LINT_SITE_SHAPE` for a root other than
 *   `<configuration>`, a `<property>` without `<name>` or an unexpected element, `LINT_SITE_VALUE` for a
 *   non-numeric value of a numeric setting (fractions must lie in 0..1); each with file:line:column.
 */
export function parseSiteXml(text: string, file: string): SiteProperty[] {
  const properties = withoutOverriddenFinals(readSiteXmlEntries(text, file));
  checkSiteValues(properties);
  return properties;
}
