/**
 * Steps for a RegionServer hot by the sum of several tables (co-location across tables, see `detectTables`): when
 * moving the planned table's busiest region there to the least loaded server cools it without making that server hot,
 * the move, with the balancer switched off first (its region-count cost would undo a hand placement); when the region
 * is above k × the other servers by itself, the move is refused (it only moves the hotspot) and the step is to
 * spread the region's own load.
 *
 * @module
 */
import { type ClusterView, type DetectResult, type RegionLoadShare, isSystemTable, leastLoaded, moveOutcome, rangeCopyServers } from '../../analysis/detect/index.js';
import { serverKey } from '../../analysis/detect/tally.js';
import { type DraftStep, balancerOffStep } from './common-steps.js';
import { moveStep } from './swap-steps.js';
import type { Refusal } from './types.js';

const SERVER_NAME_RE = /^[^,\s]+,\d+,\d+$/;
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** What {@link clusterSteps} returns: the steps, the region they act on first, the refused moves and the evidence. */
export interface ClusterSteps {
  readonly steps: DraftStep[];
  readonly region: RegionLoadShare | undefined;
  readonly refused: Refusal[];
  readonly evidence: string[];
}

/** The step that spreads a region's own load when no server can take it whole. */
function spreadStep(table: string, region: RegionLoadShare, share: number): DraftStep {
  const alone = `region ${region.encodedName} of ${table} takes ${pct(share)} of all the tables' requests by itself, above k × the other servers wherever it goes`;
  return isSystemTable(table) && table === 'hbase:meta'
    ? {
      kind: 'advice',
      title: 'Spread the reads of hbase:meta: meta replicas read in LoadBalance mode, clients that keep their region locations',
      why: `${alone}. hbase:meta cannot be split; HBase 2.4 and later serve meta lookups from meta region replicas when the clients set hbase.locator.meta.replicas.mode to LoadBalance (HBASE-25126); clients that open one Connection and keep it hold the locations in their cache and stop asking; a balancer that isolates meta keeps user regions off its server`,
      commands: [],
      check: 'detect the tables again without --table: the share of the server hosting hbase:meta falls toward the fair share',
      undo: [],
      undoNote: 'set hbase.locator.meta.replicas.mode back to None on the clients',
    }
    : {
      kind: 'advice',
      title: `Spread region ${region.encodedName} of ${table} itself: split it so its halves sit on different servers, or serve its reads from region replicas or a client cache`,
      why: `${alone}; a small table read by every request (a reference or lookup table) is better cached by its readers or split into regions the balancer can spread`,
      commands: [],
      check: 'detect the tables again without --table: no server is hot by the sum of the tables',
      undo: [],
      undoNote: 'no cluster change to undo',
    };
}

/**
 * The steps for every cluster finding that names `detect.table`: per hot server, the table's busiest region there (by
 * its share of the table over the window) and the server with the smallest share of all the tables' requests; a move
 * when it helps (see `moveOutcome`), else the move refused and a step spreading the region's own load. Empty when no
 * finding names the table or a server name carries no start code (the shell's `move` needs one).
 */
export function clusterSteps(detect: DetectResult, cluster: ClusterView): ClusterSteps {
  const moves: DraftStep[] = [];
  const spread: DraftStep[] = [];
  const refused: Refusal[] = [];
  const evidence: string[] = [];
  let first: RegionLoadShare | undefined;
  const tableShare = cluster.servers.reduce((a, s) => a + s.share * (s.tables.find((t) => t.table === detect.table)?.share ?? 0), 0);
  // a server holding no region of any table at the window's end has left (its regions were reassigned): no target,
  // and no peer after the move
  const present = cluster.servers.filter((s) => s.regionCount > 0);
  for (const f of cluster.findings.filter((x) => x.table === detect.table)) {
    const hot = cluster.servers.find((s) => f.servers[0] !== undefined && serverKey(s.server) === serverKey(f.servers[0]));
    const region = detect.regions.filter((r) => f.regions.includes(r.encodedName) && r.lastSeenMs === detect.window.endMs).sort((a, b) => b.share - a.share)[0];
    // never onto a server holding another copy of its key range (a table with read replicas)
    const target = hot && region ? leastLoaded(present, hot.server, rangeCopyServers(detect.regions, region, detect.window.endMs)) : undefined;
    if (!hot || !region || !target || ![region.server, target.server].every((s) => SERVER_NAME_RE.test(s))) continue;
    first ??= region;
    evidence.push(`${f.kind} across tables: ${f.summary}`, ...f.evidence);
    const moved = region.share * tableShare;
    const out = moveOutcome(present, hot.server, target.server, moved, detect.k);
    if (out.helps) {
      moves.push(moveStep(detect.table, region.encodedName, region.startKey, region.server, target.server, `${f.summary}; the move takes ${hot.server} from ${pct(hot.share)} to ${pct(out.fromAfter)} and ${target.server} from ${pct(target.share)} to ${pct(out.toAfter)} of all the tables' requests`, region.replicaId !== undefined));
    } else {
      refused.push({ action: 'move', why: `moving region ${region.encodedName} to ${target.server} would take that server from ${pct(target.share)} to ${pct(out.toAfter)} of all the tables' requests: the region alone is above k × the other servers, so a move only moves the hotspot` });
      spread.push(spreadStep(detect.table, region, moved));
    }
  }
  const steps = moves.length > 0 ? [balancerOffStep(detect.table), ...moves, ...spread] : spread;
  return { steps, region: first, refused, evidence };
}
