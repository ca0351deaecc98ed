import { describe, expect, expectTypeOf, it } from 'vitest';
import * as lib from '../src/index.js';
import type { Finding, LintFinding, RegionLoad, RestRegionLoad } from '../src/index.js';

describe('library entry', () => {
  it('exports each finished layer once', () => {
    const names = [
      'HotspotError', 'parseDurationMs', 'parseSizeBytes', // util
      'toStringBinary', 'javaStringHashCode', // bytes
      'compileTemplate', 'explainTemplate', 'createFunctionRegistry', 'phoenixSaltByte', 'planScans', // keys
      'RegionMap', 'regionName', 'parseRegionName', 'checkTableName', 'computeSplits', // regions
      'computeRates', 'parseLoadSeries', 'formatSeries', 'SeriesWriter', 'focusTable', 'readLoadSeriesFile', // model
      'detectHotspots', // analysis
      'lintSubject', 'ruleByCode', 'suggestDesigns', // lint
      'createRestSource', 'parseListRegions', 'runLoad', 'createRestClient', 'RestError', 'runShellCommands', 'createTableCommand', 'createThrift2Client', 'ThriftError', // adapters
      'encodeCellSetProtobuf', 'decodeEncodedRows', // REST protobuf bodies
      'simulateScenario', 'planFix', 'compareSides', 'createShardedCounter', // simulate, fix, client
      'runBackfill', 'verifyMigration', 'planMigration', 'DualWriter', 'planPartitions', 'planTtl', // migrate
      'buildView', 'renderTop', 'seriesReport', 'KeyRedactor', // views
    ];
    for (const name of names) expect(typeof (lib as Record<string, unknown>)[name], name).toBe('function');
    expect(lib.META_ENCODED_NAME).toBe('1588230740');
    expect(lib.RULES.length).toBeGreaterThan(0);
  });

  it('picks the regions layer checkTableName (TABLE_NAME_INVALID)', () => {
    expect(() => lib.checkTableName('bad table')).toThrow(expect.objectContaining({ code: 'TABLE_NAME_INVALID' }));
  });

  it('renames the clashing types: model RegionLoad vs RestRegionLoad, detect Finding vs LintFinding', () => {
    expectTypeOf<RegionLoad>().toHaveProperty('storeSizeBytes');
    expectTypeOf<RestRegionLoad>().toHaveProperty('storefileSizeMB');
    expectTypeOf<LintFinding>().toHaveProperty('severity');
    expectTypeOf<Finding>().toHaveProperty('kind');
  });
});
