import { describe, expect, it } from 'vitest';
import { utf8Bytes } from '../../src/bytes/index.js';
import { runBalancer } from '../../src/simulate/balancer.js';
import { SimCluster } from '../../src/simulate/cluster.js';
import { createRng } from '../../src/simulate/rng.js';

const T0 = Date.UTC(2024, 5, 1);
const splits = (n: number) => Array.from({ length: n - 1 }, (_, i) => utf8Bytes(String(i + 1).padStart(3, '0')));

describe('region-count balancer (StochasticLoadBalancer with default weights)', () => {
  it('gives two joining servers regions until every server holds 2 or 3 of 30', () => {
    const cluster = new SimCluster('t', splits(30), 10, T0);
    expect(cluster.regionCounts()).toEqual(Array(10).fill(3)); // round-robin at creation
    cluster.addServer(T0 + 1000);
    cluster.addServer(T0 + 1000);
    runBalancer('region-count', cluster, T0 + 2000, createRng(1));
    const counts = cluster.regionCounts();
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    // 30 / 12 = 2.5: floor 2, ceil 3; the new servers get 2 or 3 each, so 4 to 6 moves
    for (const c of counts) expect([2, 3]).toContain(c);
    expect(cluster.moves.length).toBeGreaterThanOrEqual(4);
    expect(cluster.moves.length).toBeLessThanOrEqual(6);
    for (const m of cluster.moves) expect(m.to).toMatch(/^rs1[12]\.example\.com,16020,/);
  });

  it('ignores traffic, and a move restarts the region\'s counters as reopening in HBase does', () => {
    const cluster = new SimCluster('t', splits(4), 2, T0);
    const hot = cluster.regions[0];
    if (!hot) throw new Error('no region');
    hot.writeRequests = 1000;
    hot.recentRequests = 1000;
    runBalancer('region-count', cluster, T0 + 1000, createRng(1));
    expect(cluster.moves).toHaveLength(0); // 2 and 2: already even by count
    cluster.move(0, 1, T0 + 2000);
    expect(hot.writeRequests).toBe(0);
    expect(hot.server).toBe(1);
  });
});

describe('request-aware balancer', () => {
  it('moves a busy region off the busiest server when that evens the load, then evens the counts', () => {
    // regions 0 and 2 on server 0, 1 and 3 on server 1 (round-robin); both busy regions on server 0 after a move
    const cluster = new SimCluster('t', splits(4), 2, T0);
    cluster.move(1, 0, T0);
    cluster.addServer(T0);
    const loads = [600, 0, 400, 10];
    cluster.regions.forEach((r, i) => (r.recentRequests = loads[i] ?? 0));
    runBalancer('request-aware', cluster, T0 + 1000, createRng(1));
    const byServer = cluster.servers.map((_, s) => cluster.regions.filter((r) => r.server === s).length);
    expect(byServer.reduce((a, b) => a + b, 0)).toBe(4);
    // the 600 and 400 regions end on different servers
    expect(cluster.regions[0]?.server).not.toBe(cluster.regions[2]?.server);
    expect(Math.max(...byServer) - Math.min(...byServer)).toBeLessThanOrEqual(1);
    for (const r of cluster.regions) expect(r.recentRequests).toBe(0); // a new window starts
  });
});
