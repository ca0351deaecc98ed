import { describe, expect, it } from 'vitest';
import type { IndexDefinition } from '../../src/index-tables/definition.js';
import { suggestIndexKey } from '../../src/index-tables/suggest.js';
import { runCapture } from '../cli/run-cli.js';
import { fixturePath } from '../lint/helpers.js';

const index = (fields: IndexDefinition['fields'], unique = false): IndexDefinition => ({
  name: 'ix', table: 't', indexTable: 't_ix', fields, unique, covered: [], key: fields.map((f) => `{${f.name}}`).join('_'), family: 'i',
});

describe('suggestIndexKey', () => {
  // 10 servers: the next power of two from 8 at or above 10 is 16 buckets
  it('salts a time-like value over itself, with no key finding left', () => {
    const p = suggestIndexKey(index([{ name: 'createdAt', type: 'epochMs' }]), 10);
    expect(p.proposed).toBe('{salt(createdAt,16)}_{createdAt}');
    expect(p.findings).toEqual([]);
  });

  it('salts a category over the index\'s other field; a category alone stays and keeps its finding', () => {
    expect(suggestIndexKey(index([{ name: 'status', type: 'category' }, { name: 'userId', type: 'string' }]), 4).proposed).toBe('{salt(userId,8)}_{status}_{userId}');
    const alone = suggestIndexKey(index([{ name: 'status', type: 'category' }]), 10);
    expect(alone.proposed).toBe('{status}');
    expect(alone.findings.map((f) => f.code)).toEqual(['KEY_CATEGORY_FIRST']);
  });

  it('hashes personal data and leaves a plain value as it is', () => {
    expect(suggestIndexKey(index([{ name: 'email', type: 'email' }], true), 10).proposed).toBe('{sha256(email)}');
    expect(suggestIndexKey(index([{ name: 'sku', type: 'string' }]), 10)).toMatchObject({ proposed: '{sku}', findings: [] });
  });
});

describe('design suggest --indexes', () => {
  it('prints one proposal per index as JSON', async () => {
    const run = await runCapture(['design', 'suggest', '--indexes', fixturePath('order-indexes.yaml'), '--servers', '10', '--json']);
    expect(run.err).toBe('');
    const out = JSON.parse(run.out) as { indexes: { index: string; proposed: string }[] };
    expect(out.indexes.map((p) => `${p.index} ${p.proposed}`)).toEqual([
      'by_created {salt(createdAt,16)}_{createdAt}',
      'by_created_salted {salt(createdAt,16)}_{createdAt}',
      'by_status {status}',
      'by_email {sha256(email)}',
    ]);
    // by_status is a category alone: its proposal keeps KEY_CATEGORY_FIRST, an error, so the run is done with a finding
    expect(run.code).toBe(1);
  });
});
