/**
 * The incident catalogue (test/fixtures/incidents/): real hotspot incidents from public sources, each reproduced by a
 * generator script that imports nothing from src/, with the verdict the incident calls for derived by that script.
 * Each is run through detection and the fix planner and checked for shape, the region named hot now, its share, the
 * runbook's direction and the findings, as an exact set: every finding the incident calls for and no other, so a false
 * finding fails as a missing one does. An incident of a family not yet fixed is an expected failure (`it.fails`) named
 * by its family, and flips when the family lands.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detectHotspots, detectTables, isTablesResult, unambiguousTable } from '../../src/analysis/detect/index.js';
import { clusterFromSeries } from '../../src/fix/balancer/index.js';
import { planFix, type Runbook } from '../../src/fix/plan/index.js';
import { focusTable, type LoadSeries, parseKeySamples, parseLoadSeries } from '../../src/model/index.js';
import { parseAccess, parseFieldTypes } from '../../src/lint/access.js';
import { keyDesign } from '../../src/lint/key-design.js';
import { mergeSubjects, readInput } from '../../src/lint/load.js';
import { lintSubject } from '../../src/lint/run.js';

const DIR = fileURLToPath(new URL('../fixtures/incidents/', import.meta.url));

/** What the runbook must do, by direction. */
type Direction = 'rekey' | 'split' | 'row-fix' | 'nothing' | 'move' | 'pre-split' | 're-split' | 'swap' | 'range-no-samples';

interface Expected {
  readonly id: string;
  readonly family: string;
  readonly source: { readonly url: string; readonly title: string };
  readonly incident: string;
  readonly expected: {
    readonly shape: string;
    readonly hotRegionStartKey: string | null;
    readonly hotServer: string | null;
    readonly share: number | null;
    readonly shareTolerance: number;
    readonly runbook: Direction;
    /** Every finding kind detect must give, and the only ones: the set is compared exactly. */
    readonly findings: readonly string[];
    readonly row?: string;
    /**
     * For a series of several tables whose hotspot is one table's own: that table (its key samples are its own, as
     * `--table T --samples` takes them), and the tables that must show no hotspot.
     */
    readonly table?: string;
    readonly evenTables?: readonly string[];
    /**
     * The split points the incident allows, as text: every split step of the runbook must split at one of them (a
     * key whose next part is a time bucket is split only between its leading parts, or the next bucket's rows all
     * land in one daughter).
     */
    readonly splitKeys?: readonly string[];
  };
  /** Set while the incident's family is not fixed: the family's name. */
  readonly expectedFailure?: string;
}

const kinds = (book: Runbook) => book.steps.map((s) => s.kind);
const refused = (book: Runbook, action: string) => book.refused.some((r) => r.action === action);

function checkDirection(book: Runbook, direction: Direction): void {
  switch (direction) {
    case 'rekey':
      expect(refused(book, 'split'), 'a tail is never split').toBe(true);
      expect(book.steps.some((s) => /salt/i.test(s.title) || /Migrate/.test(s.title)), 'a new key, migrated').toBe(true);
      break;
    case 'row-fix':
      expect(refused(book, 'split'), 'a row is never split').toBe(true);
      expect(book.steps.some((s) => ['advice', 'replicas'].includes(s.kind)), 'shard, cache or replicas').toBe(true);
      break;
    case 'split':
      expect(kinds(book)).toContain('split');
      break;
    case 'move':
      expect(kinds(book)).toContain('move');
      break;
    case 'pre-split':
      expect(book.steps.some((s) => /pre-split/i.test(s.title)), 'a pre-split step').toBe(true);
      break;
    case 're-split':
      expect(book.steps.some((s) => /re-split|merge|salt/i.test(s.title)), 'a re-split, merges or a salted key').toBe(true);
      break;
    case 'swap': {
      // a swap is two moves of regions that exist now (named, not a daughter found after a split), the balancer off first
      const moves = book.steps.filter((s) => s.kind === 'move' && !s.deferredMove);
      expect(moves.length, 'two moves per swap').toBeGreaterThanOrEqual(2);
      expect(kinds(book).indexOf('balancer-off'), 'balancer off before the moves').toBeLessThan(book.steps.indexOf(moves[0]!));
      break;
    }
    case 'range-no-samples':
      // the region is the hotspot by itself: moving it only relocates it, so the range runbook without samples
      expect(refused(book, 'split'), 'no traffic-median split without samples').toBe(true);
      expect(refused(book, 'move'), 'the hot region itself is not moved').toBe(true);
      expect(kinds(book), 'no move').not.toContain('move');
      expect(book.steps.some((s) => s.title.startsWith('Fallback, with its risk')), 'the labelled size-midpoint fallback').toBe(true);
      expect(book.steps.some((s) => s.title.startsWith('Get key samples')), 'how to get key samples').toBe(true);
      break;
    case 'nothing':
      expect(book.steps).toEqual([]);
      break;
  }
}

/**
 * A series of several tables judged without --table: the headline is `table`'s detection, `fix plan` plans for it
 * alone, no server is hot by the sum of the tables (so no cluster finding), and each of `even` shows no hotspot and no
 * finding.
 */
function checkTableOfSeveral(series: LoadSeries, table: string, even: readonly string[]): void {
  const result = detectTables(series);
  if (!isTablesResult(result)) throw new Error(`${series.table}: not read as several tables`);
  expect(result.table, 'the headline table').toBe(table);
  expect(unambiguousTable(result), 'fix plan without --table plans for it').toBe(table);
  expect(result.cluster.findings.map((f) => f.kind), 'no cluster finding').toEqual([]);
  for (const name of even) {
    const t = result.tables.find((r) => r.table === name);
    expect([t?.shape, t?.regions.filter((r) => r.hot).length, t?.servers.filter((sv) => sv.hot).length, t?.findings.map((f) => f.kind)], `${name} alone`).toEqual(['none', 0, 0, []]);
  }
}

const files = existsSync(DIR) ? readdirSync(DIR).filter((f) => f.endsWith('.expected.json')).sort() : [];
const all = files.map((f) => JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Expected | DesignIncident);
const incidents = all.filter((e): e is Expected => !('lint' in e));
const designIncidents = all.filter((e): e is DesignIncident => 'lint' in e);

describe('incident catalogue', () => {
  it('holds the incidents, each cited and paraphrased, its files under 1 MB', () => {
    expect(incidents.length).toBeGreaterThan(0);
    for (const e of all) {
      expect(e.source.url, e.id).toMatch(/^https?:\/\/|^[A-Z]+-\d+$/);
      expect(e.incident.length, e.id).toBeGreaterThan(40);
      expect(existsSync(join(DIR, `${e.id}.mjs`)), `${e.id}: its generator`).toBe(true);
      const generator = readFileSync(join(DIR, `${e.id}.mjs`), 'utf8');
      expect(generator, `${e.id}: imports nothing from src/`).not.toMatch(/from ['"][^'"]*src\//);
      for (const suffix of ['series.ndjson', 'samples.ndjson']) {
        const path = join(DIR, `${e.id}.${suffix}`);
        if (existsSync(path)) expect(readFileSync(path).length, `${e.id}.${suffix}`).toBeLessThanOrEqual(1_000_000);
      }
    }
  });

  // incidents of several tables (expected.causeTable) run in several-tables.test.ts
  for (const e of incidents.filter((x) => !('causeTable' in x.expected))) {
    const test = e.expectedFailure ? it.fails : it;
    test(`${e.family}${e.expectedFailure ? ' (not fixed yet)' : ''}: ${e.id}`, () => {
      const seriesFile = join(DIR, `${e.id}.series.ndjson`);
      const samplesFile = join(DIR, `${e.id}.samples.ndjson`);
      const x = e.expected;
      const recorded = parseLoadSeries(readFileSync(seriesFile, 'utf8'), seriesFile);
      if (x.table !== undefined) checkTableOfSeveral(recorded, x.table, x.evenTables ?? []);
      const series = x.table === undefined ? recorded : focusTable(recorded, x.table);
      const samples = existsSync(samplesFile) ? parseKeySamples(readFileSync(samplesFile, 'utf8'), samplesFile) : undefined;
      const detect = detectHotspots(series, samples ? { samples } : {});
      expect(detect.shape, 'shape').toBe(x.shape);
      const named = detect.regions.find((r) => r.encodedName === detect.now.region);
      expect(named?.startKey ?? null, 'the region hot now').toBe(x.hotRegionStartKey);
      expect(detect.now.server, 'its server').toBe(x.hotServer);
      if (x.share !== null) expect(Math.abs(detect.now.regionShare - x.share), `share ${detect.now.regionShare} against ${x.share}`).toBeLessThanOrEqual(x.shareTolerance);
      // exactly: a finding detect gives that the incident does not call for is a false finding
      const found = [...new Set(detect.findings.map((f) => f.kind))].sort();
      expect(found, 'the findings, no more and no fewer').toEqual([...new Set(x.findings)].sort());
      if (x.row !== undefined) expect(detect.evidence.join('\n'), 'the row named').toContain(`"${x.row}"`);
      const book = planFix({ detect, placement: clusterFromSeries(series), ...(samples ? { samples } : {}) });
      checkDirection(book, x.runbook);
      if (x.splitKeys !== undefined) {
        for (const step of book.steps) {
          if (step.wait?.kind === 'daughters-online') expect(x.splitKeys, `step ${step.number} splits at "${step.wait.splitKey}"`).toContain(step.wait.splitKey);
        }
      }
    });
  }
});

// Design-time incidents (issue 15 family 9): nothing ran yet, so there is no load series; the table's creation script
// and the key design are run through lint, which must give the finding the incident calls for and the others recorded
// beside it with their reason, and no more: the codes and severities are compared as a set, exactly.

/** An incident judged at design time: lint inputs beside the generator, and the finding lint must give. */
interface DesignIncident {
  readonly id: string;
  readonly family: string;
  readonly source: { readonly url: string; readonly title: string };
  readonly incident: string;
  /** Lint inputs: files beside the generator, the key template, and `--fields` / `--access` / `--servers` as typed. */
  readonly lint: { readonly inputs: readonly string[]; readonly template: string; readonly fields?: string; readonly access?: string; readonly servers?: number };
  readonly expected: {
    readonly lint: {
      readonly code: string;
      readonly severity: string;
      readonly regions: number | null;
      readonly neverWritten: number | null;
      /** Every other finding lint gives the design (any severity), each with why it is true of the incident's design. */
      readonly others: readonly { readonly code: string; readonly severity: string; readonly why: string }[];
    };
  };
}

describe('incident catalogue: design-time', () => {
  for (const e of designIncidents) {
    it(`${e.family}: ${e.id}`, () => {
      for (const f of e.lint.inputs) expect(readFileSync(join(DIR, f)).length, f).toBeLessThanOrEqual(1_000_000);
      const inputs = e.lint.inputs.map((f) => readInput(join(DIR, f), (path) => readFileSync(path, 'utf8')));
      const key = keyDesign(e.lint.template, e.lint.access === undefined ? [] : parseAccess(e.lint.access), e.lint.fields === undefined ? undefined : parseFieldTypes(e.lint.fields));
      const workload = e.lint.servers === undefined ? {} : { servers: e.lint.servers };
      const findings = lintSubject(mergeSubjects([...inputs, { keys: [key], workload }]));
      const x = e.expected.lint;
      const found = findings.find((f) => f.code === x.code);
      expect(found, `${x.code} among ${findings.map((f) => f.code).join(', ')}`).toBeDefined();
      expect(found?.severity).toBe(x.severity);
      expect(found?.regions ?? null).toEqual(x.regions === null ? null : { total: x.regions, neverWritten: x.neverWritten });
      const pair = (f: { readonly code: string; readonly severity: string }) => `${f.code} ${f.severity}`;
      for (const o of x.others) expect(o.why.length, `${o.code}: why it is true`).toBeGreaterThan(20);
      expect([...new Set(findings.map(pair))].sort(), 'every lint finding, no more and no fewer').toEqual([x, ...x.others].map(pair).sort());
    });
  }
});
