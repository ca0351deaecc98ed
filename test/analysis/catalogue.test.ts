import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FINDINGS, SHAPES } from '../../src/analysis/detect/index.js';

describe('shape and finding catalogue', () => {
  const doc = readFileSync(new URL('../../docs/detect.md', import.meta.url), 'utf8');

  it('is documented entry by entry', () => {
    for (const entry of [...SHAPES, ...FINDINGS]) expect(doc).toContain(`| \`${entry.id}\` |`);
  });

  it('has the three shapes and the findings, each with a meaning and a fix', () => {
    expect(SHAPES.map((s) => s.id)).toEqual(['single-row', 'hot-range', 'monotonic-tail']);
    expect(FINDINGS.map((s) => s.id)).toEqual(['region-hotspot', 'server-hotspot', 'co-location', 'unsplit-table', 'lumpy-presplit', 'scan-amplification']);
    for (const entry of [...SHAPES, ...FINDINGS]) expect(entry.meaning.length * entry.fix.length).toBeGreaterThan(0);
  });
});
