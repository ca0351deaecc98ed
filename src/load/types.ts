/**
 * What a load run is given and what it reports. Rates are ops/s, times epoch ms, durations ms, sizes bytes.
 *
 * @module
 */
import type { RowkeyTemplate } from '../keys/types.js';
import type { KeySample } from '../model/types.js';
import type { EntitiesSpec } from '../simulate/scenario/types.js';
import type { LoadFields } from './fields.js';
import type { LatencySummary } from './latency.js';
import type { LoadReadSpec } from './options.js';

/** A load run: the table, the key design, the workload (the simulator's entity model) and the pacing. */
export interface LoadSpec {
  /** Table to write, `ns:name` outside the default namespace. It must exist. */
  readonly table: string;
  /** Compiled rowkey template. */
  readonly template: RowkeyTemplate;
  /** Which template fields get the entity id and the write time. */
  readonly fields: LoadFields;
  /** The entities (count, id format, popularity), as the simulator models them. */
  readonly entities: EntitiesSpec;
  /** Write rate, rows per second (> 0). */
  readonly writesPerSec: number;
  /** How long to run, ms (> 0). */
  readonly durationMs: number;
  /** Most rows to write; default `round(writesPerSec × durationMs / 1000)`. */
  readonly maxWrites?: number;
  /** Bytes of the one cell value each row gets (≥ 0). */
  readonly valueBytes: number;
  /** Column family of the cell; the qualifier is {@link LOAD_QUALIFIER}. */
  readonly family: string;
  /** Read patterns issued beside the writes. */
  readonly reads: readonly LoadReadSpec[];
  /** Rows per put request (REST CellSet), ≥ 1. */
  readonly batchRows: number;
  /** Requests in flight at once per kind of operation (writes, and each read pattern), ≥ 1. */
  readonly concurrency: number;
  /** Seed of the entity draws and the cell values. */
  readonly seed: number;
}

/** Qualifier of the one cell each generated row gets. */
export const LOAD_QUALIFIER = 'v';

/** Progress of a running load. */
export interface LoadProgress {
  /** Rows written so far. */
  readonly writes: number;
  /** Rows the run is bounded to write. */
  readonly plannedWrites: number;
  /** Read queries (gets and latest-n scans) completed. */
  readonly readQueries: number;
  /** Failed requests. */
  readonly errors: number;
}

/** Hooks of a run: clock, pacing, cancellation and what it reports as it goes. */
export interface LoadHooks {
  /** Clock, epoch ms; default `Date.now`. Each row's time field and cell timestamp is this clock at its put, rounded down. */
  readonly now?: () => number;
  /** Waits `ms`, ending early (resolving) when `signal` aborts; default a timer. */
  readonly pause?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Ends the run early (as Ctrl-C does): no new requests start, those in flight complete. */
  readonly signal?: AbortSignal;
  /** Receives the key of every row written and read (in completion order). */
  readonly onSample?: (sample: KeySample) => void;
  /** Called after every completed request. */
  readonly onProgress?: (progress: LoadProgress) => void;
}

/** The result of a load run. */
export interface LoadSummary {
  readonly table: string;
  /** Rows written (each one put mutation, one `writeRequestsCount` in HBase). */
  readonly writes: number;
  /** Rows the run was bounded to write. */
  readonly plannedWrites: number;
  /** Read queries completed. */
  readonly readQueries: number;
  /** Rows the reads returned (HBase's `readRequestsCount` counts one per row). */
  readonly rowsRead: number;
  /** Failed requests (after the client's retries). */
  readonly errors: number;
  /** Rows of failed put requests. */
  readonly failedWrites: number;
  /** The first few error messages. */
  readonly errorMessages: readonly string[];
  /** Wall time from start to the last request's end, ms. */
  readonly elapsedMs: number;
  /** Rows written and read queries per second over `elapsedMs`. */
  readonly opsPerSec: number;
  /** Rows written per second over `elapsedMs`. */
  readonly writesPerSec: number;
  /** Latency of put requests (one per batch). */
  readonly writeLatency: LatencySummary;
  /** Latency of read queries. */
  readonly readLatency: LatencySummary;
  /** True when the run was ended by its signal. */
  readonly stopped: boolean;
}
