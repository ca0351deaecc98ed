import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toStringBinary } from '../../src/bytes/index.js';
import { compileTemplate } from '../../src/keys/template/index.js';
import type { RowkeyTemplate } from '../../src/keys/types.js';
import { prepareDesigns } from '../../src/simulate/design.js';
import { simulateDesign } from '../../src/simulate/engine.js';
import { parseScenario } from '../../src/simulate/scenario/parse.js';

const scenario = parseScenario(readFileSync(new URL('../fixtures/scenarios/agreement.yaml', import.meta.url), 'utf8'), 'agreement.yaml');

describe('aggregated writes', () => {
  // keys longer than the room the step's key buffer keeps free (1,024 bytes), so some are written past it
  const tail = 'x'.repeat(1500);
  const designs = prepareDesigns(scenario);

  it('place long keys, and keys of a template that only encodes, as the compiled template places them', () => {
    // date (14) - sensor-NNNNNN (13); salt (2) _ sensor-NNNNNN (13) _ reverse time (19): then - or _ and the tail
    const cases = [
      { design: designs[0], template: `{date(ts,"yyyyMMddHHmmss")}-{deviceId}-${tail}`, head: 28 },
      { design: designs[1], template: `{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}_${tail}`, head: 36 },
    ];
    for (const { design, template, head } of cases) {
      if (!design) throw new Error('the fixture has two designs');
      const compiled = compileTemplate(template);
      const { encodeInto: _unused, ...encodeOnly } = compiled;
      const run = (t: RowkeyTemplate) => simulateDesign(scenario, { ...design, template: t }, { samplesPerStep: 64 });
      const a = run(compiled);
      const b = run(encodeOnly as RowkeyTemplate);
      expect(a.serverWrites).toEqual(b.serverWrites);
      expect(a.splits.map((s) => toStringBinary(s.splitKey))).toEqual(b.splits.map((s) => toStringBinary(s.splitKey)));
      expect(a.samples.map((s) => toStringBinary(s.key))).toEqual(b.samples.map((s) => toStringBinary(s.key)));
      expect(a.samples.length).toBe(20 * 64);
      for (const s of a.samples) {
        expect(s.key).toHaveLength(head + 1 + 1500);
        expect(toStringBinary(s.key.subarray(head + 1))).toBe(tail);
      }
    }
  });
});
