import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as lib from '../src/index.js';
import type { DetectResult, Finding, KeySample, LintFinding, LoadSeries, RegionLoad, Runbook, Scenario } from '../src/index.js';
import * as rest from '../src/hbase/rest/index.js';
import * as shell from '../src/hbase/shell/index.js';
import * as thrift2 from '../src/hbase/thrift2/index.js';
import * as load from '../src/load/index.js';
import * as migrate from '../src/migrate/index.js';
import * as sources from '../src/sources/index.js';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, string | { types: string; import: string }>; bin: Record<string, string>; files: string[]; scripts: Record<string, string> };

describe('library root entry', () => {
  it("keeps the library's main functions", () => {
    const names = [
      'HotspotError', 'parseDurationMs', 'parseSizeBytes', // util
      'toStringBinary', 'toBytesBinary', 'javaStringHashCode', // bytes
      'compileTemplate', 'explainTemplate', 'createFunctionRegistry', 'phoenixSaltByte', 'planScans', // keys
      'RegionMap', 'regionName', 'parseRegionName', 'checkTableName', 'isLegalTableName', 'computeSplits', // regions
      'computeRates', 'parseLoadSeries', 'formatLoadSeries', 'LoadSeriesWriter', 'readLoadSeriesFile', // load series
      'formatSeries', 'SeriesWriter', 'focusTable', // load series version 2 and several tables
      'parseKeySamples', 'parseKeySample', 'formatKeySampleLine', 'KeySampleWriter', 'readKeySamplesFile', // key samples
      'detectHotspots', // analysis
      'parseScenario', 'simulateScenario', // simulate
      'lintSubject', 'ruleByCode', 'suggestDesigns', // lint
      'planFix', 'renderRunbookText', 'parseRunbook', 'applyRunbook', 'balancerWhatIf', 'compareSides', // fix
      'createShardedCounter', 'createCoalescer', 'createKeyReservoir', // client helpers
      'seriesReport', 'scenarioReport', 'compareReport', 'KeyRedactor', // views
    ];
    for (const name of names) expect(typeof (lib as Record<string, unknown>)[name], name).toBe('function');
    expect(lib.DEFAULT_MULTIPLIERS).toMatchObject({ regionCountCost: 500, readRequestCost: 5, writeRequestCost: 5 }); // HBase 2.6's StochasticLoadBalancer defaults
    expect(lib.META_ENCODED_NAME).toBe('1588230740');
    expect(lib.RULES.length).toBeGreaterThan(0);
  });

  it('leaves out internals and moves the adapters to their subpaths', () => {
    const root = lib as Record<string, unknown>;
    for (const name of ['intArg', 'stringArg', 'textArg', 'ulp', 'scale', 'KeyBuffer', 'formatSnapshotLine', 'emptySubject', 'buildView', 'renderTop']) expect(root[name], name).toBeUndefined();
    for (const name of ['createRestClient', 'RestError', 'createThrift2Client', 'runShellCommands', 'createRestSource', 'parseListRegions', 'runLoad', 'runBackfill', 'DualWriter']) expect(root[name], name).toBeUndefined();
    expect([typeof rest.createRestClient, typeof rest.RestError, typeof rest.ScannerLostError, typeof rest.encodeCellSetProtobuf, typeof rest.decodeEncodedRows]).toEqual(['function', 'function', 'function', 'function', 'function']);
    expect([typeof thrift2.createThrift2Client, typeof thrift2.ThriftError]).toEqual(['function', 'function']);
    expect([typeof shell.runShellCommands, typeof shell.createTableCommand]).toEqual(['function', 'function']);
    expect([typeof sources.createRestSource, typeof sources.createJmxSource, typeof sources.collectSeries, typeof sources.parseListRegions, typeof sources.parseStatusDetailed]).toEqual(Array(5).fill('function'));
    expect(typeof load.runLoad).toBe('function');
    expect([typeof migrate.runBackfill, typeof migrate.verifyMigration, typeof migrate.planMigration, typeof migrate.DualWriter, typeof migrate.planPartitions, typeof migrate.planTtl]).toEqual(Array(6).fill('function'));
  });

  it('picks the regions layer checkTableName (TABLE_NAME_INVALID)', () => {
    expect(() => lib.checkTableName('bad table')).toThrow(expect.objectContaining({ code: 'TABLE_NAME_INVALID' }));
  });

  it('names the model RegionLoad and the detect Finding; the lint finding is LintFinding, the REST row in ./rest', () => {
    expectTypeOf<RegionLoad>().toHaveProperty('storeSizeBytes');
    expectTypeOf<rest.RegionLoad>().toHaveProperty('storefileSizeMB');
    expectTypeOf<LintFinding>().toHaveProperty('severity');
    expectTypeOf<Finding>().toHaveProperty('kind');
    expectTypeOf<LoadSeries>().toHaveProperty('snapshots');
    expectTypeOf<KeySample>().toHaveProperty('key');
    expectTypeOf<DetectResult>().toHaveProperty('shape');
    expectTypeOf<Scenario>().toHaveProperty('designs');
    expectTypeOf<Runbook>().toHaveProperty('steps');
  });
});

describe('package.json', () => {
  it('maps every export to a built file of an existing source module, keeping the dist/src layout and the bin', () => {
    const subpaths = Object.keys(pkg.exports);
    expect(subpaths).toEqual(['.', './rest', './thrift2', './shell', './sources', './load', './migrate', './package.json']);
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string') continue;
      expect(target.import, subpath).toMatch(/^\.\/dist\/src\/.+\.js$/);
      expect(target.types, subpath).toBe(target.import.replace(/\.js$/, '.d.ts'));
      const source = target.import.replace(/^\.\/dist\//, '../').replace(/\.js$/, '.ts');
      expect(existsSync(new URL(source, import.meta.url)), `${subpath} -> ${source}`).toBe(true);
    }
    expect(pkg.bin['hbase-hotspot']).toBe('./dist/src/cli/main.js');
    expect(pkg.files).toEqual(expect.arrayContaining(['dist/src', 'docs', 'examples', 'README.md', 'LICENSE']));
    expect(pkg.scripts.prepare).toBe('npm run build'); // a git install builds dist/
  });

  it('ships the LICENSE it names (Apache-2.0, the full text)', () => {
    const license = readFileSync(new URL('../LICENSE', import.meta.url), 'utf8');
    expect(license).toContain('Apache License\n                           Version 2.0, January 2004');
    expect(license).toContain('TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION');
    expect(license).toContain('END OF TERMS AND CONDITIONS');
    expect(license).toContain('APPENDIX: How to apply the Apache License to your work.');
  });

  it('has no source comment pointing at a file that does not exist', () => {
    const entry = readFileSync(new URL('../src/index.ts', import.meta.url), 'utf8');
    expect(entry).not.toContain('DESIGN.md');
  });
});
