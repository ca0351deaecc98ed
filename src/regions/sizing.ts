/**
 * How many regions to pre-split a table into: enough to spread it over every RegionServer (servers x target regions
 * per server, 10 to 30 is the usual range) and enough to keep each region near a target size (10 to 20 GB, around
 * `hbase.hregion.max.filesize`). The larger count wins, since both must hold.
 */
import { formatSizeBytes } from '../util/size.js';
import { HotspotError } from '../util/errors.js';

/** Inputs of {@link initialRegionCount}. */
export interface SizingInput {
  /** RegionServers that will host the table (>= 1). */
  readonly regionServers: number;
  /** Target regions per RegionServer; default 20 (usual range 10 to 30). */
  readonly regionsPerServer?: number;
  /** Expected data volume of the table, bytes (after compression, one replica); the data constraint is skipped without it. */
  readonly dataBytes?: number;
  /** Target region size, bytes; default 10 GB (10 * 2^30, HBase's default `hbase.hregion.max.filesize`). */
  readonly regionSizeBytes?: number;
}

/** Which constraint decided the count. */
export type SizingConstraint = 'servers' | 'data';

/** Result of {@link initialRegionCount}. */
export interface Sizing {
  /** Regions to pre-split into (>= 2). */
  readonly regions: number;
  /** regionServers x regionsPerServer. */
  readonly byServers: number;
  /** ceil(dataBytes / regionSizeBytes), when the data volume was given. */
  readonly byData: number | undefined;
  /** The constraint that gave the larger count (servers on a tie). */
  readonly winner: SizingConstraint;
  /** One sentence saying how the count was reached and which constraint won. */
  readonly explanation: string;
  /** Advice when an input is outside the usual ranges. */
  readonly warnings: string[];
}

/** Regions per RegionServer aimed at when pre-splitting without other constraints (the sizing guide's rule of thumb). */
export const DEFAULT_REGIONS_PER_SERVER = 20;
/** HBase's default `hbase.hregion.max.filesize`, bytes (10 GiB): a region splits once a store grows past it. */
export const DEFAULT_REGION_SIZE_BYTES = 10 * 1024 ** 3;
const GB = 1024 ** 3;

function positive(value: number, name: string, whole: boolean): void {
  if (!Number.isFinite(value) || value <= 0 || (whole && !Number.isInteger(value))) {
    throw new HotspotError('SIZING_INVALID', `${name} ${value}: give a positive ${whole ? 'whole ' : ''}number`, { field: name });
  }
}

/**
 * The initial region count for a pre-split.
 * @throws HotspotError `SIZING_INVALID` naming the input when a count or size is not positive (counts not whole).
 * @example initialRegionCount({ regionServers: 10, dataBytes: 4 * 1024 ** 4 }).regions // 410 (data wins over 200)
 */
export function initialRegionCount(input: SizingInput): Sizing {
  const perServer = input.regionsPerServer ?? DEFAULT_REGIONS_PER_SERVER;
  const regionSize = input.regionSizeBytes ?? DEFAULT_REGION_SIZE_BYTES;
  positive(input.regionServers, '--servers', true);
  positive(perServer, '--regions-per-server', true);
  positive(regionSize, '--region-size', false);
  if (input.dataBytes !== undefined) positive(input.dataBytes, '--data-bytes', false);
  const byServers = input.regionServers * perServer;
  const byData = input.dataBytes === undefined ? undefined : Math.ceil(input.dataBytes / regionSize);
  const winner: SizingConstraint = byData !== undefined && byData > byServers ? 'data' : 'servers';
  const regions = Math.max(2, winner === 'data' ? (byData as number) : byServers);
  const serversText = `${input.regionServers} RegionServers x ${perServer} regions each = ${byServers}`;
  const dataText = byData === undefined ? '' : `${formatSizeBytes(input.dataBytes as number)} / ${formatSizeBytes(regionSize)} per region = ${byData}`;
  const explanation =
    byData === undefined
      ? `${regions} regions from ${serversText} (no data volume given)`
      : winner === 'data'
        ? `${regions} regions: data volume wins (${dataText} > ${serversText})`
        : `${regions} regions: server spread wins (${serversText} >= ${dataText})`;
  const warnings: string[] = [];
  if (perServer < 10 || perServer > 30) warnings.push(`${perServer} regions per RegionServer is outside the usual 10 to 30`);
  if (regionSize < 10 * GB || regionSize > 20 * GB) warnings.push(`a ${formatSizeBytes(regionSize)} region size is outside the usual 10 to 20 GB`);
  if (regions / input.regionServers > 200) {
    warnings.push(`${Math.ceil(regions / input.regionServers)} regions per RegionServer is a lot (memstore and file handles); consider larger regions or more servers`);
  }
  return { regions, byServers, byData, winner, explanation, warnings };
}
