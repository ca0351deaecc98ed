/**
 * The scenario a simulation runs: a cluster, a table, a workload and two or more rowkey designs, as read from a
 * scenario file (`docs/scenarios.md` documents the YAML form field by field). Times are epoch ms, durations ms,
 * rates ops/s, sizes bytes.
 *
 * @module
 */
import type { IndexDefinition } from '../../index-tables/definition.js';

/** How a table (or one design's table) is pre-split at creation, like `create … SPLITS`/`SPLITALGO` in the HBase shell. */
export type PreSplitSpec =
  /** `RegionSplitter` algorithm (`hex` = HexStringSplit, `decimal` = DecimalStringSplit, `uniform` = UniformSplit) into `regions` regions. */
  | { readonly kind: 'algorithm'; readonly algorithm: 'hex' | 'decimal' | 'uniform'; readonly regions: number }
  /** One region boundary per salt bucket of the design's template (its first salt-like part), each bucket cut into `regionsPerBucket`. */
  | { readonly kind: 'salt-buckets'; readonly regionsPerBucket: number }
  /**
   * Explicit split points, in `toStringBinary` form. `servers`, when given, assigns each pre-split region (in key
   * order, one more than the split points) to a RegionServer by index (0 = `rs01`), as `move` / `assign` in the HBase
   * shell leave them, instead of HBase's round-robin `roundRobinAssignment` of a new table.
   */
  | { readonly kind: 'list'; readonly splits: readonly string[]; readonly servers?: readonly number[] }
  /** No pre-split: the table starts as one region. */
  | { readonly kind: 'none' };

/**
 * When a region splits on its own. Mirrors HBase's `RegionSplitPolicy` implementations:
 * `none` = `DisabledRegionSplitPolicy`; `max-size` = `ConstantSizeRegionSplitPolicy` (split above `maxFileSizeBytes`);
 * `stepping` = `SteppingSplitPolicy`, HBase 2.x's default (split above 2 × `flushSizeBytes` while the RegionServer
 * holds one region of the table, above `maxFileSizeBytes` otherwise).
 */
export type SplitPolicySpec =
  | { readonly kind: 'none' }
  | { readonly kind: 'max-size'; readonly maxFileSizeBytes: number }
  | { readonly kind: 'stepping'; readonly maxFileSizeBytes: number; readonly flushSizeBytes: number };

/** Which balancer moves regions between RegionServers. */
export type BalancerKind = 'region-count' | 'request-aware' | 'none';

/** Servers that join the cluster at a given offset from the start. */
export interface ServerJoin {
  /** Offset from the scenario start, ms. */
  readonly atMs: number;
  /** How many RegionServers join. */
  readonly count: number;
}

/** The HBase cluster. */
export interface ClusterSpec {
  /** RegionServers at the start. */
  readonly regionServers: number;
  /** Servers added during the run (they start empty; the balancer gives them regions). */
  readonly addServers: readonly ServerJoin[];
  /** The balancer (`region-count` is what HBase's StochasticLoadBalancer does with default weights). */
  readonly balancer: BalancerKind;
  /** How often the balancer runs, ms (HBase `hbase.balancer.period`, 300000 by default). */
  readonly balancerIntervalMs: number;
}

/** The table every design writes to. */
export interface TableSpec {
  /** Table name, as HBase shows it. */
  readonly name: string;
  /** Stored size of one row, bytes (all cells of the row, after encoding). */
  readonly rowSizeBytes: number;
  /** Pre-split used by designs that do not give their own. */
  readonly preSplit: PreSplitSpec;
  /** Line of `preSplit` in the scenario file, when given, for errors raised while building it for a design. */
  readonly preSplitLine?: number;
  /** The split policy. */
  readonly splitPolicy: SplitPolicySpec;
}

/** How requests are spread over entities. */
export type PopularitySpec =
  | { readonly kind: 'uniform' }
  /** Entity of rank r (0-based) gets weight 1 / (r + 1)^exponent. */
  | { readonly kind: 'zipf'; readonly exponent: number }
  /** The first `fraction` of entities (by id order) take `share` of the requests, the rest share the remainder evenly. */
  | { readonly kind: 'hot-set'; readonly fraction: number; readonly share: number };

/** The entities rows belong to (devices, users, tenants). */
export interface EntitiesSpec {
  /** The template field holding the entity id, e.g. `deviceId`. */
  readonly field: string;
  /** Number of distinct entities. */
  readonly count: number;
  /** printf-like id format with one `%d` / `%0Nd` / `%x` / `%0Nx`, e.g. `sensor-%06d`. */
  readonly idFormat: string;
  /** How requests spread over them. */
  readonly popularity: PopularitySpec;
}

/** The kinds of read (and counter) request pattern. */
export type ReadPatternKind = 'latest' | 'time-range' | 'get' | 'increment' | 'delete';

/** One kind of read the application issues. */
export interface ReadPatternSpec {
  /** Name shown in the read-cost table, e.g. `last 24 hours of one device`. */
  readonly name: string;
  /**
   * `latest`: the newest `limit` rows of one entity; `time-range`: every row of one entity in the last `rangeMs`;
   * `get`: one row of one entity by its full key; `increment`: a counter increment on one fixed row (`row`) or on
   * named rows taken in turn (`rows`); `delete`: a Delete of one row of one entity (a mutation, like a write).
   */
  readonly kind: ReadPatternKind;
  /** Queries per second (the same rate all day). */
  readonly ratePerSec: number;
  /** For `latest`: rows wanted. */
  readonly limit?: number;
  /** For `time-range`: how far back from now, ms. */
  readonly rangeMs?: number;
  /** For `increment`: the counter's rowkey in `toStringBinary` form. */
  readonly row?: string;
  /** For `increment`: several counter rowkeys (`toStringBinary`), the increments spread evenly over them. */
  readonly rows?: readonly string[];
  /**
   * Template fields the query knows besides the entity (their values are those of the entity's newest row), so the
   * scan planner can narrow its scans; the entity field only when absent.
   */
  readonly knows?: readonly string[];
}

/**
 * How one extra template field gets its value on every write (`workload.fields` in the scenario file):
 * - `sequence`: `start + step × n`, n = writes before this one (an auto-increment id); decimal text zero-padded to
 *   `width` when given, a plain number (unpadded) otherwise;
 * - `choice`: one of `values`, drawn with `weights` (relative, any positive numbers) or by `popularity` over the
 *   listed order (uniform when neither);
 * - `entity`: a second entity id like `workload.entities` (`count`, `idFormat`, `popularity`), drawn per write;
 * - `time`: the write time, epoch ms (a second name for the time field);
 * - `derived`: the value of a template expression over fields listed before it or the entity and time fields, e.g.
 *   `ts / 3600000 * 3600` (the rowkey template language's arithmetic and functions); an integer result without
 *   leading zeros is a number, anything else text;
 * - `random`: a uniform integer in `[min, max]`, zero-padded to `width` when given.
 */
export type FieldGeneratorSpec =
  | { readonly kind: 'sequence'; readonly start: number; readonly step: number; readonly width?: number }
  | { readonly kind: 'choice'; readonly values: readonly string[]; readonly weights: readonly number[] }
  | { readonly kind: 'entity'; readonly entities: EntitiesSpec }
  | { readonly kind: 'time' }
  | { readonly kind: 'derived'; readonly expression: string; readonly line: number }
  | { readonly kind: 'random'; readonly min: number; readonly max: number; readonly width?: number };

/** One extra template field of the workload and its generator, in file order. */
export interface FieldSpec {
  /** Template field name. */
  readonly name: string;
  /** How its value is made. */
  readonly generator: FieldGeneratorSpec;
}

/**
 * A sorted bulk load (HBase `LoadIncrementalHFiles` / `completebulkload`): `rows` rows of the workload's records,
 * written as HFiles and handed to the regions at once. Each region loaded gains the rows' store size and one write
 * request (HBase counts a bulk load once per region, not per row).
 */
export interface BulkLoadSpec {
  /** Offset from the scenario start when the load completes, ms. */
  readonly atMs: number;
  /** Rows loaded. */
  readonly rows: number;
  /** The rows' times spread evenly over `[at - span, at)`, ms. */
  readonly spanMs: number;
}

/** The application's requests. */
export interface WorkloadSpec {
  /** The entities. */
  readonly entities: EntitiesSpec;
  /** The template field holding the write time (epoch ms). */
  readonly timeField: string;
  /** Extra template fields and their generators, in file order; absent or empty when the file gives none. */
  readonly fields?: readonly FieldSpec[];
  /** Average write rate, ops/s (one row per write). */
  readonly writeRatePerSec: number;
  /** Daily peak write rate, ops/s; when set writes follow a daily curve averaging `writeRatePerSec`. */
  readonly peakWriteRatePerSec?: number;
  /** Hour of day (UTC, 0-23.99) of the daily peak; 14 when absent. */
  readonly peakHourUtc: number;
  /** Read and increment patterns. */
  readonly reads: readonly ReadPatternSpec[];
  /** Sorted bulk loads; absent or empty when the file gives none. */
  readonly bulkLoads?: readonly BulkLoadSpec[];
}

/** One rowkey design under test. */
export interface DesignSpec {
  /** Name shown in the comparison. */
  readonly name: string;
  /** Rowkey template text, e.g. `{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}`. */
  readonly template: string;
  /** This design's pre-split; the table's when absent. */
  readonly preSplit?: PreSplitSpec;
  /** Line of the design's `template` in the scenario file, for errors raised while compiling it. */
  readonly templateLine?: number;
  /** For the table of a secondary index (`indexes:`): the index's name; the design is then written by every main write. */
  readonly index?: string;
  /** The design's place in the file for errors, `designs[i]` when absent (`indexes[j]` for an index table). */
  readonly field?: string;
}

/** One table of a scenario of several tables (`tables:`): the table, its own workload and its key design. */
export interface ScenarioTable {
  readonly table: TableSpec;
  readonly workload: WorkloadSpec;
  /** The table's key design, named as the table; `field` is `tables[i]`. */
  readonly design: DesignSpec;
}

/** A whole scenario. */
export interface Scenario {
  /** Scenario name. */
  readonly name: string;
  /** File it came from, as given (for messages). */
  readonly file: string;
  /** Simulated start, epoch ms. */
  readonly startMs: number;
  /** Simulated length, ms. */
  readonly durationMs: number;
  /** Simulation time step (and snapshot interval), ms. */
  readonly stepMs: number;
  /** The cluster. */
  readonly cluster: ClusterSpec;
  /** The table (the first of `tables` when given). */
  readonly table: TableSpec;
  /** The workload (the first table's when `tables` is given). */
  readonly workload: WorkloadSpec;
  /** Two or more designs (one per table when `tables` is given). */
  readonly designs: readonly DesignSpec[];
  /** Secondary indexes of the table (`indexes:`, `docs/indexes.md`); each is simulated as a design of its own. */
  readonly indexes?: readonly IndexDefinition[];
  /**
   * Several tables sharing the RegionServers (`tables:`), simulated together; `table` and `workload` are then the
   * first table's and `designs` holds each table's design, in order. Absent for a scenario of one table and designs.
   */
  readonly tables?: readonly ScenarioTable[];
}
