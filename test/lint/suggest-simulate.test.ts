import { describe, expect, it } from 'vitest';
import { parseAccess } from '../../src/lint/access.js';
import { type SuggestInput, suggestDesigns } from '../../src/lint/suggest/index.js';
import { simulateSuggestions } from '../../src/lint/suggest/simulate.js';
import { runCapture } from '../cli/run-cli.js';

describe('design suggest --simulate', () => {
  it("gives every suggestion the simulator's verdict: no hotspot, every server near its fair share", () => {
    const input: SuggestInput = { fields: { deviceId: 'string', ts: 'epochMs' }, access: parseAccess('latest-n:deviceId'), servers: 4, writesPerSec: 20000 };
    const list = suggestDesigns(input);
    const sims = simulateSuggestions(list, input, { entities: 2000, duration: '1h' });
    if (typeof sims === 'string') throw new Error(sims);
    expect(sims.map((s) => s.template)).toEqual(list.map((s) => s.template));
    for (const s of sims) {
      expect(s.shape).toBe('none');
      expect(s.fairServerShare).toBe(0.25);
      expect(s.hottestServerShare).toBeLessThan(0.3);
    }
  }, 120_000);

  it('says why when the fields do not fit the simulator', async () => {
    const run = await runCapture(['design', 'suggest', '--fields', 'metric:string,deviceId:string,ts:epochMs', '--access', 'time-range:metric+deviceId', '--servers', '4', '--simulate', '--json']);
    expect(run.code).toBe(0);
    expect((JSON.parse(run.out) as { notSimulated: string }).notSimulated).toContain('one entity field and one epochMs time field');
  });
});
