// Numeric options read plain decimal notation only: `Number` alone would take 0x3 as 3, 0b11 as 3, 1e1 as 10 and a
// blank value as 0. Each option keeps its own error code and names itself as the error's field.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseK } from '../../src/cli/commands/detect.js';
import { numberOption } from '../../src/cli/commands/migrate-run.js';
import { decimalNumber, wholeDecimal } from '../../src/cli/decimal.js';
import { TEST_NOW_MS } from '../support/clock.js';
import { runCapture, runRefusal } from './run-cli.js';

const TAIL = fileURLToPath(new URL('../fixtures/series/tail-hex-presplit.ndjson', import.meta.url));
const LIST_REGIONS = fileURLToPath(new URL('../fixtures/shell/list-regions.txt', import.meta.url));
const CLOSED = 'http://127.0.0.1:9';
const NOT_DECIMAL = ['0x3', '0b11', '0o7', '1e1', 'Infinity', '', '   '];

/** The code and field of the error `hbase-hotspot ...argv` stops with (it must stop with a HotspotError). */
async function refusal(argv: readonly string[]): Promise<{ code: string; field: string | undefined }> {
  const { code, field } = await runRefusal(argv);
  return { code, field };
}

describe('decimalNumber and wholeDecimal', () => {
  it('read digits with blanks around, and a fraction only in decimalNumber', () => {
    expect(['3', ' 4 ', '2.5', '.5', '0', '007'].map(decimalNumber)).toEqual([3, 4, 2.5, 0.5, 0, 7]);
    expect(['3', ' 4 ', '0', '007'].map(wholeDecimal)).toEqual([3, 4, 0, 7]);
    expect(['2.5', '2.0', '.5'].map(wholeDecimal)).toEqual([undefined, undefined, undefined]);
  });

  it('refuse radix prefixes, exponents, signs, Infinity, NaN, separators, and blank text', () => {
    const refused = [...NOT_DECIMAL, '0X3', '1.5e3', '+3', '-1', '-Infinity', 'NaN', '1_000', '1,5', '3 4', '.', '0x'];
    expect(refused.map(decimalNumber)).toEqual(refused.map(() => undefined));
    expect(refused.map(wholeDecimal)).toEqual(refused.map(() => undefined));
  });

  it('wholeDecimal refuses a number past Number.MAX_SAFE_INTEGER, which Number would round', () => {
    expect(wholeDecimal('9007199254740991')).toBe(9_007_199_254_740_991);
    expect(wholeDecimal('9007199254740993')).toBeUndefined();
  });
});

describe('each option refuses non-decimal text with its own code, naming itself', () => {
  it.each(NOT_DECIMAL)('detect --k %j', async (text) => {
    expect(await refusal(['detect', TAIL, '--k', text])).toEqual({ code: 'DETECT_K_INVALID', field: '--k' });
    expect(() => parseK(text)).toThrow(expect.objectContaining({ code: 'DETECT_K_INVALID' }));
  });

  it.each(NOT_DECIMAL)('detect --limit %j', async (text) => {
    expect(await refusal(['detect', TAIL, '--limit', text])).toEqual({ code: 'DETECT_LIMIT_INVALID', field: '--limit' });
  });

  it.each(NOT_DECIMAL)('detect --snapshots %j (before any request to the gateway)', async (text) => {
    expect(await refusal(['detect', '--rest', CLOSED, '--table', 't', '--snapshots', text, '--interval', '100ms'])).toEqual({ code: 'DETECT_SNAPSHOTS_INVALID', field: '--snapshots' });
  });

  it.each(NOT_DECIMAL)('fix plan --min-rate %j', async (text) => {
    expect(await refusal(['fix', 'plan', '--list-regions', LIST_REGIONS, '--min-rate', text])).toEqual({ code: 'FIX_OPTION_INVALID', field: '--min-rate' });
  });

  it.each(NOT_DECIMAL)('migrate retire --keep-days %j (numberOption)', async (text) => {
    expect(await refusal(['migrate', 'retire', '--from', 'metrics', '--switched-at', '2020-01-01T00:00:00Z', '--keep-days', text, '--force'])).toEqual({ code: 'MIGRATE_OPTION_INVALID', field: '--keep-days' });
    for (const integer of [true, false]) {
      expect(() => numberOption(text, '--rate', 0, integer)).toThrow(expect.objectContaining({ code: 'MIGRATE_OPTION_INVALID', where: { field: '--rate' } }));
    }
  });

  it.each(NOT_DECIMAL)('lifecycle partitions --ahead and --retention %j', async (text) => {
    const base = ['lifecycle', 'partitions', '--base', 'm', '--family', 'd', '--now', '2026-11-30T12:00:00Z', '--json'];
    expect(await refusal([...base, '--ahead', text])).toEqual({ code: 'LIFECYCLE_OPTION_INVALID', field: '--ahead' });
    expect(await refusal([...base, '--retention', text])).toEqual({ code: 'LIFECYCLE_OPTION_INVALID', field: '--retention' });
  });

  it('the other option parsers too', async () => {
    expect(await refusal(['fix', 'balancer', TAIL, '--read-cost', '0x10'])).toEqual({ code: 'FIX_OPTION_INVALID', field: '--read-cost' });
    expect(await refusal(['lint', '--template', '{id}', '--servers', '0b11'])).toEqual({ code: 'CLI_COUNT_INVALID', field: '--servers' });
    expect(await refusal(['splits', '--algorithm', 'HexStringSplit', '--regions', '0x4'])).toEqual({ code: 'SPLITS_OPTION_INVALID', field: '--regions' });
    expect(await refusal(['lifecycle', 'partitions', '--base', 'm', '--family', 'd', '--template', '{salt(id,4)}_{id}', '--regions-per-bucket', '1e1', '--json'])).toEqual({ code: 'LIFECYCLE_OPTION_INVALID', field: '--regions-per-bucket' });
  });
});

describe('plain decimal values read as before', () => {
  it('--k 3, 2.5 and " 4 "', () => {
    expect(['3', '2.5', ' 4 '].map(parseK)).toEqual([3, 2.5, 4]);
  });

  it('numberOption: whole numbers, and fractions where the option takes them', () => {
    expect(numberOption(' 4 ', '--batch', 1, true)).toBe(4);
    expect(numberOption('2.5', '--rate', 1, false)).toBe(2.5);
    expect(numberOption('0.25', '--sample', 0, false)).toBe(0.25);
    expect(() => numberOption('2.5', '--batch', 1, true)).toThrow(expect.objectContaining({ code: 'MIGRATE_OPTION_INVALID' }));
  });

  it('lifecycle --ahead " 2 " creates the current month and 2 ahead', async () => {
    const r = await runCapture(['lifecycle', 'partitions', '--base', 'm', '--family', 'd', '--ahead', ' 2 ', '--now', '2026-11-30T12:00:00Z', '--json']);
    expect([r.code, JSON.parse(r.out).create]).toEqual([0, ['m_202611', 'm_202612', 'm_202701']]);
  });

  it('fix plan --min-rate " 10.0 " plans as --min-rate 10 does', async () => {
    const plain = await runCapture(['fix', 'plan', '--list-regions', LIST_REGIONS, '--min-rate', '10', '--json']);
    const spaced = await runCapture(['fix', 'plan', '--list-regions', LIST_REGIONS, '--min-rate', ' 10.0 ', '--json']);
    expect(plain.code).toBe(0);
    expect(spaced).toEqual(plain);
  });

  it('detect --snapshots " 3 " passes the check and reaches the gateway (closed here: exit 3)', async () => {
    const r = await runCapture(['detect', '--rest', CLOSED, '--table', 't', '--snapshots', ' 3 ', '--interval', '100ms']);
    expect([r.code, r.err]).toEqual([3, expect.stringContaining('could not reach the gateway')]);
  }, 20_000);

  it('migrate retire --keep-days " 14 " is a keep period of 14 days', async () => {
    const r = await runCapture(['migrate', 'retire', '--from', 'metrics', '--switched-at', new Date(TEST_NOW_MS - 86_400_000).toISOString(), '--keep-days', ' 14 ', '--force']);
    // 14 days after a switch a day before the clock: 13 days after it.
    expect([r.code, r.err]).toEqual([2, expect.stringContaining(`is kept until ${new Date(TEST_NOW_MS + 13 * 86_400_000).toISOString()}`)]);
  });
});
