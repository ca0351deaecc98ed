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

  it('prints in full exactly the pre-split each design was simulated with', async () => {
    const run = await runCapture(['design', 'suggest', '--fields', 'deviceId:string,ts:epochMs', '--access', 'latest-n:deviceId', '--servers', '2', '--simulate', '--entities', '500', '--duration', '30m', '--json']);
    expect(run.code).toBe(0);
    type Sim = { splits: string[]; create: string };
    const out = JSON.parse(run.out) as { suggestions: { strategy: string; create: string; presplit: { shell: string }; simulation: Sim }[] };
    const by = (strategy: string) => out.suggestions.find((x) => x.strategy === strategy)!;
    // HexStringSplit into 40 regions: points i * floor(2^32 / 40) in 8 hex digits, the proposal as printed
    const step = Math.floor(2 ** 32 / 40);
    const hex = Array.from({ length: 39 }, (_v, i) => ((i + 1) * step).toString(16).padStart(8, '0'));
    expect(by('hash-prefix').simulation.splits).toEqual(hex);
    expect(by('hash-prefix').simulation.create).toBe(by('hash-prefix').create);
    // 8 salt buckets x 5 regions: 40 regions, each bucket's start among the points, every point written in the create
    const salted = by('salted-composite').simulation;
    expect(salted.splits).toHaveLength(39);
    for (const b of ['01', '02', '03', '04', '05', '06', '07']) expect(salted.splits).toContain(b);
    expect(salted.create).toBe(`create 't', {NAME => 'd', VERSIONS => 1, COMPRESSION => 'SNAPPY', BLOOMFILTER => 'ROW'}, SPLITS => [${salted.splits.map((p) => `'${p}'`).join(', ')}]`);
    // the proposal's own list is written out too, never cut with "..."
    expect(by('salted-composite').presplit.shell.match(/'/g)).toHaveLength(2 * 39);
    expect(run.out).not.toContain('...');
    const text = await runCapture(['design', 'suggest', '--fields', 'deviceId:string,ts:epochMs', '--access', 'latest-n:deviceId', '--servers', '2', '--simulate', '--entities', '500', '--duration', '30m']);
    expect(text.out).not.toContain('...');
    expect(text.out).toContain(`   ${salted.create}\n`);
    expect(text.out).toContain('   simulated pre-split: the create statement above (40 regions)');
  }, 120_000);

  it('says why when the fields do not fit the simulator', async () => {
    const run = await runCapture(['design', 'suggest', '--fields', 'metric:string,deviceId:string,ts:epochMs', '--access', 'time-range:metric+deviceId', '--servers', '4', '--simulate', '--json']);
    expect(run.code).toBe(0);
    expect((JSON.parse(run.out) as { notSimulated: string }).notSimulated).toContain('one entity field and one epochMs time field');
  });
});
