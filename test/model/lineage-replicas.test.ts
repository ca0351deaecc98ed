import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type RegionLoad, matchLineage } from '../../src/model/index.js';

const enc = new TextEncoder();
/** A region of table `t` with HBase's full name, built from its definition: MD5 hex of `t,start,id[_RRRR]` as the tail. */
function region(start: string, end: string, regionId: number, replicaId: number): RegionLoad {
  const prefix = `t,${start},${regionId}${replicaId > 0 ? `_${replicaId.toString(16).toUpperCase().padStart(4, '0')}` : ''}`;
  const encodedName = createHash('md5').update(prefix).digest('hex');
  return { name: `${prefix}.${encodedName}.`, encodedName, startKey: enc.encode(start), endKey: enc.encode(end), server: 'rs1,16020,1', readRequests: 0, writeRequests: 0, requests: 0, storeSizeBytes: 0 };
}
const names = (rs: readonly RegionLoad[] | undefined) => (rs ?? []).map((r) => r.name.slice(0, r.name.indexOf('.')));

describe('matchLineage with read replicas', () => {
  it('splits each replica of the parent into the same replica of the daughters', () => {
    const parent = region('f', 'g', 10, 0);
    const parentReplica = region('f', 'g', 10, 1);
    const daughters = [region('f', 'fm', 20, 0), region('f', 'fm', 20, 1), region('fm', 'g', 20, 0), region('fm', 'g', 20, 1)];
    const lineage = matchLineage([parent, parentReplica], daughters);
    expect(names(lineage.splits.get(parent))).toEqual(['t,f,20', 't,fm,20']);
    expect(names(lineage.splits.get(parentReplica))).toEqual(['t,f,20_0001', 't,fm,20_0001']);
    expect(lineage.appeared).toEqual([]);
    expect(lineage.gone).toEqual([]);
  });

  it('merges each replica of the parents into the same replica of the merged region', () => {
    const parents = [region('f', 'g', 10, 0), region('f', 'g', 10, 1), region('g', 'h', 11, 0), region('g', 'h', 11, 1)];
    const merged = region('f', 'h', 30, 0);
    const mergedReplica = region('f', 'h', 30, 1);
    const lineage = matchLineage(parents, [merged, mergedReplica]);
    expect(names(lineage.merges.get(merged))).toEqual(['t,f,10', 't,g,11']);
    expect(names(lineage.merges.get(mergedReplica))).toEqual(['t,f,10_0001', 't,g,11_0001']);
    expect(lineage.appeared).toEqual([]);
    expect(lineage.gone).toEqual([]);
  });

  it('leaves a parent replica gone when the daughters have no replicas yet', () => {
    const parent = region('f', 'g', 10, 0);
    const parentReplica = region('f', 'g', 10, 1);
    const lineage = matchLineage([parent, parentReplica], [region('f', 'fm', 20, 0), region('fm', 'g', 20, 0)]);
    expect(names(lineage.splits.get(parent))).toEqual(['t,f,20', 't,fm,20']);
    expect(lineage.splits.has(parentReplica)).toBe(false);
    expect(names(lineage.gone)).toEqual(['t,f,10_0001']);
  });
});
