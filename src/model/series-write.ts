/**
 * Writing a load series in either format version: version 1 (`series-format.ts`, one self-contained line per
 * snapshot, one table, request counters only) or version 2 (`series-v2-write.ts`, several tables, optional metrics,
 * each region stated once). Collectors and `simulate --record` write version 2; `series convert` both.
 *
 * @module
 */
import { HotspotError } from '../util/errors.js';
import { LoadSeriesWriter, formatLoadSeries } from './series-format.js';
import { SeriesV2Encoder, type SeriesV2Header, formatLoadSeriesV2 } from './series-v2-write.js';
import type { LoadSeries, LoadSnapshot } from './types.js';

/** A format version this library writes. */
export type SeriesVersion = 1 | 2;

/** The version collectors and recordings write. */
export const SERIES_WRITE_VERSION: SeriesVersion = 2;

/** @throws {@link HotspotError} `SERIES_V1_MULTI_TABLE` when `header` holds several tables (version 1 has one). */
function checkV1(header: Pick<LoadSeries, 'table' | 'tables'>): void {
  if (header.tables && header.tables.length > 1) {
    throw new HotspotError('SERIES_V1_MULTI_TABLE', `format version 1 holds one table and this series holds ${header.tables.length} (${header.tables.join(', ')}); write version 2, or keep one table (series convert --table T)`);
  }
}

/**
 * Renders a whole series as NDJSON text in `version`. Version 1 leaves out the optional metrics (it has no field for
 * them). @throws {@link HotspotError} `SERIES_V1_MULTI_TABLE` for version 1 of several tables; the writers' errors.
 */
export function formatSeries(series: LoadSeries, version: SeriesVersion): string {
  if (version === 2) return formatLoadSeriesV2(series);
  checkV1(series);
  return formatLoadSeries(series);
}

/**
 * Streaming writer in either version: the header at construction, then each snapshot's line(s) in one sink call, so
 * a file cut off at any moment is valid up to its last complete snapshot.
 * @throws {@link HotspotError} `SERIES_V1_MULTI_TABLE`; from `write`, `SERIES_TIME_ORDER`, `SERIES_TABLE_MISMATCH`,
 *   `SERIES_METRIC_UNDECLARED` (version 2).
 */
export class SeriesWriter {
  private readonly write1: LoadSeriesWriter | undefined;
  private readonly encoder: SeriesV2Encoder | undefined;

  constructor(header: SeriesV2Header, private readonly sink: (chunk: string) => void, readonly version: SeriesVersion = SERIES_WRITE_VERSION) {
    if (version === 1) {
      checkV1(header);
      this.write1 = new LoadSeriesWriter(header, sink);
    } else {
      this.encoder = new SeriesV2Encoder(header);
      sink(`${this.encoder.headerLine()}\n`);
    }
  }

  /** Appends one snapshot. */
  write(snapshot: LoadSnapshot): void {
    if (this.write1) this.write1.write(snapshot);
    else if (this.encoder) this.sink(this.encoder.lines(snapshot).map((l) => `${l}\n`).join(''));
  }
}
