/**
 * The contract every load source passes: the same snapshot facts whatever the source. Each source's test file calls
 * {@link sourceContract} with a factory; the source's declared gaps (`SnapshotSource.gaps`) relax exactly the checks
 * they name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareBytes, toStringBinary } from '../../src/bytes/index.js';
import type { LoadSnapshot } from '../../src/model/index.js';
import type { SnapshotSource } from '../../src/sources/index.js';

/** What the snapshots must show, known independently of the source under test. */
export interface ContractFacts {
  readonly table: string;
  /** Start keys in rowkey order, toStringBinary. */
  readonly startKeys: readonly string[];
  /** Encoded name → hosting server (`host,port,startcode`); `undefined` to only check the server format. */
  readonly serverOf?: Readonly<Record<string, string>>;
}

/** A source to test, the facts it must show, and how to clean up. */
export interface ContractSubject {
  readonly source: SnapshotSource;
  readonly facts: ContractFacts;
  readonly close?: () => Promise<void>;
}

const SERVER_RE = /^[^,\s]+,\d+,\d+$/;

/** Runs the contract on two consecutive snapshots of a fresh source from `factory`. */
export function sourceContract(name: string, factory: () => Promise<ContractSubject>, options: { skip?: string; timeoutMs?: number } = {}): void {
  describe.skipIf(options.skip !== undefined)(`source contract: ${name}`, () => {
    let subject: ContractSubject;
    let snaps: LoadSnapshot[];
    beforeAll(async () => {
      subject = await factory();
      snaps = [await subject.source.snapshot(), await subject.source.snapshot()];
    }, options.timeoutMs ?? 60_000);
    afterAll(async () => subject?.close?.());

    it('reads the table with its regions in rowkey order, contiguous from the empty key to the empty key', () => {
      for (const s of snaps) {
        expect(s.table).toBe(subject.facts.table);
        expect(s.regions.map((r) => toStringBinary(r.startKey))).toEqual(subject.facts.startKeys);
        s.regions.forEach((r, i) => {
          const next = s.regions[i + 1];
          expect(toStringBinary(r.endKey)).toBe(next ? toStringBinary(next.startKey) : '');
          if (next) expect(compareBytes(r.startKey, next.startKey)).toBeLessThan(0);
        });
      }
    });

    it('names every region by its full name and 32-hex encoded name, once', () => {
      for (const s of snaps) {
        const encoded = s.regions.map((r) => r.encodedName);
        expect(new Set(encoded).size).toBe(encoded.length);
        for (const r of s.regions) {
          expect(r.encodedName).toMatch(/^[0-9a-f]{32}$/);
          expect(r.name.startsWith(`${s.table},${toStringBinary(r.startKey)},`)).toBe(true);
          expect(r.name.endsWith(`.${r.encodedName}.`)).toBe(true);
        }
      }
    });

    it('places every region on a RegionServer named host,port,startcode', () => {
      for (const s of snaps) {
        for (const r of s.regions) {
          expect(r.server).toMatch(SERVER_RE);
          const expected = subject.facts.serverOf?.[r.encodedName];
          if (subject.facts.serverOf) expect(r.server).toBe(expected);
        }
      }
    });

    it('reports whole non-negative counters and sizes, read + write = requests unless the source only has the sum', () => {
      const gaps = subject.source.gaps;
      for (const r of snaps.flatMap((s) => s.regions)) {
        expect(Number.isInteger(r.requests) && r.requests >= 0).toBe(true);
        expect(Number.isInteger(r.storeSizeBytes) && r.storeSizeBytes >= 0).toBe(true);
        if (gaps.sizeInWholeMB) expect(r.storeSizeBytes % 1_048_576).toBe(0);
        if (gaps.noReadWriteSplit) {
          expect([r.readRequests, r.writeRequests]).toEqual([null, null]);
        } else {
          expect(r.readRequests).not.toBeNull();
          expect((r.readRequests ?? -1) >= 0 && (r.writeRequests ?? -1) >= 0).toBe(true);
          expect(r.requests).toBe((r.readRequests ?? 0) + (r.writeRequests ?? 0));
        }
      }
    });

    it('moves forward in time with counters that never go down for a region that stayed on its server', () => {
      const [a, b] = snaps as [LoadSnapshot, LoadSnapshot];
      expect(b.timeMs).toBeGreaterThan(a.timeMs);
      for (const later of b.regions) {
        const earlier = a.regions.find((r) => r.encodedName === later.encodedName && r.server === later.server);
        if (!earlier) continue;
        expect(later.requests).toBeGreaterThanOrEqual(earlier.requests);
        if (earlier.readRequests !== null) expect(later.readRequests ?? 0).toBeGreaterThanOrEqual(earlier.readRequests);
        if (earlier.writeRequests !== null) expect(later.writeRequests ?? 0).toBeGreaterThanOrEqual(earlier.writeRequests);
      }
    });
  });
}
