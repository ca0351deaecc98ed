/**
 * What one query of each read pattern costs under a design, on the table as it stands at the end of the run: the
 * scans the client issues (from the scan planner, `src/keys/scan/`), the regions they touch, the RPCs and the rows
 * the RegionServers read.
 *
 * - `time-range` / `latest` for one entity: the planner's scans for `{entity}` (and the time range). When the key
 *   leads with the entity (or a salt of it), the scan reads just that entity's rows; when something else leads (a
 *   timestamp), the scan reads every entity's rows in range and a filter drops the others.
 * - `latest` N: a scan with a limit when the key's time part descends (`reverseTs`), otherwise a reversed scan
 *   (`Scan.setReversed(true)`); when the entity does not lead, about N × (entities) rows are read before N of the
 *   entity's turn up (uniform popularity assumed).
 * - `get`, `increment` and `delete`: one row, one region, one RPC.
 * - a pattern's `knows` fields join the entity in what the planner knows (values of the entity's newest row).
 *
 * RPCs: one per region a scan touches, plus one per 2 MiB of rows returned beyond the first (HBase's
 * `hbase.client.scanner.max.result.size`, 2 MiB by default, caps what one scanner RPC returns).
 *
 * @module
 */
import { compareBytes } from '../bytes/index.js';
import { planScans } from '../keys/scan/index.js';
import type { PlannedScan } from '../keys/scan/index.js';
import type { SimCluster } from './cluster.js';
import type { PreparedDesign } from './design.js';
import { entityIdFormatter, idsNeverHold } from './entities.js';
import { recordBuilder } from './fields.js';
import { rowsPerQuery } from './reads.js';
import type { ReadPatternSpec, Scenario } from './scenario/types.js';

/** HBase's default `hbase.client.scanner.max.result.size`, bytes. */
export const SCANNER_MAX_RESULT_BYTES = 2 * 1024 * 1024;

/** The cost of one query of one read pattern under one design. */
export interface ReadCost {
  /** The pattern's name, e.g. `last 24 hours of one device`. */
  readonly pattern: string;
  readonly kind: ReadPatternSpec['kind'];
  /** Scans (or gets) the client issues: 1, or one per salt bucket when the salt cannot be computed. */
  readonly scans: number;
  /** Distinct regions the query touches. */
  readonly regions: number;
  /** Client RPCs to RegionServers. */
  readonly rpcs: number;
  /** Rows the RegionServers read. */
  readonly rowsScanned: number;
  /** Rows returned to the client. */
  readonly rowsReturned: number;
  /** True when the scans read only the wanted rows (no filter needed). */
  readonly exact: boolean;
  /** Why the query reads more than it returns, when it does. */
  readonly notes: readonly string[];
}

function regionsOf(cluster: SimCluster, scan: PlannedScan): number[] {
  const first = cluster.locate(scan.startRow);
  const last = scan.stopRow.length === 0 ? cluster.regions.length - 1 : cluster.locate(scan.stopRow);
  const out: number[] = [];
  for (let r = first; r <= last; r++) {
    // a stop row equal to a region's start key does not read that region
    if (r > first && compareBytes(cluster.regions[r]?.startKey ?? new Uint8Array(0), scan.stopRow) === 0) continue;
    out.push(r);
  }
  return out;
}

function rowsIn(cluster: SimCluster, scan: PlannedScan, regions: readonly number[]): number {
  return regions.reduce((n, r) => n + (cluster.regions[r]?.sketch.weightIn(scan.startRow, scan.stopRow) ?? 0), 0);
}

/**
 * Read costs of every read pattern of the scenario under `design`, for an entity of average popularity at the end
 * of the run.
 * @throws HotspotError from the scan planner or template when a pattern's fields do not fit the template.
 */
export function readCosts(scenario: Scenario, design: PreparedDesign, cluster: SimCluster, endMs: number): ReadCost[] {
  const { workload, table } = scenario;
  const entity = entityIdFormatter(workload.entities.idFormat)(Math.floor(workload.entities.count / 2));
  const newest = recordBuilder(workload, scenario.startMs, 1)(entity, endMs);
  // the entity, and the fields the pattern names as known, with their values in the entity's newest row
  const knownRecord = (knows: readonly string[] = []) =>
    Object.fromEntries([workload.entities.field, ...knows].map((f) => [f, newest[f] ?? entity] as const));
  const rpcsFor = (regions: number, rows: number) => regions + Math.max(0, Math.ceil((rows * table.rowSizeBytes) / SCANNER_MAX_RESULT_BYTES) - 1);
  return workload.reads.map((pattern): ReadCost => {
    const base = { pattern: pattern.name, kind: pattern.kind };
    if (pattern.kind === 'get' || pattern.kind === 'increment' || pattern.kind === 'delete') {
      return { ...base, scans: 1, regions: 1, rpcs: 1, rowsScanned: 1, rowsReturned: 1, exact: true, notes: [] };
    }
    const wanted = rowsPerQuery(pattern, workload);
    const timeRange = pattern.kind === 'time-range' ? { fromMs: endMs - (pattern.rangeMs ?? 0), toMs: endMs } : undefined;
    // the simulator writes every entity id itself: no caveat for a delimiter no id holds
    const neverHolds = (field: string, delimiter: string) => field === workload.entities.field && idsNeverHold(workload.entities.idFormat, delimiter);
    const plan = planScans(design.template, knownRecord(pattern.knows), timeRange ? { timeRange, neverHolds } : { neverHolds });
    const notes = [...plan.notes];
    let regions = 0;
    let scanned = 0;
    for (const scan of plan.scans) {
      const touched = regionsOf(cluster, scan);
      if (pattern.kind === 'latest') {
        // a limited scan stops in the first region that holds the entity's newest rows
        regions += plan.exact ? 1 : Math.max(1, touched.length > 0 ? 1 : 0);
        scanned += plan.exact ? wanted : Math.min(rowsIn(cluster, scan, touched), wanted * workload.entities.count);
      } else {
        regions += touched.length;
        scanned += plan.exact ? wanted / plan.scans.length : rowsIn(cluster, scan, touched);
      }
    }
    if (!plan.exact && pattern.kind === 'latest') notes.push(`the entity does not lead the key: its newest ${wanted} lie among the rows of all ${workload.entities.count} entities: about ${wanted} × ${workload.entities.count} = ${Math.round(wanted * workload.entities.count)} rows are read to find them`);
    const rowsScanned = Math.max(wanted, Math.round(scanned));
    return { ...base, scans: plan.scans.length, regions, rpcs: rpcsFor(regions, wanted), rowsScanned, rowsReturned: Math.round(wanted), exact: plan.exact, notes };
  });
}
