/**
 * The catalogue of hotspot shapes and findings: one table the CLI, the JSON output, the report and the docs derive
 * their names and explanations from.
 *
 * @module
 */

/** The three shapes that cover most production hotspots. */
export type ShapeId = 'single-row' | 'hot-range' | 'monotonic-tail';

/** Other problems an expert names beside the shape of a hot region. */
export type FindingKind = 'region-hotspot' | 'server-hotspot' | 'co-location' | 'unsplit-table' | 'lumpy-presplit' | 'scan-amplification';

/** One catalogue entry. */
export interface CatalogueEntry<Id extends string> {
  readonly id: Id;
  /** Short title for terminal output. */
  readonly title: string;
  /** What it is, one sentence. */
  readonly meaning: string;
  /** What fixes it, one sentence. */
  readonly fix: string;
}

/** Hotspot shapes, in the order they are explained. */
export const SHAPES: readonly CatalogueEntry<ShapeId>[] = [
  {
    id: 'single-row',
    title: 'single hot row',
    meaning: 'one rowkey (a global counter, a popular item) takes most of a region\'s requests; a row is never split',
    fix: 'cache or coalesce reads, use region replicas for stale-tolerant reads, shard a written row into N rows summed on read',
  },
  {
    id: 'hot-range',
    title: 'hot key range',
    meaning: 'many keys of one range (a big tenant\'s prefix) are busy, so the region holding them is',
    fix: 'split at the traffic median of sampled keys (not the byte midpoint) and place the daughters on different servers',
  },
  {
    id: 'monotonic-tail',
    title: 'monotonic tail',
    meaning: 'keys start with a time or sequence, so every new write lands at the end of the written key range, in whichever region holds it',
    fix: 'change the key: a salt bucket or hash prefix before the time; splitting only moves the tail to the new daughter',
  },
];

/** Findings beside the shape. */
export const FINDINGS: readonly CatalogueEntry<FindingKind>[] = [
  {
    id: 'region-hotspot',
    title: 'region hotspot',
    meaning: 'a region takes more than k × the average of the table\'s other regions now: it caps the table at one region\'s throughput, even when placement keeps the RegionServers even',
    fix: 'the shape\'s fix: split a hot range at its traffic median, shard or cache a hot row, re-key a tail',
  },
  {
    id: 'server-hotspot',
    title: 'RegionServer hotspot',
    meaning: 'a RegionServer takes more than k × the average of the other servers hosting the table now',
    fix: 'fix its hot regions; when none of them is hot by itself, see co-location',
  },
  {
    id: 'co-location',
    title: 'co-located regions',
    meaning: 'a RegionServer is hot though none of its regions is: placement, not the key',
    fix: 'move or swap regions off the server to the least loaded ones, keeping region counts even (or let a request-aware balancer do it); hot regions stacked on one server are spread the same way',
  },
  {
    id: 'unsplit-table',
    title: 'unsplit table',
    meaning: 'the table has one region, so one RegionServer takes all of its requests',
    fix: 'pre-split the table on the key\'s real distribution',
  },
  {
    id: 'lumpy-presplit',
    title: 'lumpy pre-split',
    meaning: 'some pre-split regions are never written (no rows, no writes) beside overloaded ones: the split points do not match where the key falls',
    fix: 'choose split points from the key format (salt buckets, decimal or hex as the key really is) or from sampled keys',
  },
  {
    id: 'scan-amplification',
    title: 'scan amplification',
    meaning: 'reads land on every region in proportion to its rows, not to key popularity: scans read rows a filter then drops (the key does not lead with what the reads select on)',
    fix: 'make the read pattern a bounded scan: put the field it selects on (the device, the user) before the time in the key, or keep an index table keyed that way; splitting or moving regions only spreads the same rows read',
  },
];

/** Catalogue entry of a shape. */
export function shapeEntry(id: ShapeId): CatalogueEntry<ShapeId> {
  return SHAPES.find((s) => s.id === id) as CatalogueEntry<ShapeId>;
}

/** Catalogue entry of a finding. */
export function findingEntry(id: FindingKind): CatalogueEntry<FindingKind> {
  return FINDINGS.find((s) => s.id === id) as CatalogueEntry<FindingKind>;
}
