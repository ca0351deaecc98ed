// Which of the JVM side's command-line tools are missing, for the `--if-available` steps of `npm test`
// (scripts/jvm/build.mjs, scripts/jvm/golden-check.mjs): without them the integration suite skips, and so do they.
import { spawnSync } from 'node:child_process';

/** The commands of `commands` that cannot be started (each is run with `-version`). */
export function missingCommands(commands) {
  return commands.filter((c) => spawnSync(c, ['-version'], { encoding: 'utf8' }).error);
}

/** True when a missing tool must fail the step rather than skip it: CI sets HBASE_HOTSPOT_REQUIRE_HBASE=1. */
export function jvmRequired() {
  return process.env.HBASE_HOTSPOT_REQUIRE_HBASE === '1';
}
