/**
 * The `splits` command's options: which form a call uses, the options each form accepts (anything else is refused,
 * never ignored), whole-number parsing, and the region count from `--regions` or from sizing.
 */
import { initialRegionCount, type Sizing } from '../../regions/sizing.js';
import { MAX_PRESPLIT_REGIONS } from '../../regions/split-algorithms.js';
import { HotspotError } from '../../util/errors.js';
import { parseSizeBytes } from '../../util/size.js';
import { wholeDecimal } from '../decimal.js';

/** Options as commander hands them over. */
export interface SplitsFlags {
  algorithm?: string;
  regions?: string;
  first?: string;
  last?: string;
  template?: string;
  regionsPerBucket?: string;
  samples?: string;
  trafficMedian?: boolean;
  start?: string;
  end?: string;
  servers?: string;
  regionsPerServer?: string;
  dataBytes?: string;
  regionSize?: string;
  format: string;
  table?: string;
  family: string[];
  families?: string;
  json?: boolean;
}

/** Where a `splits` call takes its split points from: an HBase split algorithm, a template's salt buckets, key samples'
 * quantiles, the traffic median of a hot region's samples, or sizing alone (the region count only). */
export type Form = 'algorithm' | 'template' | 'samples' | 'traffic-median' | 'sizing';

/** Options each form accepts besides the output options; anything else given is refused, never ignored. */
const FORM_OPTIONS: Record<Form, readonly (keyof SplitsFlags)[]> = {
  algorithm: ['algorithm', 'regions', 'first', 'last', 'servers', 'regionsPerServer', 'dataBytes', 'regionSize'],
  template: ['template', 'regionsPerBucket', 'samples'],
  samples: ['samples', 'regions', 'servers', 'regionsPerServer', 'dataBytes', 'regionSize'],
  'traffic-median': ['trafficMedian', 'samples', 'start', 'end'],
  sizing: ['servers', 'regionsPerServer', 'dataBytes', 'regionSize'],
};
const CHOOSERS: readonly (keyof SplitsFlags)[] = ['algorithm', 'regions', 'first', 'last', 'template', 'regionsPerBucket', 'samples', 'trafficMedian', 'start', 'end', 'servers', 'regionsPerServer', 'dataBytes', 'regionSize'];
const flagName = (key: string) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/**
 * Picks the form from the options given and refuses options the form does not use.
 * @throws HotspotError `SPLITS_FORM_CONFLICT` (two forms at once), `SPLITS_FORM_MISSING` (none),
 *   `SPLITS_OPTION_UNUSED` (an option the form ignores, named).
 */
export function chooseForm(flags: SplitsFlags): Form {
  const forms: Form[] = [];
  if (flags.algorithm !== undefined) forms.push('algorithm');
  if (flags.template !== undefined) forms.push('template');
  if (flags.trafficMedian) forms.push('traffic-median');
  else if (flags.samples !== undefined && flags.template === undefined) forms.push('samples');
  if (forms.length > 1) {
    throw new HotspotError('SPLITS_FORM_CONFLICT', `${forms.map((f) => flagName(f === 'traffic-median' ? 'trafficMedian' : f)).join(' and ')} are different forms; use one per call`);
  }
  const form = forms[0] ?? (flags.servers !== undefined ? 'sizing' : undefined);
  if (form === undefined) {
    throw new HotspotError('SPLITS_FORM_MISSING', 'say where split points come from: --algorithm hex|decimal|uniform, --template, --samples, --traffic-median, or --servers for sizing alone');
  }
  const stray = CHOOSERS.filter((key) => flags[key] !== undefined && !FORM_OPTIONS[form].includes(key));
  if (stray.length > 0) {
    throw new HotspotError('SPLITS_OPTION_UNUSED', `${stray.map(flagName).join(', ')} ${stray.length === 1 ? 'does' : 'do'} not apply to the ${form} form; remove ${stray.length === 1 ? 'it' : 'them'}`);
  }
  return form;
}

/**
 * Reads a whole-number option (surrounding blanks allowed); `undefined` when the option was not given.
 * @param name - the option, e.g. `--regions`, named in the error.
 * @throws HotspotError `SPLITS_OPTION_INVALID` for anything but a non-negative safe integer.
 */
export function wholeNumber(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  const n = wholeDecimal(text);
  if (n === undefined) {
    throw new HotspotError('SPLITS_OPTION_INVALID', `${name} "${text}" is not a whole number`, { field: name });
  }
  return n;
}

/**
 * The sizing of `--servers`, `--regions-per-server`, `--data-bytes` and `--region-size` (see `initialRegionCount`), or
 * `undefined` without `--servers`.
 * @throws HotspotError `SPLITS_OPTION_UNUSED` for sizing options without `--servers`; `SPLITS_OPTION_INVALID` and the
 *   size and sizing errors for bad values.
 */
export function sizingOf(flags: SplitsFlags): Sizing | undefined {
  const regionServers = wholeNumber(flags.servers, '--servers');
  if (regionServers === undefined) {
    const stray = (['regionsPerServer', 'dataBytes', 'regionSize'] as const).filter((k) => flags[k] !== undefined);
    if (stray.length > 0) throw new HotspotError('SPLITS_OPTION_UNUSED', `${stray.map(flagName).join(', ')} need --servers; add it or remove them`);
    return undefined;
  }
  const perServer = wholeNumber(flags.regionsPerServer, '--regions-per-server');
  return initialRegionCount({
    regionServers,
    ...(perServer === undefined ? {} : { regionsPerServer: perServer }),
    ...(flags.dataBytes === undefined ? {} : { dataBytes: parseSizeBytes(flags.dataBytes, '--data-bytes') }),
    ...(flags.regionSize === undefined ? {} : { regionSizeBytes: parseSizeBytes(flags.regionSize, '--region-size') }),
  });
}

/**
 * The region count: `--regions`, else the sizing's count.
 * @throws HotspotError `SPLITS_FORM_CONFLICT` when both are given, `SPLITS_REGIONS_MISSING` when neither is,
 *   `SPLIT_REGIONS_INVALID` (naming `--servers` and the sizing) when the sizing's count passes `MAX_PRESPLIT_REGIONS`.
 */
export function regionCount(flags: SplitsFlags, sizing: Sizing | undefined): number {
  const regions = wholeNumber(flags.regions, '--regions');
  if (regions !== undefined && sizing) throw new HotspotError('SPLITS_FORM_CONFLICT', '--regions and --servers both set the region count; give one');
  const count = regions ?? sizing?.regions;
  if (count === undefined) throw new HotspotError('SPLITS_REGIONS_MISSING', 'how many regions? give --regions N, or --servers N (with --data-bytes) to size it');
  if (regions === undefined && sizing && count > MAX_PRESPLIT_REGIONS) {
    throw new HotspotError(
      'SPLIT_REGIONS_INVALID',
      `sizing: ${sizing.explanation}; that is more than the ${MAX_PRESPLIT_REGIONS} regions a pre-split may have: ` +
        `${sizing.winner === 'data' ? 'raise --region-size' : 'lower --servers or --regions-per-server'} and let regions split as they grow`,
      { field: '--servers' },
    );
  }
  return count;
}
