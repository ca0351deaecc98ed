/** Compatibility salt prefixes, byte-identical to Apache Phoenix, HBaseWD and OpenTSDB. */
export { bucketModThenAbs, bucketAbsThenMod, checkOneByteBuckets, DIVERGENT_HASH, ONE_BYTE_MAX_BUCKETS } from './hash-bucket.js';
export { phoenixSaltByte, phoenixBucketBytes, checkPhoenixBuckets } from './phoenix.js';
export { hbasewdPrefixByte, hbasewdStrayPrefix, hbasewdBucketBytes, checkHbasewdBuckets } from './hbasewd.js';
export {
  opentsdbSaltBucket,
  opentsdbSaltBytes,
  opentsdbPrefixKeyWithSalt,
  checkOpentsdbSalt,
  OPENTSDB_TIMESTAMP_BYTES,
  OPENTSDB_MAX_SALT_WIDTH_BYTES,
  type OpentsdbRowLayout,
} from './opentsdb.js';
