/**
 * `--fail-on`: turns a result into exit status 1 for a cron job or a CI gate. `detect`, `simulate` and `fix plan`
 * take `--fail-on hotspot` (the headline shape is not `none`) or `--fail-on finding` (a hotspot or any advisory
 * finding: co-location, an unsplit table, a lumpy pre-split, and in `simulate` a read that scans more rows than it
 * returns); `compare` takes `--fail-on unchanged` (the hot share did not move toward the fair share).
 *
 * @module
 */
import { Option } from 'commander';
import type { DetectResult } from '../analysis/detect/index.js';
import { EXIT_FINDING } from './exit.js';
import type { CliIo } from './io.js';

/** What `--fail-on` of `detect`, `simulate` and `fix plan` fails on. */
export type FailOn = 'hotspot' | 'finding';

/** The `--fail-on hotspot|finding` option. */
export function failOnOption(): Option {
  return new Option('--fail-on <what>', 'exit 1 when the result has a hotspot (shape not none), or any finding (advisory ones too)').choices(['hotspot', 'finding']);
}

/**
 * Why a detection fails `--fail-on`, or undefined when it does not: the headline shape for `hotspot`; the shape or
 * the findings' kinds for `finding`. Reads only the result's shape and findings.
 */
export function detectFailure(result: Pick<DetectResult, 'shape' | 'findings'>, failOn: FailOn): string | undefined {
  const reasons: string[] = [];
  if (result.shape !== 'none') reasons.push(`hotspot: ${result.shape}`);
  if (failOn === 'finding') reasons.push(...result.findings.map((f) => `finding: ${f.kind}`));
  return reasons.length > 0 ? reasons.join(', ') : undefined;
}

/** Sets exit status 1 with a line on stderr naming why, when `reason` is given. */
export function failWith(io: CliIo, failOn: string, reason: string | undefined): void {
  if (reason === undefined) return;
  io.stderr(`--fail-on ${failOn}: ${reason}; exit ${EXIT_FINDING}\n`);
  process.exitCode = EXIT_FINDING;
}
