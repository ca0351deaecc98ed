package hbasehotspot.keys;

import java.util.Arrays;

/**
 * The salt prefixes other systems write in front of a rowkey, byte for byte as those systems compute them (mirrors
 * src/keys/compat/): Apache Phoenix's salt byte, HBaseWD's one-byte hash prefix and OpenTSDB's row salt. All three hash
 * with {@code Arrays.hashCode(byte[])} ({@code 31 * h + b} over signed bytes from 1); Phoenix and OpenTSDB then take
 * {@code Math.abs(hash % N)}, HBaseWD {@code Math.abs(hash) % N} (they differ only for {@code Integer.MIN_VALUE}).
 */
public final class CompatSalts {
  /** {@code Const.TIMESTAMP_BYTES}: an OpenTSDB row's base time is 4 bytes. */
  public static final int OPENTSDB_TIMESTAMP_BYTES = 4;

  private CompatSalts() {}

  private static int hash(byte[] b, int from, int to) {
    int h = 1;
    for (int i = from; i < to; i++) h = 31 * h + b[i];
    return h;
  }

  private static void oneByteBuckets(int buckets, String where, String setting) {
    if (buckets < 1 || buckets > 256) {
      throw new TemplateException("COMPAT_BUCKETS_INVALID", where + ": " + setting + " must be an integer from 1 to 256 (one salt byte), got " + buckets);
    }
  }

  /**
   * Phoenix's {@code SaltingUtil.getSaltingByte} over {@code rest[from, to)}, the key bytes after the salt byte.
   * @param buckets the table's {@code SALT_BUCKETS}, 1..256
   * @return the salt byte, 0..buckets-1
   * @throws TemplateException COMPAT_BUCKETS_INVALID
   */
  public static int phoenixSaltByte(byte[] rest, int from, int to, int buckets) {
    oneByteBuckets(buckets, "phoenixSalt", "SALT_BUCKETS");
    return Math.abs(hash(rest, from, to) % buckets);
  }

  /**
   * HBaseWD's {@code OneByteSimpleHash(buckets).getHashPrefix} over the original key {@code key[from, to)}:
   * {@code (byte) (Math.abs(hash) % buckets)}, a byte outside 0..buckets-1 for a hash of {@code Integer.MIN_VALUE}.
   * @return the prefix byte as 0..255
   * @throws TemplateException COMPAT_BUCKETS_INVALID
   */
  public static int hbasewdPrefixByte(byte[] key, int from, int to, int buckets) {
    oneByteBuckets(buckets, "hbasewd", "maxBuckets");
    long h = Math.abs(hash(key, from, to));
    return ((byte) (h % buckets)) & 0xff;
  }

  /**
   * Checks an OpenTSDB salt setting: width 1..8 bytes, buckets 1 up to what the width holds (at most a Java int).
   * @throws TemplateException COMPAT_WIDTH_INVALID, COMPAT_BUCKETS_INVALID
   */
  public static void checkOpentsdbSalt(long buckets, int widthBytes, String where) {
    if (widthBytes < 1 || widthBytes > 8) {
      throw new TemplateException("COMPAT_WIDTH_INVALID", where + ": salt width must be an integer from 1 to 8 bytes (tsd.storage.salt.width), got " + widthBytes);
    }
    long limit = Math.min(1L << (8 * Math.min(widthBytes, 4)), 0x7fffffffL);
    if (buckets < 1 || buckets > limit) {
      throw new TemplateException("COMPAT_BUCKETS_INVALID", where + ": salt buckets must be an integer from 1 to " + limit + " for a "
          + widthBytes + "-byte salt (tsd.storage.salt.buckets), got " + buckets);
    }
  }

  /** OpenTSDB's {@code RowKey.getSaltBytes(bucket)}: big-endian in {@code widthBytes}, Java's shift-count masking. */
  public static byte[] opentsdbSaltBytes(int bucket, int widthBytes) {
    byte[] out = new byte[widthBytes];
    int shift = 0;
    for (int i = 1; i <= widthBytes; i++) {
      out[widthBytes - i] = (byte) (bucket >>> shift);
      shift += 8;
    }
    return out;
  }

  /**
   * OpenTSDB's {@code RowKey.prefixKeyWithSalt}: {@code row} with its first {@code saltWidth} bytes set to the salt of
   * its metric and tags (the 4-byte base time after the metric left out). A row too short to hold a metric, or whose
   * metric UID is all zero (the global annotation row), is returned unchanged.
   * @throws TemplateException COMPAT_ROW_SHORT when the row ends inside the base time
   */
  public static byte[] opentsdbPrefixKeyWithSalt(byte[] row, int saltWidth, int buckets, int metricWidth) {
    checkOpentsdbSalt(buckets, saltWidth, "opentsdbSalt");
    byte[] out = row.clone();
    if (row.length < saltWidth + metricWidth) return out;
    boolean zero = true;
    for (int i = saltWidth; i < saltWidth + metricWidth; i++) zero &= row[i] == 0;
    if (zero) return out;
    int tagsStart = saltWidth + metricWidth + OPENTSDB_TIMESTAMP_BYTES;
    if (row.length < tagsStart) {
      throw new TemplateException("COMPAT_ROW_SHORT", "OpenTSDB row of " + row.length + " bytes ends inside the 4-byte base time (needs at least " + tagsStart + " bytes)");
    }
    byte[] series = new byte[row.length - saltWidth - OPENTSDB_TIMESTAMP_BYTES];
    System.arraycopy(row, saltWidth, series, 0, metricWidth);
    System.arraycopy(row, tagsStart, series, metricWidth, row.length - tagsStart);
    int modulo = Arrays.hashCode(series) % buckets;
    if (modulo < 0) modulo = -modulo;
    System.arraycopy(opentsdbSaltBytes(modulo, saltWidth), 0, out, 0, saltWidth);
    return out;
  }
}
