/**
 * The clock the unit tests give the CLI (`CliIo.now`): a fixed instant, so no result depends on the day the suite
 * runs. `npm test` also runs the unit suite with the process clock moved to other dates (scripts/test-clock.mjs),
 * which catches a test or a command that reads `Date.now()` instead.
 */

/** 2026-06-15T12:00:00Z as epoch ms: the middle of a month, far from any month or year boundary. */
export const TEST_NOW_MS = Date.UTC(2026, 5, 15, 12, 0, 0);

/** A clock stopped at {@link TEST_NOW_MS}. */
export const testClock = (): number => TEST_NOW_MS;
