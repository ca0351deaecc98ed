/**
 * The one model every lint input is parsed into: `hbase shell` scripts, REST `/<table>/schema` JSON, rowkey
 * templates with their access patterns, `hbase-site.xml`, `hbase-env.sh` and wide-row schema descriptions all
 * become parts of a {@link LintSubject}. Rules read only this model, never the inputs' text.
 *
 * @module
 */
import type { KeyPart } from '../keys/types.js';

/** Where a thing was written: file as the user gave it, 1-based line and column. */
export interface SourcePlace {
  /** File path as the user gave it. */
  readonly file: string;
  /** 1-based line. */
  readonly line: number;
  /** 1-based column. */
  readonly column: number;
}

/**
 * One column family (HBase `ColumnFamilyDescriptor`). Attribute names are HBase's upper-case keys (`VERSIONS`,
 * `TTL`, `COMPRESSION`, `BLOOMFILTER`, ...), values their text as written (`'7776000'`, `'SNAPPY'`). An attribute
 * the input did not set is absent, so rules can tell "left at HBase's default" from "set".
 */
export interface FamilyModel {
  /** Column family name. */
  readonly name: string;
  /** Attributes the input set, by HBase's upper-case name. */
  readonly attributes: Readonly<Record<string, string>>;
  /** Where the family was declared. */
  readonly place: SourcePlace;
  /** Where each attribute's value was last written, by attribute name, when the input has positions (shell scripts). */
  readonly attributePlaces?: Readonly<Record<string, SourcePlace>>;
}

/**
 * One family setting as a `create` or `alter` statement wrote it: HBase judges the descriptor each statement leaves,
 * so a value a later statement replaces (or whose family a later statement deletes) still fails the one that set it.
 */
export interface FamilyWrite {
  /** Column family name. */
  readonly family: string;
  /** The attribute, by HBase's upper-case name (`TTL`, `VERSIONS`, ...). */
  readonly key: string;
  /** Its value as written. */
  readonly value: string;
  /** Where the attribute was written (its key). */
  readonly place: SourcePlace;
}

/** How a table is pre-split at creation (`create ..., SPLITS | SPLITS_FILE | NUMREGIONS + SPLITALGO`). */
export type SplitModel =
  | { readonly kind: 'none' }
  /** Not described by the input (a REST schema file carries no split points). */
  | { readonly kind: 'unknown' }
  | {
      readonly kind: 'points';
      /** Split points as written: a script's string characters, or `toStringBinary` text when `binaryForm`. */
      readonly points: readonly string[];
      /** True when `points` are in `toStringBinary` form (`\xNN` for a byte): read from a live table or proposed. */
      readonly binaryForm?: boolean;
      /** The `SPLITS_FILE` the points were read from, as the script names it (point i is its line i + 1). */
      readonly file?: string;
      readonly place: SourcePlace;
    }
  | { readonly kind: 'file'; readonly file: string; readonly place: SourcePlace }
  | {
      readonly kind: 'algorithm';
      /** Number of regions after the split (NUMREGIONS), so `numRegions - 1` split points. */
      readonly numRegions: number;
      /** RegionSplitter algorithm name, e.g. `HexStringSplit`, `UniformSplit`, `DecimalStringSplit`. */
      readonly algorithm: string;
      readonly place: SourcePlace;
    };

/** One table (HBase `TableDescriptor`) after every `create`/`alter` of the input has been applied in order. */
export interface TableModel {
  /** Table name as written, `ns:t` outside the default namespace. */
  readonly name: string;
  /** Column families, in the order declared. */
  readonly families: readonly FamilyModel[];
  /** Table-level attributes (`MAX_FILESIZE`, `MEMSTORE_FLUSHSIZE`, `DURABILITY`, ...), values as text. */
  readonly attributes: Readonly<Record<string, string>>;
  /** How the table is pre-split. */
  readonly splits: SplitModel;
  /** Where the table was created (or first seen). */
  readonly place: SourcePlace;
  /** Every family setting written, in the order written, when the input is a script of statements (shell scripts). */
  readonly familyWrites?: readonly FamilyWrite[];
  /**
   * `true` when a script only alters the table (its first statement on it is an `alter`): the table exists before
   * the script, so its pre-split (`splits` is `unknown`), its other families and every family setting the script
   * does not write are unknown, and rules that judge a setting by its absence leave its families alone.
   */
  readonly altered?: boolean;
  /** With `altered`: families the script deletes (and does not add again), which another input may have created. */
  readonly deletedFamilies?: readonly string[];
}

/** One `<property>` of `hbase-site.xml`. */
export interface SiteProperty {
  /** Property name, e.g. `hfile.block.cache.size`. */
  readonly name: string;
  /** The value text, trimmed. */
  readonly value: string;
  /**
   * A setting lint reads as a number, as HBase reads `value` (`Configuration.getLong`: `0x10` is 16; `getFloat`:
   * `0.4f` is 0.4 as a Java float); absent for other settings.
   */
  readonly number?: number;
  /** Where the property was written. */
  readonly place: SourcePlace;
  /**
   * `true` when the property is marked final (`<final>true</final>`): Hadoop's `Configuration` then ignores every
   * later property of the same name, in the same file or a later one.
   */
  readonly final?: boolean;
  /**
   * `true` for a property marked final but written without a value (no `<value>` text and no `value` attribute): it
   * sets nothing, yet Hadoop's `Configuration` still records the name as final, so later properties of the name are
   * ignored and it keeps the value it had (or HBase's default). `value` is then `''`. Only the site reader's
   * per-file entries hold one; `withoutOverriddenFinals` applies and drops it, so a lint subject never does.
   */
  readonly unset?: true;
  /**
   * Why HBase cannot read `value` (a numeric setting written as `40%`, `7d`, ...), as the site reader's per-file
   * entries note it: the merge refuses it (`LINT_SITE_VALUE`) when it takes effect, and drops it unrefused when an
   * earlier final property overrides it, as HBase ignores it then. A lint subject never holds one.
   */
  readonly unreadable?: string;
}

/**
 * RegionServer JVM settings read from `hbase-env.sh` (`HBASE_HEAPSIZE`, `HBASE_OFFHEAPSIZE`, `HBASE_OPTS`,
 * `HBASE_REGIONSERVER_OPTS`, in the order `bin/hbase` puts them on the java command line).
 */
export interface JvmModel {
  /** Maximum heap, bytes (`-Xmx` wins over `HBASE_HEAPSIZE`); `undefined` when not set. */
  readonly heapBytes?: number;
  /** `-XX:MaxGCPauseMillis`, ms. */
  readonly maxGcPauseMs?: number;
  /** Collector chosen by flags: `G1`, `CMS`, `Parallel`, `Serial`, `ZGC`, `Shenandoah`. */
  readonly collector?: string;
  /** `-XX:MaxDirectMemorySize` (or `HBASE_OFFHEAPSIZE`), bytes. */
  readonly maxDirectMemoryBytes?: number;
  /** Where each setting was read, by setting name (`heap`, `maxGcPause`, `collector`, `maxDirectMemory`). */
  readonly places: Readonly<Record<string, SourcePlace>>;
}

/** Access pattern kinds `--access` accepts. */
export type AccessKind = 'point-get' | 'latest-n' | 'time-range' | 'prefix-scan' | 'sequential-writes';

/**
 * A way the application reads or writes, as given with `--access` (`latest-n:deviceId`, `time-range:metric+deviceId`,
 * `point-get`). `fields` are the key fields the reader knows exactly (for `point-get`: all of them).
 */
export interface AccessPattern {
  /** What kind of access. */
  readonly kind: AccessKind;
  /** Key fields the reader knows exactly. */
  readonly fields: readonly string[];
}

/** The parts of a compiled template's parts that lint reads (a compiled `RowkeyTemplate.parts` fits it). */
export type KeyPartShape = Pick<
  KeyPart,
  'kind' | 'source' | 'position' | 'inputs' | 'fixedWidth' | 'alphabet' | 'buckets' | 'bucketBytes' | 'order' | 'orderField' | 'encode'
>;

/** A rowkey design to lint: the template's parts, the access patterns it must serve and the expected load. */
export interface KeyDesign {
  /** Template text, e.g. `{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}`. */
  readonly source: string;
  /** The compiled template's parts, in key order. */
  readonly parts: readonly KeyPartShape[];
  /** The access patterns the key must serve. */
  readonly access: readonly AccessPattern[];
  /** Field types when known (`epochMs`, `string`, `long`, `int`), by field name. */
  readonly fieldTypes?: Readonly<Record<string, string>>;
  /** Which table the key belongs to, when known (pre-split checks). */
  readonly table?: string;
  /** What defined the key when a file did, e.g. `design 'tenant first'` or `index by_status`, named in findings. */
  readonly origin?: string;
  /** Where the key's template was written, when read from a file. */
  readonly place?: SourcePlace;
}

/**
 * A wide-row schema description: one column family whose qualifiers are created over time for the same row.
 * See `wide-row.ts` for the YAML/JSON form.
 */
export interface WideRowModel {
  /** Table the rows live in. */
  readonly table: string;
  /** Rowkey template text and its parts. */
  readonly key: KeyDesign;
  /** How many new qualifiers one row gains per second (cells/s per row). */
  readonly qualifiersPerSecond: number;
  /** Average cell size on disk (rowkey + family + qualifier + timestamp + value), bytes. */
  readonly cellBytes: number;
  /** Family TTL, seconds, when cells expire; `undefined` when they are kept forever. */
  readonly ttlSeconds?: number;
  /** Where the description was written. */
  readonly place: SourcePlace;
}

/** Load and cluster size stated by the user (`--servers`, `--writes`). */
export interface WorkloadModel {
  /** RegionServers the table runs on (`--servers`). */
  readonly servers?: number;
  /** Writes per second over the whole table (`--writes`). */
  readonly writesPerSec?: number;
}

/** Everything one lint run looks at. */
export interface LintSubject {
  /** Tables from shell scripts and REST schema files. */
  readonly tables: readonly TableModel[];
  /** `hbase-site.xml` properties. */
  readonly site: readonly SiteProperty[];
  /**
   * `hbase-site.xml` properties HBase ignores because an earlier property of their name is marked final (Hadoop's
   * `Configuration` logs "an attempt to override final parameter"), in the order written; absent when there are none.
   */
  readonly siteIgnored?: readonly SiteProperty[];
  /** RegionServer JVM settings from `hbase-env.sh`, when given. */
  readonly jvm?: JvmModel;
  /** Rowkey designs. */
  readonly keys: readonly KeyDesign[];
  /** Wide-row descriptions. */
  readonly wideRows: readonly WideRowModel[];
  /** Stated load and cluster size. */
  readonly workload: WorkloadModel;
}

/** An empty subject to build on. */
export function emptySubject(): LintSubject {
  return { tables: [], site: [], keys: [], wideRows: [], workload: {} };
}
