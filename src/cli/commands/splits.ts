/**
 * `hbase-hotspot splits`: pre-split points, in one of four forms (exactly one per call):
 * - `--algorithm hex|decimal|uniform --regions N [--first K --last K]`: HBase's RegionSplitter algorithms;
 * - `--template '<template>' [--regions-per-bucket k [--samples keys.txt]]`: one region per salt bucket, or k per
 *   bucket (cut at the quantiles of the sampled keys in each bucket that fit the template, the others left out with a
 *   note, refused when none is usable; or, without samples, evenly over the next key part's alphabet: refused for a
 *   number or time, with a warning on stderr unless the part is a digest); a salt of one bucket cut into one region is
 *   refused (no split point);
 * - `--samples keys.txt --regions N`: quantiles of sampled keys (shares of the sample per region on stderr);
 * - `--traffic-median --samples keys.txt --start K --end K`: the split point dividing a region's requests.
 * Sizing: `--servers N [--regions-per-server 20] [--data-bytes 4TB] [--region-size 10GB]` gives the region count in
 * place of `--regions` (for `--algorithm` and `--samples`); alone, it prints just the sizing.
 *
 * Output: split points one per line in toStringBinary (a SPLITS_FILE for `create 'T', 'd', SPLITS_FILE => '...'`),
 * notes on stderr; `--format shell` prints the `create` statement (needs `--table` and `--family`/`--families`);
 * The shell statement comes from the shell adapter (`createTableCommand`), which writes split points as
 * `toStringBinary` text in Ruby literals, since the shell parses `SPLITS` with `Bytes.toBytesBinary`.
 * `--json` prints `{"splits": [...], "regions": N}` plus, where they apply, `"shares"` (per region for samples, per
 * daughter for a traffic median), `"byteMidpoint"`, `"byteMidpointShares"`, `"hottestRow"`, `"sizing"`, `"notes"`.
 */
import { toBytesBinary, toStringBinary } from '../../bytes/index.js';
import { createTableCommand, type ShellFamilySpec } from '../../hbase/shell/index.js';
import { quantileSplitPoints } from '../../regions/quantile-splits.js';
import { checkSaltRegionTotal, evenCutCaveat, saltSampleSplitPoints, saltSplitPoints } from '../../regions/salt-splits.js';
import { parseSampleKeys } from '../../regions/sample-keys.js';
import type { Sizing } from '../../regions/sizing.js';
import { computeSplits, SPLIT_ALGORITHMS } from '../../regions/split-algorithms.js';
import { trafficMedian } from '../../regions/traffic-median.js';
import type { WeightedKey } from '../../regions/weighted-keys.js';
import type { RowkeyTemplate } from '../../keys/types.js';
import { HotspotError } from '../../util/errors.js';
import { type CliIo, printJson } from '../io.js';
import { readTextFile } from '../read-text.js';
import type { CliCommand } from '../program.js';
import { compileTemplateOption } from '../template-option.js';
import { parseFamilyOption, readFamiliesFile } from './splits-families.js';
import { chooseForm, type Form, regionCount, sizingOf, type SplitsFlags, wholeNumber } from './splits-options.js';
import { plainTableName } from '../../regions/index.js';

async function readSamples(file: string | undefined, io: CliIo): Promise<WeightedKey[]> {
  if (file === undefined) throw new HotspotError('SPLITS_SAMPLES_MISSING', '--traffic-median needs --samples keys.txt (request keys, one per line)');
  if (file === '-') return parseSampleKeys(await io.readStdin(), '<stdin>');
  return parseSampleKeys(await readTextFile(file, 'samples file'), file);
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const key = (name: string, text: string | undefined) => (text === undefined ? new Uint8Array(0) : toBytesBinary(text, name));

/**
 * Refuses a salted key that gives no split point: a salt of one bucket, cut into one region, is the one region every
 * table starts as, so there is nothing to pre-split (as `--regions 1` is refused, with HBase's "Split count must be > 1").
 * @throws HotspotError `SPLITS_NONE` naming `--template`, the salt part and its bucket count, and what gives split points.
 */
function refuseOneRegion(template: RowkeyTemplate): never {
  const salt = template.parts.find((p) => p.buckets !== undefined);
  const what = salt === undefined ? 'its salt' : `"${salt.source}" at template position ${salt.position}`;
  const next = template.parts.slice(salt === undefined ? 0 : template.parts.indexOf(salt) + 1).some((p) => p.kind !== 'literal');
  throw new HotspotError(
    'SPLITS_NONE',
    `--template "${template.source}": ${what} has 1 bucket, and one bucket is one region, the region every table starts as: ` +
      'there is no split point to print (a pre-split needs 2 regions or more, as --regions does); give the salt more buckets (e.g. 16)' +
      (next ? ', or cut the bucket into k regions with --regions-per-bucket k (2 or more), where its keys lie with --samples keys.txt (sampled rowkeys) or evenly without' : ''),
    { field: '--template' },
  );
}

/** What one form computed, before rendering. */
interface SplitsResult {
  splits: Uint8Array[];
  json: Record<string, unknown>;
  notes: string[];
}

async function compute(form: Form, flags: SplitsFlags, sizing: Sizing | undefined, io: CliIo): Promise<SplitsResult> {
  if (form === 'algorithm') {
    const regions = regionCount(flags, sizing);
    const splits = computeSplits(flags.algorithm as string, { regions, ...(flags.first === undefined ? {} : { first: flags.first }), ...(flags.last === undefined ? {} : { last: flags.last }) });
    return { splits, json: {}, notes: [] };
  }
  if (form === 'template') {
    const perBucket = wholeNumber(flags.regionsPerBucket, '--regions-per-bucket');
    const template = compileTemplateOption(flags.template as string, '--template');
    checkSaltRegionTotal(template, perBucket ?? 1);
    if (flags.samples === undefined) {
      const splits = saltSplitPoints(template, perBucket === undefined ? {} : { regionsPerBucket: perBucket });
      if (splits.length === 0) refuseOneRegion(template);
      // even cuts inside a bucket are printed only with what they assume, unless the part is a digest
      const caveat = evenCutCaveat(template, perBucket ?? 1);
      return caveat === undefined ? { splits, json: {}, notes: [] } : { splits, json: { notes: [caveat] }, notes: [`warning: ${caveat}`] };
    }
    if (perBucket === undefined || perBucket < 2) {
      throw new HotspotError('SPLITS_OPTION_UNUSED', '--samples with --template cuts each salt bucket at sampled keys: add --regions-per-bucket k (2 or more)', { field: '--samples' });
    }
    const cut = saltSampleSplitPoints(template, perBucket, await readSamples(flags.samples, io));
    const shares = cut.bucketShares.flatMap((b, i) => (b ? [`bucket ${i}: ${b.map(percent).join(' / ')} of its samples`] : []));
    return { splits: cut.splits, json: { bucketShares: cut.bucketShares, ...(cut.notes.length ? { notes: cut.notes } : {}) }, notes: [...cut.notes, ...shares] };
  }
  const samples = await readSamples(flags.samples, io);
  if (form === 'samples') {
    const q = quantileSplitPoints(samples, regionCount(flags, sizing));
    const notes = [...q.notes, ...q.shares.map((s, i) => `region ${i + 1}: ${percent(s)} of the samples`)];
    return { splits: q.splits, json: { shares: q.shares, ...(q.notes.length ? { notes: q.notes } : {}) }, notes };
  }
  const t = trafficMedian(samples, key('--start', flags.start), key('--end', flags.end));
  const notes = [
    `daughters take ${percent(t.shares[0])} / ${percent(t.shares[1])} of ${t.requests} sampled requests`,
    `the byte midpoint ${toStringBinary(t.byteMidpoint)} would give ${percent(t.byteMidpointShares[0])} / ${percent(t.byteMidpointShares[1])}`,
    ...(t.hottestRow.share >= 0.5 ? [`row ${toStringBinary(t.hottestRow.key)} alone takes ${percent(t.hottestRow.share)}: a split cannot cool one row`] : []),
    ...(t.outside > 0 ? [`${t.outside} sampled requests fall outside the region and were left out`] : []),
  ];
  const json = {
    shares: t.shares,
    byteMidpoint: toStringBinary(t.byteMidpoint),
    byteMidpointShares: t.byteMidpointShares,
    hottestRow: { key: toStringBinary(t.hottestRow.key), share: t.hottestRow.share },
    requests: t.requests,
    outside: t.outside,
  };
  return { splits: [t.splitKey], json, notes };
}

async function families(flags: SplitsFlags): Promise<ShellFamilySpec[]> {
  const fromFile = flags.families === undefined ? [] : await readFamiliesFile(flags.families);
  const all = [...fromFile, ...flags.family.map(parseFamilyOption)];
  if (all.length === 0) {
    throw new HotspotError('FAMILY_MISSING', "--format shell needs the column families: --family 'd:VERSIONS=1,COMPRESSION=SNAPPY' (repeatable) or --families file.yaml", { field: '--family' });
  }
  const names = all.map((f) => f.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) {
    // a mapping file holds each name once: a name twice is in --family twice, or in the file and in --family
    const inFile = fromFile.some((f) => f.name === twice);
    const where = inFile ? `is in --families ${flags.families as string} and given with --family too` : 'is given twice';
    throw new HotspotError('FAMILY_DUPLICATE', `column family "${twice}" ${where}; give each family once`, { field: '--family' });
  }
  return all;
}

/** The `splits` command. */
export const splitsCommand: CliCommand = {
  register(program, io) {
    program
      .command('splits')
      .description('pre-split points: HBase RegionSplitter algorithms, salt buckets, sampled-key quantiles or a traffic median')
      .option('--algorithm <name>', `split algorithm: ${SPLIT_ALGORITHMS.map((a) => `${a.name} (${a.hbaseClass}, ${a.defaultFirst || "''"}..${a.defaultLast})`).join(', ')}`)
      .option('--regions <n>', 'number of regions (split points = n - 1)')
      .option('--first <row>', 'first row (RegionSplitter --firstrow): hex/decimal digits, or toStringBinary for uniform')
      .option('--last <row>', 'last row, inclusive (RegionSplitter --lastrow)')
      .option('--template <template>', 'rowkey template starting with a salt, e.g. {salt(id,16)}_{id}: one region per bucket')
      .option('--regions-per-bucket <k>', 'with --template: k regions per bucket, cut at sampled keys with --samples (needed for a number or time after the salt), else evenly over the next key part')
      .option('--samples <file>', 'sampled keys: toStringBinary per line (TAB weight optional) or NDJSON {"key","weight"}; - for stdin')
      .option('--traffic-median', 'split one region at the median of its requests (with --samples, --start, --end)')
      .option('--start <key>', 'with --traffic-median: region start key (toStringBinary; empty = table start)')
      .option('--end <key>', 'with --traffic-median: region end key (toStringBinary; empty = table end)')
      .option('--servers <n>', 'sizing: RegionServers; gives the region count in place of --regions')
      .option('--regions-per-server <n>', 'sizing: target regions per RegionServer (usual 10-30)', undefined)
      .option('--data-bytes <size>', 'sizing: expected table size, e.g. 4TB')
      .option('--region-size <size>', 'sizing: target region size, e.g. 10GB (usual 10-20 GB)')
      .option('--format <format>', 'splits (one per line, a SPLITS_FILE) or shell (an hbase shell create statement)', 'splits')
      .option('--table <name>', 'with --format shell: table name', plainTableName)
      .option('--family <spec>', "with --format shell: column family, e.g. 'd:VERSIONS=1,TTL=7776000,COMPRESSION=SNAPPY' (repeatable)", (v: string, all: string[]) => [...all, v], [])
      .option('--families <file>', 'with --format shell: YAML/JSON mapping of family name to attributes')
      .option('--json', 'print {"splits": [...], "regions": N, ...} as JSON')
      .action(async (flags: SplitsFlags) => {
        if (flags.format !== 'splits' && flags.format !== 'shell') {
          throw new HotspotError('SPLITS_OPTION_INVALID', `--format "${flags.format}" is not splits or shell`, { field: '--format' });
        }
        if (flags.json && flags.format === 'shell') throw new HotspotError('SPLITS_FORM_CONFLICT', '--json and --format shell are different outputs; choose one');
        if (flags.format !== 'shell' && (flags.table !== undefined || flags.family.length > 0 || flags.families !== undefined)) {
          throw new HotspotError('SPLITS_OPTION_UNUSED', '--table, --family and --families only apply to --format shell; add it or remove them');
        }
        const form = chooseForm(flags);
        const sizing = sizingOf(flags);
        if (form === 'sizing' && sizing) {
          // the sizing alone: no split points, so no create statement to check the table and families for
          if (flags.json) printJson(io, { sizing });
          else io.stdout(`${[sizing.explanation, ...sizing.warnings.map((w) => `warning: ${w}`)].join('\n')}\n`);
          return;
        }
        // the create statement's table and families are checked before any split point is computed or noted
        if (flags.format === 'shell' && flags.table === undefined) {
          throw new HotspotError('SPLITS_TABLE_MISSING', '--format shell needs --table NAME for the create statement', { field: '--table' });
        }
        const shellFamilies = flags.format === 'shell' ? await families(flags) : undefined;
        const result = await compute(form, flags, sizing, io);
        const notes = [...(sizing ? [sizing.explanation, ...sizing.warnings] : []), ...result.notes];
        if (flags.json) {
          printJson(io, { splits: result.splits.map((s) => toStringBinary(s)), regions: result.splits.length + 1, ...result.json, ...(sizing ? { sizing } : {}) });
          return;
        }
        for (const note of notes) io.stderr(`${note}\n`);
        if (flags.table !== undefined && shellFamilies !== undefined) {
          io.stdout(`${createTableCommand({ table: flags.table, families: shellFamilies, splits: result.splits })}\n`);
        } else {
          io.stdout(result.splits.map((s) => `${toStringBinary(s)}\n`).join(''));
        }
      });
  },
};
