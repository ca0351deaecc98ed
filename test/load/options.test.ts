// Parsing of --popularity, --reads and --id-format, and which template fields the load generator fills.
import { describe, expect, it } from 'vitest';
import { compileTemplate } from '../../src/keys/template/index.js';
import { checkIdFormat, parsePopularity, parseReadPattern, resolveLoadFields } from '../../src/load/index.js';

describe('parsePopularity', () => {
  it('reads the three forms into the simulator model', () => {
    expect(parsePopularity('uniform')).toEqual({ kind: 'uniform' });
    expect(parsePopularity('zipf:1.1')).toEqual({ kind: 'zipf', exponent: 1.1 });
    expect(parsePopularity(' hot:0.01:0.9 ')).toEqual({ kind: 'hot-set', fraction: 0.01, share: 0.9 });
  });

  it.each([
    ['pareto', 'is not a popularity; use uniform, zipf:S'],
    ['zipf:0', 'zipf exponent must be above 0 and at most 10'],
    ['zipf:11', 'zipf exponent must be above 0 and at most 10'],
    ['hot:0:0.5', 'hot FRACTION of entities must be above 0'],
    ['hot:0.1:1.5', 'SHARE of requests the hot entities take must be above 0'],
    ['hot:0.1', 'is not a popularity'],
  ])('refuses %s', (text, message) => {
    expect(() => parsePopularity(text)).toThrow(expect.objectContaining({ code: 'LOAD_POPULARITY_INVALID', message: expect.stringContaining(message) }));
    expect(() => parsePopularity(text)).toThrow(/^--popularity: /);
  });
});

describe('parseReadPattern', () => {
  it('reads latest:N@RATE and get@RATE', () => {
    expect(parseReadPattern('latest:10@5')).toEqual({ kind: 'latest', limit: 10, ratePerSec: 5 });
    expect(parseReadPattern('get@2.5')).toEqual({ kind: 'get', ratePerSec: 2.5 });
  });

  it.each([
    ['scan@5', 'is not a read pattern; use latest:N@RATE'],
    ['latest:10', 'is not a read pattern'],
    ['get@0', 'the rate after @ must be above 0'],
    ['latest:0@5', 'latest needs between 1 and 10000 rows'],
    // 400 digits read as Infinity (accepted before).
    [`get@${'9'.repeat(400)}`, 'the rate after @ must be above 0 queries per second, and finite'],
  ])('refuses %s', (text, message) => {
    expect(() => parseReadPattern(text)).toThrow(expect.objectContaining({ code: 'LOAD_READS_INVALID', message: expect.stringContaining(message) }));
  });
});

describe('checkIdFormat', () => {
  it('accepts one number placeholder', () => {
    expect(checkIdFormat('sensor-%06d')).toBe('sensor-%06d');
    expect(checkIdFormat('%x')).toBe('%x');
    expect(checkIdFormat('s-%064d')).toBe('s-%064d');
  });

  it.each(['sensor', 'a-%d-%d', '100%-%d', 'id-%s', 'sensor-%09254740993d', 'sensor-%065d', 'x-%0000000000000000065x'])('refuses %s', (f) => {
    expect(() => checkIdFormat(f)).toThrow(expect.objectContaining({ code: 'LOAD_ID_FORMAT_INVALID', message: expect.stringContaining('--id-format') }));
  });
});

describe('resolveLoadFields', () => {
  it('takes ts as the time field and the first other field as the entity', () => {
    expect(resolveLoadFields(compileTemplate('{ts}_{deviceId}'), {})).toEqual({ entityField: 'deviceId', timeField: 'ts' });
    expect(resolveLoadFields(compileTemplate('{salt(user,8)}_{user}_{reverseTs(ts)}'), {})).toEqual({ entityField: 'user', timeField: 'ts' });
  });

  it('works without a time field when none was asked for, and with named fields', () => {
    expect(resolveLoadFields(compileTemplate('row-{id}'), {})).toEqual({ entityField: 'id', timeField: undefined });
    expect(resolveLoadFields(compileTemplate('{when}_{dev}'), { timeField: 'when', entityField: 'dev' })).toEqual({ entityField: 'dev', timeField: 'when' });
  });

  it('names the option and the fields on every refusal', () => {
    const t = compileTemplate('{ts}_{deviceId}_{metric}');
    expect(() => resolveLoadFields(t, {})).toThrow(expect.objectContaining({ code: 'LOAD_FIELD_UNFILLED', message: expect.stringMatching(/^--template: .*"metric"/) }));
    expect(() => resolveLoadFields(t, { timeField: 'time' })).toThrow(expect.objectContaining({ code: 'LOAD_FIELD_UNKNOWN', message: expect.stringContaining('--time-field: time field "time" is not read by template {ts}_{deviceId}_{metric}; its fields are: ts, deviceId, metric') }));
    expect(() => resolveLoadFields(t, { entityField: 'host' })).toThrow(expect.objectContaining({ code: 'LOAD_FIELD_UNKNOWN', message: expect.stringContaining('--entity-field') }));
    expect(() => resolveLoadFields(t, { entityField: 'ts' })).toThrow(/cannot be both the time field and the entity field/);
    expect(() => resolveLoadFields(compileTemplate('{ts}'), {})).toThrow(expect.objectContaining({ code: 'LOAD_ENTITY_FIELD_MISSING' }));
  });
});
