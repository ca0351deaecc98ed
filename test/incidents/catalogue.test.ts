/**
 * The incident catalogue (test/fixtures/incidents/): real hotspot incidents from public sources, each reproduced by a
 * generator script that imports nothing from src/, with the verdict the incident calls for derived by that script.
 * Each is run through detection and the fix planner and checked for shape, the region named hot now, its share, the
 * runbook's direction and the findings. An incident of a family not yet fixed is an expected failure (`it.fails`)
 * named by its family, and flips when the family lands.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { clusterFromSeries } from '../../src/fix/balancer/index.js';
import { planFix, type Runbook } from '../../src/fix/plan/index.js';
import { parseKeySamples, parseLoadSeries } from '../../src/model/index.js';

const DIR = fileURLToPath(new URL('../fixtures/incidents/', import.meta.url));

/** What the runbook must do, by direction. */
type Direction = 'rekey' | 'split' | 'row-fix' | 'nothing' | 'move' | 'pre-split' | 're-split' | 'swap';

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
    readonly findings: readonly string[];
    readonly row?: string;
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
    case 'nothing':
      expect(book.steps).toEqual([]);
      break;
  }
}

const files = existsSync(DIR) ? readdirSync(DIR).filter((f) => f.endsWith('.expected.json')).sort() : [];
const incidents = files.map((f) => JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Expected);

describe('incident catalogue', () => {
  it('holds the incidents, each cited and paraphrased, its files under 1 MB', () => {
    expect(incidents.length).toBeGreaterThan(0);
    for (const e of incidents) {
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
      const series = parseLoadSeries(readFileSync(seriesFile, 'utf8'), seriesFile);
      const samples = existsSync(samplesFile) ? parseKeySamples(readFileSync(samplesFile, 'utf8'), samplesFile) : undefined;
      const detect = detectHotspots(series, samples ? { samples } : {});
      const x = e.expected;
      expect(detect.shape, 'shape').toBe(x.shape);
      const named = detect.regions.find((r) => r.encodedName === detect.now.region);
      expect(named?.startKey ?? null, 'the region hot now').toBe(x.hotRegionStartKey);
      expect(detect.now.server, 'its server').toBe(x.hotServer);
      if (x.share !== null) expect(Math.abs(detect.now.regionShare - x.share), `share ${detect.now.regionShare} against ${x.share}`).toBeLessThanOrEqual(x.shareTolerance);
      for (const kind of x.findings) expect(detect.findings.map((f) => f.kind), 'findings').toContain(kind);
      if (x.row !== undefined) expect(detect.evidence.join('\n'), 'the row named').toContain(`"${x.row}"`);
      const book = planFix({ detect, placement: clusterFromSeries(series), ...(samples ? { samples } : {}) });
      checkDirection(book, x.runbook);
    });
  }
});
