/**
 * `hbase-hotspot fix balancer series.ndjson [--read-cost N --write-cost N] [--servers ...] [--json]`: the
 * StochasticLoadBalancer's cost of the series' last placement with HBase's default multipliers and with the given
 * request weights, whether it would act, and what it would move (see `src/fix/balancer/`).
 */
import type { Command } from 'commander';
import { DEFAULT_MULTIPLIERS, type BalancerWhatIf, balancerWhatIf, clusterFromSeries } from '../../fix/balancer/index.js';
import { HotspotError } from '../../util/errors.js';
import { DEFAULT_K } from '../../analysis/detect/index.js';
import { type DetectSourceFlags, detectSeriesOne, seriesSourceOptions } from '../detect-sources.js';
import { type CliIo, printJson } from '../io.js';

interface FixBalancerFlags extends DetectSourceFlags {
  readCost: string;
  writeCost: string;
  servers?: string[];
  json?: boolean;
}

function weight(text: string, flag: string): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n < 0) {
    throw new HotspotError('FIX_OPTION_INVALID', `${flag} ${text}: give a multiplier ≥ 0 (HBase's default is 5)`, { field: flag });
  }
  return n;
}

function render(title: string, w: BalancerWhatIf): string {
  const lines = [`${title}: weighted cost ${w.current.weightedCost.toFixed(4)} over multipliers ${w.current.sumMultiplier}; ${w.current.reason}`];
  for (const f of w.current.functions) lines.push(`  ${f.function.padEnd(28)} ${String(f.multiplier).padStart(6)} × ${f.cost.toFixed(4)}`);
  if (w.current.needsBalance && w.moves.length === 0) lines.push('  no single region move lowers the cost (a region hot on its own is not spread by moving it: split it)');
  for (const m of w.moves) lines.push(`  move ${m.encodedName} ${m.from} → ${m.to} (cost ${m.weightedCostAfter.toFixed(4)})`);
  return lines.join('\n');
}

/** Registers `fix balancer` on the `fix` command. */
export function registerFixBalancer(fix: Command, io: CliIo): void {
  seriesSourceOptions(fix
    .command('balancer')
    .description("HBase's stochastic balancer cost of the current placement, with default and raised request weights: would it act, what would it move")
    .argument('[series]', 'load series NDJSON file, - for stdin')
    .option('--read-cost <n>', 'hbase.master.balancer.stochastic.readRequestCost for the what-if', '50')
    .option('--write-cost <n>', 'hbase.master.balancer.stochastic.writeRequestCost for the what-if', '50')
    .option('--servers <names...>', 'RegionServers hosting none of the table\'s regions (host,port,startcode)')
    .option('--json', 'print both what-ifs as JSON'))
    .action(async (file: string | undefined, flags: FixBalancerFlags) => {
      const raised = { ...DEFAULT_MULTIPLIERS, readRequestCost: weight(flags.readCost, '--read-cost'), writeRequestCost: weight(flags.writeCost, '--write-cost') };
      const cluster = clusterFromSeries(await detectSeriesOne(file, flags, io, DEFAULT_K), flags.servers ?? []);
      const defaults = balancerWhatIf(cluster);
      const tuned = balancerWhatIf(cluster, raised);
      if (flags.json) printJson(io, { defaults, raised: tuned });
      else io.stdout(`${render('default weights', defaults)}\n\n${render(`read ${raised.readRequestCost}, write ${raised.writeRequestCost}`, tuned)}\n`);
    });
}
