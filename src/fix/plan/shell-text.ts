/**
 * `hbase shell` command text a runbook needs beyond the shell runner's builders: quotas (`set_quota`), region
 * replicas (`alter ... REGION_REPLICATION`), `list_regions` (named in checks: the shell refuses it while a region
 * is in transition, so a runbook never runs it right after a split).
 *
 * @module
 */
import { checkTableName, rubyName } from '../../hbase/shell/index.js';
import { HotspotError } from '../../util/errors.js';

/**
 * An RPC quota limit as `set_quota` takes it: `<n>req/sec|min|hour|day` or `<n><B|K|M|G|T|P>/sec|...`, with a count
 * above 0 (the shell refuses 0: "Invalid throttle limit, must be greater than 0").
 */
const LIMIT_RE = /^0*[1-9]\d*(?:req|[BKMGTP])\/(?:sec|min|hour|day)$/;

/**
 * Checks a quota limit such as `5000req/sec` or `20M/sec`: a count above 0 per unit.
 * @throws {@link HotspotError} `FIX_QUOTA_INVALID` naming the field.
 */
export function checkQuotaLimit(limit: string, field = '--quota'): string {
  if (!LIMIT_RE.test(limit)) {
    throw new HotspotError('FIX_QUOTA_INVALID', `${field} "${limit}" is not an HBase quota limit; write a count above 0 per unit, e.g. 5000req/sec or 20M/sec`, { field });
  }
  return limit;
}

/** Seconds in each time unit a quota limit is given per. */
const UNIT_SECONDS: Readonly<Record<string, number>> = { sec: 1, min: 60, hour: 3600, day: 86400 };

/**
 * The requests a second a request-count quota limit allows: `5000req/sec` → 5000, `600req/min` → 10 (the shell reads
 * the count as a whole number, leading zeros and all). `undefined` for a size limit (`20M/sec`): it counts bytes, which
 * no request rate can be compared with.
 * @throws {@link HotspotError} `FIX_QUOTA_INVALID` (see {@link checkQuotaLimit}) for a limit that is not one.
 */
export function quotaRequestsPerSec(limit: string, field = '--quota'): number | undefined {
  const m = /^(\d+)req\/(sec|min|hour|day)$/.exec(checkQuotaLimit(limit, field));
  return m ? Number(m[1]) / UNIT_SECONDS[m[2]!]! : undefined;
}

/**
 * `set_quota TYPE => THROTTLE, TABLE => 'T', LIMIT => '5000req/sec', SCOPE => MACHINE` (HBase
 * `QuotaSettingsFactory.throttleTable` with `QuotaScope.MACHINE`): the limit applies on each RegionServer by itself,
 * to the table's requests that server serves. MACHINE is what the shell sets when SCOPE is left out (`quotas.rb`
 * reads `SCOPE` with MACHINE as its default, in the 2.4.17 shell as in later ones); the command says it so that the runbook reads as what it
 * does. With `SCOPE => CLUSTER` each RegionServer would instead enforce the limit × its share of the table's open
 * regions (`QuotaCache`'s table machine quota factor), which a hotspot's server, busy with few regions, gets little of.
 * @throws {@link HotspotError} `FIX_QUOTA_INVALID` for a limit that is not one; the table name's own error (see
 *   `checkTableName`) for a name HBase refuses.
 */
export function tableThrottleCommand(table: string, limit: string): string {
  return `set_quota TYPE => THROTTLE, TABLE => ${rubyName(checkTableName(table))}, LIMIT => ${rubyName(checkQuotaLimit(limit))}, SCOPE => MACHINE`;
}

/**
 * `set_quota TYPE => THROTTLE, TABLE => 'T', LIMIT => NONE`: removes the table's throttle, whatever its scope. It
 * carries no SCOPE: the shell's removal of a table throttle refuses any argument beyond TABLE (and THROTTLE_TYPE).
 */
export function tableUnthrottleCommand(table: string): string {
  return `set_quota TYPE => THROTTLE, TABLE => ${rubyName(checkTableName(table))}, LIMIT => NONE`;
}

/** `alter 'T', {REGION_REPLICATION => n}` (1 turns replicas off). */
export function regionReplicationCommand(table: string, replicas: number): string {
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 64) {
    throw new HotspotError('FIX_REPLICAS_INVALID', `--replicas ${replicas}: give a whole number of region replicas from 1 to 64 (2 or 3 for hot reads)`, { field: '--replicas' });
  }
  return `alter ${rubyName(checkTableName(table))}, {REGION_REPLICATION => ${replicas}}`;
}

/** `list_regions 'T'`: regions with servers and request counts. */
export function listRegionsCommand(table: string): string {
  return `list_regions ${rubyName(checkTableName(table))}`;
}
