import { describe, expect, it } from 'vitest';
import { HotspotError, formatWhere, isHotspotError } from '../../src/util/errors.js';

describe('HotspotError', () => {
  it('prefixes the message with file:line:column (field)', () => {
    const e = new HotspotError('X', 'bad value', { file: 'scenario.yaml', line: 3, column: 7, field: 'designs[0].template' });
    expect(e.message).toBe('scenario.yaml:3:7 (designs[0].template): bad value');
    expect([e.code, e.where.line, isHotspotError(e), isHotspotError(new Error('x'))]).toEqual(['X', 3, true, false]);
  });

  it('names a field alone, but not twice when the message already opens with it', () => {
    expect(new HotspotError('X', '"0" is not a delay', { field: '--delay' }).message).toBe('--delay: "0" is not a delay');
    expect(new HotspotError('X', '--delay 0: must be above 0', { field: '--delay' }).message).toBe('--delay 0: must be above 0');
    // Only the same option counts: another one named first still gets the prefix.
    expect(new HotspotError('X', '--delayed 0', { field: '--delay' }).message).toBe('--delay: --delayed 0');
    expect(new HotspotError('X', '--delay 0', { file: 'a.yaml', field: '--delay' }).message).toBe('a.yaml (--delay): --delay 0');
  });

  it('renders an unknown place as nothing', () => {
    expect(formatWhere({})).toBe('');
    expect(new HotspotError('X', 'plain').message).toBe('plain');
    expect(formatWhere({ line: 4 })).toBe('line 4');
  });
});
