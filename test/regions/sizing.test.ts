import { describe, expect, it } from 'vitest';
import { initialRegionCount } from '../../src/regions/sizing.js';

const TB = 1024 ** 4;
const GB = 1024 ** 3;

describe('initialRegionCount', () => {
  it("uses servers x regions per server (the playbook's 10 x 20 = 200) when no data volume is given", () => {
    const s = initialRegionCount({ regionServers: 10, regionsPerServer: 20 });
    expect([s.regions, s.byServers, s.byData, s.winner]).toEqual([200, 200, undefined, 'servers']);
    expect(s.explanation).toBe('200 regions from 10 RegionServers x 20 regions each = 200 (no data volume given)');
  });

  it('lets the data volume win when it needs more regions: 4 TB / 10 GB = 409.6 -> 410 > 200', () => {
    const s = initialRegionCount({ regionServers: 10, dataBytes: 4 * TB });
    expect([s.regions, s.byData, s.winner]).toEqual([410, 410, 'data']);
    expect(s.explanation).toBe('410 regions: data volume wins (4 TB / 10 GB per region = 410 > 10 RegionServers x 20 regions each = 200)');
    expect(s.warnings).toEqual([]);
  });

  it('lets the server spread win when the data is small: 500 GB / 20 GB = 25 < 10 x 30 = 300', () => {
    const s = initialRegionCount({ regionServers: 10, regionsPerServer: 30, dataBytes: 500 * GB, regionSizeBytes: 20 * GB });
    expect([s.regions, s.byData, s.winner]).toEqual([300, 25, 'servers']);
  });

  it('warns outside the usual ranges and never returns fewer than 2 regions', () => {
    const s = initialRegionCount({ regionServers: 1, regionsPerServer: 1, regionSizeBytes: 1 * GB, dataBytes: 1 });
    expect(s.regions).toBe(2);
    expect(s.warnings).toEqual(['1 regions per RegionServer is outside the usual 10 to 30', 'a 1 GB region size is outside the usual 10 to 20 GB']);
    expect(initialRegionCount({ regionServers: 1, dataBytes: 3000 * GB }).warnings[0]).toMatch(/300 regions per RegionServer is a lot/);
  });

  it('refuses non-positive or fractional counts and sizes, naming the option', () => {
    expect(() => initialRegionCount({ regionServers: 0 })).toThrow(/--servers 0: give a positive whole number/);
    expect(() => initialRegionCount({ regionServers: 2.5 })).toThrow(expect.objectContaining({ code: 'SIZING_INVALID' }));
    expect(() => initialRegionCount({ regionServers: 3, regionsPerServer: -1 })).toThrow(/--regions-per-server/);
    expect(() => initialRegionCount({ regionServers: 3, regionSizeBytes: 0 })).toThrow(/--region-size/);
    expect(() => initialRegionCount({ regionServers: 3, dataBytes: Number.NaN })).toThrow(/--data-bytes/);
  });
});
