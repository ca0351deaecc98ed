/** Helpers for scenario-file tests. */
import { expect } from 'vitest';
import { prepareDesigns } from '../../src/simulate/design.js';
import { parseScenario } from '../../src/simulate/scenario/parse.js';
import { HotspotError } from '../../src/util/errors.js';

/**
 * The HotspotError a scenario text is rejected with, by the parser or while its designs are prepared.
 * @param file - the file name the errors should carry.
 * @throws Error when the scenario is accepted.
 */
export function scenarioFailure(text: string, file: string): HotspotError {
  try {
    prepareDesigns(parseScenario(text, file));
  } catch (err) {
    expect(err).toBeInstanceOf(HotspotError);
    return err as HotspotError;
  }
  throw new Error('expected the scenario to be rejected');
}
