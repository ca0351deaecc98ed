/**
 * Compatibility salt prefixes as template functions, each byte-identical to the system it names (see
 * `src/keys/compat/` for the algorithms and their sources). Unlike `salt(x, N)`, they take no field: each is
 * computed over the key bytes that FOLLOW it, as those systems compute it over the rest of the rowkey. Put one first:
 *
 * - `{phoenixSalt(N)}`: Apache Phoenix's salt byte for `SALT_BUCKETS = N` (1..256), over every following byte,
 *   e.g. `{phoenixSalt(8)}{tenant}\x00{id}`.
 * - `{hbasewd(N)}`: HBaseWD's `RowKeyDistributorByHashPrefix(new OneByteSimpleHash(N))` prefix byte (1..256), over
 *   the original key (every following byte), e.g. `{hbasewd(16)}{user}_{ts}`.
 * - `{opentsdbSalt(N, W)}` or `{opentsdbSalt(N, W, M, T)}`: OpenTSDB's `SALT_BUCKETS = N` salt written in
 *   `SALT_WIDTH = W` bytes, over the following bytes except the `T` base-time bytes that come after an `M`-byte
 *   metric UID (OpenTSDB's `metrics_width` and `TIMESTAMP_BYTES`; defaults 3 and 4), e.g.
 *   `{opentsdbSalt(20, 1)}\x00\x00\x01{...4-byte time...}\x00\x00\x01\x00\x00\x01`, or with an 8-byte time,
 *   `{opentsdbSalt(20, 1, 3, 8)}\x00\x00\x01{long(ts)}...`.
 */
import { HotspotError } from '../../util/errors.js';
import {
  checkHbasewdBuckets,
  checkOpentsdbSalt,
  checkPhoenixBuckets,
  hbasewdBucketBytes,
  hbasewdPrefixByte,
  opentsdbPrefixKeyWithSalt,
  opentsdbSaltBytes,
  OPENTSDB_TIMESTAMP_BYTES,
  phoenixBucketBytes,
  phoenixSaltByte,
} from '../compat/index.js';
import type { CallSite, CompiledCall, FunctionDescriptor } from './descriptor.js';
import { intArg } from './args.js';

/** OpenTSDB's default metric UID width in bytes (`tsd.storage.uid.width.metric`). */
export const OPENTSDB_DEFAULT_METRIC_WIDTH_BYTES = 3;

const where = (site: CallSite): string => `${site.source} at template position ${site.position}`;

/** The shared shape of a salt over the following bytes: `widthBytes` placeholder bytes filled in after the rest. */
function followingSalt(widthBytes: number, buckets: number, bucketBytes: (b: number) => Uint8Array, fill: CompiledCall['fillFromFollowing']): CompiledCall {
  return {
    inputs: [],
    fixedWidth: widthBytes,
    alphabet: 'binary',
    buckets,
    bucketBytes,
    order: 'none',
    write: (_record, out) => out.writeBytes(new Uint8Array(widthBytes)),
    ...(fill ? { fillFromFollowing: fill } : {}),
  };
}

/** `phoenixSalt(N)`: Phoenix's `SaltingUtil.getSaltingByte` over the following bytes. */
export const phoenixSaltFunction: FunctionDescriptor = {
  name: 'phoenixSalt',
  kind: 'phoenixSalt',
  summary: 'Apache Phoenix salt byte (SALT_BUCKETS = N) over the key bytes that follow',
  args: [{ name: 'buckets', kind: 'int', min: 1, max: 256 }],
  output: 'bytes',
  oneWay: true,
  compile(site) {
    const n = intArg(site, 0);
    checkPhoenixBuckets(n, where(site));
    return followingSalt(1, n, phoenixBucketBytes, (key, at, end) => {
      key[at] = phoenixSaltByte(key.subarray(at + 1, end), n);
    });
  },
};

/** `hbasewd(N)`: HBaseWD's `OneByteSimpleHash(N)` prefix over the following (original) key bytes. */
export const hbasewdFunction: FunctionDescriptor = {
  name: 'hbasewd',
  kind: 'hbasewdPrefix',
  summary: 'HBaseWD RowKeyDistributorByHashPrefix/OneByteSimpleHash(N) prefix byte over the key bytes that follow',
  args: [{ name: 'buckets', kind: 'int', min: 1, max: 256 }],
  output: 'bytes',
  oneWay: true,
  compile(site) {
    const n = intArg(site, 0);
    checkHbasewdBuckets(n, where(site));
    return followingSalt(1, n, hbasewdBucketBytes, (key, at, end) => {
      key[at] = hbasewdPrefixByte(key.subarray(at + 1, end), n);
    });
  },
};

/** `opentsdbSalt(N, W[, M, T])`: OpenTSDB's `RowKey.prefixKeyWithSalt` with the base time left out. */
export const opentsdbSaltFunction: FunctionDescriptor = {
  name: 'opentsdbSalt',
  kind: 'opentsdbSalt',
  summary: 'OpenTSDB salt (N buckets, W bytes) over the metric and tags that follow, base time left out',
  args: [
    { name: 'buckets', kind: 'int', min: 1, max: 0x7fff_ffff },
    { name: 'widthBytes', kind: 'int', min: 1, max: 8 },
  ],
  variadic: 'int',
  output: 'bytes',
  oneWay: true,
  compile(site) {
    const n = intArg(site, 0);
    const width = intArg(site, 1);
    if (site.args.length !== 2 && site.args.length !== 4) {
      throw new HotspotError(
        'TEMPLATE_ARITY',
        `${where(site)}: opentsdbSalt takes (buckets, widthBytes) or (buckets, widthBytes, metricWidthBytes, timestampBytes), got ${site.args.length} arguments`,
      );
    }
    const metric = site.args.length === 4 ? intArg(site, 2) : OPENTSDB_DEFAULT_METRIC_WIDTH_BYTES;
    const time = site.args.length === 4 ? intArg(site, 3) : OPENTSDB_TIMESTAMP_BYTES;
    if (metric < 1 || metric > 8 || time < 1 || time > 8) {
      throw new HotspotError(
        'TEMPLATE_ARGUMENT',
        `${where(site)}: metricWidthBytes and timestampBytes must be from 1 to 8, got ${metric} and ${time}`,
      );
    }
    checkOpentsdbSalt(n, width, where(site));
    return followingSalt(width, n, (b) => opentsdbSaltBytes(b, width), (key, at, end) => {
      // OpenTSDB hashes the metric and the tags, skipping the base time; a layout with a T-byte time is the same
      // computation as its 4-byte one with the time slice moved, so shift the time out before salting.
      const row = key.subarray(at, end);
      if (row.length >= width + metric && row.length < width + metric + time && row.subarray(width, width + metric).some((b) => b !== 0)) {
        throw new HotspotError(
          'COMPAT_ROW_SHORT',
          `${where(site)}: the key has ${row.length - width} bytes after the salt; OpenTSDB needs a ${metric}-byte metric UID and a ${time}-byte base time there`,
        );
      }
      const moved = time === OPENTSDB_TIMESTAMP_BYTES ? row : withTimeWidth(row, width + metric, time);
      const salted = opentsdbPrefixKeyWithSalt(moved, { saltWidthBytes: width, buckets: n, metricWidthBytes: metric });
      key.set(salted.subarray(0, width), at);
    });
  },
};

/** Rewrites a row's `time`-byte base time at `offset` as 4 zero bytes (the salt ignores it either way). */
function withTimeWidth(row: Uint8Array, offset: number, time: number): Uint8Array {
  if (row.length < offset + time) return row;
  const out = new Uint8Array(row.length - time + OPENTSDB_TIMESTAMP_BYTES);
  out.set(row.subarray(0, offset), 0);
  out.set(row.subarray(offset + time), offset + OPENTSDB_TIMESTAMP_BYTES);
  return out;
}

/** The compatibility family. */
export const compatFunctions: readonly FunctionDescriptor[] = [phoenixSaltFunction, hbasewdFunction, opentsdbSaltFunction];
