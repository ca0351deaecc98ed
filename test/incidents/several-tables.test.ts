/**
 * The incident catalogue's incidents of several tables (test/fixtures/incidents/, `expected.causeTable` set): a small
 * busy table or hbase:meta beside an evenly spread big table. Each is detected without --table: the server named is
 * hot by the sum of the tables with the share the generator's model drew, the cluster finding names the table whose
 * regions caused it, the big table shows no hotspot or finding of its own, that table alone gives exactly the findings
 * the incident lists (`expected.findings`, no other), a one-table step is pointed at that table, and that
 * table's runbook moves its region (`move`), or, when the region alone is above k × the other servers, refuses the
 * move and spreads the region's own load (`spread`), or, when many regions of the table, none hot, are stacked on the
 * server, moves two or more of them off it with the balancer off first (`rebalance`), or, when the table's hot region is
 * a monotonic tail, refuses the split, changes the key and moves nothing, its cluster finding saying that moving the
 * tail only moves the hotspot (`rekey`). An incident of a family not yet
 * fixed (`expectedFailure`) runs as an expected failure, as in catalogue.test.ts.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detectHotspots, detectTables, isTablesResult, tableAdvice, unambiguousTable } from '../../src/analysis/detect/index.js';
import { planFix } from '../../src/fix/plan/index.js';
import { renderTablesText } from '../../src/report/detect-text.js';
import { focusTable, parseLoadSeries } from '../../src/model/index.js';

const DIR = fileURLToPath(new URL('../fixtures/incidents/', import.meta.url));

interface Expected {
  readonly id: string;
  readonly family: string;
  readonly expected: {
    readonly hotServer: string;
    /**
     * Every server hot by the sum of the tables, busiest first, when more than one is (each its own cluster finding
     * naming `causeTable`, each its region's move refused and its own load spread); absent: `hotServer` alone.
     */
    readonly hotServers?: readonly string[];
    readonly causeTable: string;
    readonly clusterFinding: string;
    readonly serverShare: number;
    readonly shareTolerance: number;
    readonly evenTables: readonly string[];
    /** Every finding kind `causeTable` alone gives, and the only ones. */
    readonly findings: readonly string[];
    readonly runbook: 'spread' | 'move' | 'rebalance' | 'rekey';
  };
  /** Set while the incident's family is not fixed: the family's name. */
  readonly expectedFailure?: string;
}

const incidents = readdirSync(DIR).filter((f) => f.endsWith('.expected.json')).sort()
  .map((f) => JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Expected & { expected: { causeTable?: string } })
  .filter((e) => e.expected.causeTable !== undefined);

describe('incident catalogue: several tables', () => {
  it('holds at least two incidents of the family', () => {
    expect(incidents.filter((e) => e.family === 'several-tables').length).toBeGreaterThanOrEqual(2);
  });

  for (const e of incidents) {
    const test = e.expectedFailure ? it.fails : it;
    test(`${e.family}${e.expectedFailure ? ' (not fixed yet)' : ''}: ${e.id}`, () => {
      const file = join(DIR, `${e.id}.series.ndjson`);
      const series = parseLoadSeries(readFileSync(file, 'utf8'), file);
      const result = detectTables(series);
      if (!isTablesResult(result)) throw new Error(`${e.id}: not read as several tables`);
      const x = e.expected;
      const hot = result.cluster.servers.filter((s) => s.hot);
      const hotServers = x.hotServers ?? [x.hotServer];
      expect(hot.map((s) => s.server), 'the servers hot by the sum of the tables').toEqual(hotServers);
      expect(Math.abs(hot[0]!.share - x.serverShare), `share ${hot[0]!.share} against ${x.serverShare}`).toBeLessThanOrEqual(x.shareTolerance);
      expect(result.cluster.findings.map((f) => [f.kind, f.table, f.servers]), 'the cluster finding').toEqual(hotServers.map((server) => [x.clusterFinding, x.causeTable, [server]]));
      for (const table of x.evenTables) {
        const t = result.tables.find((r) => r.table === table)!;
        expect([t.shape, t.regions.filter((r) => r.hot).length, t.servers.filter((s) => s.hot).length, t.findings.map((f) => f.kind)], `${table} alone`).toEqual(['none', 0, 0, []]);
      }
      const cause = detectHotspots(focusTable(series, x.causeTable));
      expect([...new Set(cause.findings.map((f) => f.kind))].sort(), `${x.causeTable} alone: the findings, no more and no fewer`).toEqual([...new Set(x.findings)].sort());
      expect(tableAdvice(result), 'the one-table steps are pointed at the table').toContain(`--table ${x.causeTable}`);
      expect(unambiguousTable(result), 'fix plan without --table plans for it').toBe(x.causeTable);
      const book = planFix({ detect: cause, cluster: result.cluster });
      const kinds = book.steps.map((step) => step.kind);
      if (x.runbook === 'move') expect(kinds, 'the region moved, the balancer off first').toEqual(['balancer-off', 'move']);
      else if (x.runbook === 'rebalance') {
        // the table's regions spread over the servers: no move refused, two or more moves off the hot server
        expect(book.refused.map((r) => r.action), 'no move refused').not.toContain('move');
        const moves = book.steps.filter((step) => step.kind === 'move');
        expect(moves.length, 'two or more regions moved').toBeGreaterThanOrEqual(2);
        expect(kinds.indexOf('balancer-off'), 'the balancer off before the moves').toBeLessThan(book.steps.indexOf(moves[0]!));
      } else if (x.runbook === 'rekey') {
        // every new row follows the tail wherever it goes: moving its region only moves the hotspot
        expect(book.refused.map((r) => r.action), 'a tail is never split').toContain('split');
        expect(book.steps.some((step) => /salt/i.test(step.title) || /Migrate/.test(step.title)), 'a new key, migrated').toBe(true);
        expect(kinds, 'the tail not moved').not.toContain('move');
        const finding = result.cluster.findings[0]!;
        expect(finding.evidence.join('\n'), 'the cluster finding: moving the tail only moves the hotspot').toMatch(/only moves the hotspot/);
        expect(finding.evidence.join('\n'), 'what spreads a tail: a new key, not replicas or a cache').toMatch(/a key that spreads the writes, such as a salted one/);
        // a tail's server is hot by the writes: the summary quotes them first, and names the hot region, not co-location
        expect(finding.summary, 'the writes the server is hot in').toMatch(/is hot by the sum of the tables it serves \(\d+% of their writes, \d+% of their requests, fair share \d+%\), caused by the hot region\(s\) of table /);
        expect(result.cluster.servers.find((s) => s.server === finding.servers[0])?.hotBy, 'its hot measures').toContain('writes');
        const row = renderTablesText(result, { color: false }).split('\n').find((line) => line.startsWith(`  ${finding.servers[0]} `));
        expect(row, 'the server row names the measure it is hot in').toMatch(/ HOT \((requests, )?writes(, reads)?\)$/);
      } else {
        // one region a hot server: each not moved, each its own load spread
        expect(book.refused.map((r) => r.action), 'a region no server can take whole is not moved').toEqual(hotServers.map(() => 'move'));
        expect(kinds, 'its own load spread').toEqual(hotServers.map(() => 'advice'));
      }
    });
  }
});
