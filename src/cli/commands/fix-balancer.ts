/**
 * `hbase-hotspot fix balancer series.ndjson [--read-cost N --write-cost N] [--servers ...] [--json]`: the
 * StochasticLoadBalancer's cost of the series' last placement with HBase's default multipliers and with the given
 * request weights, whether it would act, what it would move, and, searched beside the moves, which region swaps it
 * would keep and which single `hbase.master.balancer.stochastic.*Cost` value makes it take them (see `src/fix/balancer/`).
 */
import type { Command } from 'commander';
import {
  DEFAULT_MULTIPLIERS, type BalancerSwapWhatIf, type BalancerWhatIf, type SwapMultiplier, balancerSwapWhatIf, balancerWhatIf, clusterFromSeries,
  describeSwapMultipliers, swapMultipliers,
} from '../../fix/balancer/index.js';
import { HBaseShellError, balanceSwitchCommand, isServerName, moveRegionCommand } from '../../hbase/shell/index.js';
import { hostPortOf as hostPort } from '../../util/server-name.js';
import { HotspotError } from '../../util/errors.js';
import { DEFAULT_K } from '../../analysis/detect/index.js';
import { decimalNumber } from '../decimal.js';
import { type DetectSourceFlags, detectSeriesWhole, requireOneTable, seriesSourceOptions } from '../detect-sources.js';
import { type CliIo, printJson } from '../io.js';

interface FixBalancerFlags extends DetectSourceFlags {
  readCost: string;
  writeCost: string;
  servers?: string[];
  json?: boolean;
}

function weight(text: string, flag: string): number {
  const n = decimalNumber(text);
  if (n === undefined || n < 0) {
    throw new HotspotError('FIX_OPTION_INVALID', `${flag} ${text}: give a multiplier ≥ 0 (HBase's default is 5)`, { field: flag });
  }
  return n;
}

/** What spreads a region hot on its own: a split, or for `hbase:meta` (which cannot be split) replicas and caching. */
function loneRegionAdvice(table: string): string {
  return table === 'hbase:meta'
    ? 'hbase:meta cannot be split: read it from meta replicas in LoadBalance mode and let clients cache region locations longer'
    : 'split it';
}

function render(title: string, w: BalancerWhatIf, swapsFound: boolean, table: string): string {
  const lines = [`${title}: weighted cost ${w.current.weightedCost.toFixed(4)} over multipliers ${w.current.sumMultiplier}; ${w.current.reason}`];
  const width = Math.max(28, ...w.current.functions.map((f) => f.function.length));
  for (const f of w.current.functions) lines.push(`  ${f.function.padEnd(width)} ${String(f.multiplier).padStart(6)} × ${f.cost.toFixed(4)}`);
  if (w.current.needsBalance && w.moves.length === 0) {
    lines.push(swapsFound
      ? '  no single region move lowers the cost; swaps, which keep the region counts even, do:'
      : `  no single region move lowers the cost (a region hot on its own is not spread by moving it: ${loneRegionAdvice(table)})`);
  }
  for (const m of w.moves) lines.push(`  move ${m.encodedName} ${m.from} → ${m.to} (cost ${m.weightedCostAfter.toFixed(4)})`);
  return lines.join('\n');
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

function renderSwaps(s: BalancerSwapWhatIf): string[] {
  if (!s.current.needsBalance) return [];
  if (s.swaps.length === 0) return ['  no swap of two regions lowers the cost either'];
  return s.swaps.map((w) => `  swap ${w.region} on ${w.from} ⇄ ${w.back} on ${w.to} (cost ${w.weightedCostAfter.toFixed(4)})`);
}

/**
 * The two `move` commands of each swap, or, when a server of the series has no start code (`host:port`, which the
 * shell's `move` cannot parse) or a region name is not an encoded name, the line saying so instead of a command.
 */
function swapMoves(s: BalancerSwapWhatIf): string[] {
  const server = [...new Set(s.swaps.flatMap((w) => [w.from, w.to]))].find((name) => !isServerName(name));
  if (server !== undefined) return [`  no move command: RegionServer "${server}" has no start code; move needs host,port,startcode (read the series through --rest)`];
  try {
    return [`  hbase> ${balanceSwitchCommand(false)}`, ...s.swaps.flatMap((w) => [`  hbase> ${moveRegionCommand(w.region, w.to)}`, `  hbase> ${moveRegionCommand(w.back, w.from)}`])];
  } catch (e) {
    if (e instanceof HBaseShellError) return [`  no move command: ${e.message}`];
    throw e;
  }
}

/** The swaps to act on, what they do to the servers' shares, and the multipliers that make HBase's balancer take them. */
function renderSwapAdvice(s: BalancerSwapWhatIf, needed: readonly SwapMultiplier[]): string[] {
  if (s.swaps.length === 0) return [];
  const moved = s.serverShares.filter((x) => Math.abs(x.after - x.before) > 1e-9);
  return [
    `swaps keep region counts even: ${moved.map((x) => `${x.server} ${pct(x.before)} → ${pct(x.after)}`).join(', ')} of the requests`,
    'HBase has no swap command: a swap is two `move` steps, after `balance_switch false` (so no balancer run undoes one half):',
    ...swapMoves(s),
    'HBase\'s balancer acts and keeps these swaps itself with, one at a time (the others at their defaults):',
    ...describeSwapMultipliers(needed).map((line) => `  ${line}`),
  ];
}

/** Registers `fix balancer` on the `fix` command. */
export function registerFixBalancer(fix: Command, io: CliIo): void {
  seriesSourceOptions(fix
    .command('balancer')
    .description("HBase's stochastic balancer cost of the current placement, with default and raised request weights: would it act, what would it move or swap")
    .argument('[series]', 'load series NDJSON file, - for stdin')
    .option('--read-cost <n>', 'hbase.master.balancer.stochastic.readRequestCost for the what-if', '50')
    .option('--write-cost <n>', 'hbase.master.balancer.stochastic.writeRequestCost for the what-if', '50')
    .option('--servers <names...>', 'RegionServers hosting none of the table\'s regions (host,port,startcode)')
    .option('--json', 'print both what-ifs and the swap search as JSON'))
    .action(async (file: string | undefined, flags: FixBalancerFlags) => {
      const raised = { ...DEFAULT_MULTIPLIERS, readRequestCost: weight(flags.readCost, '--read-cost'), writeRequestCost: weight(flags.writeCost, '--write-cost') };
      const badServer = flags.servers?.find((name) => !isServerName(name));
      if (badServer !== undefined) {
        throw new HotspotError('FIX_OPTION_INVALID', `--servers ${badServer}: write a RegionServer as host,port,startcode (as /status/cluster and list_regions name it)`, { field: '--servers' });
      }
      const whole = await detectSeriesWhole(file, flags, io);
      // the balancer places the table's regions on every live RegionServer, also those holding only other tables'
      const others = [...new Set(whole.snapshots.at(-1)?.regions.map((r) => r.server) ?? [])];
      for (const name of flags.servers ?? []) {
        const same = others.find((o) => o !== name && hostPort(o) === hostPort(name));
        if (same !== undefined) {
          throw new HotspotError('FIX_OPTION_INVALID', `--servers ${name}: ${same} of the series is the same host and port under another start code, one RegionServer, not two; leave it out`, { field: '--servers' });
        }
      }
      const series = requireOneTable(whole, flags.table, DEFAULT_K);
      const cluster = clusterFromSeries(series, [...others, ...(flags.servers ?? [])]);
      const defaults = balancerWhatIf(cluster);
      const tuned = balancerWhatIf(cluster, raised);
      // swaps are searched beside the moves, each from the current placement
      const swapDefaults = balancerSwapWhatIf(cluster);
      const swapRaised = balancerSwapWhatIf(cluster, raised);
      const acted = swapRaised.swaps.length > 0 ? swapRaised : swapDefaults;
      const needed = swapMultipliers(cluster, acted.swaps);
      if (flags.json) printJson(io, { defaults, raised: tuned, swaps: { defaults: swapDefaults, raised: swapRaised, needed } });
      else {
        const block = (title: string, w: BalancerWhatIf, sw: BalancerSwapWhatIf) => [render(title, w, sw.swaps.length > 0, series.table), ...renderSwaps(sw)].join('\n');
        const advice = renderSwapAdvice(acted, needed);
        io.stdout(`${block('default weights', defaults, swapDefaults)}\n\n${block(`read ${raised.readRequestCost}, write ${raised.writeRequestCost}`, tuned, swapRaised)}\n${advice.length > 0 ? `\n${advice.join('\n')}\n` : ''}`);
      }
    });
}
