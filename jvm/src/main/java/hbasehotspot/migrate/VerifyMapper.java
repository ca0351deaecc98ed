package hbasehotspot.migrate;

import hbasehotspot.keys.RowkeyTemplate;
import hbasehotspot.keys.TemplateException;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.TableMapper;
import org.apache.hadoop.hbase.mapreduce.TableSnapshotInputFormat;
import org.apache.hadoop.io.BytesWritable;

/**
 * The verify job's map step, over a region of either table's snapshot (which one: the split's table). For each row
 * it works out the row's key in the new format (the old table's keys mapped with the template pair, the new table's
 * taken as they are), its salt bucket (the first of the given bucket prefixes the new key holds at the given offset,
 * -1 for none) and the time ranges its cells fall in, and adds to the partitions {@code (side, range, bucket)}: one
 * row per range a cell of it falls in, and per cell one cell and its hash (see {@link #cellHash}). Range -1 is every
 * cell whatever its timestamp, so the bucket totals need no extra pass. Partitions are summed in memory and emitted
 * once per task (in-mapper combining, as HBase's {@code HashTable} hashes a whole key range before it writes).
 *
 * <p>Rows whose new key falls in the sample (a seeded hash of the new key below the share, so both sides pick the
 * same rows) are emitted whole under the new key for the reducer's cell-by-cell comparison; old rows whose key does
 * not map go to the reducer as rejects (counted, and the first ones listed), never dropped silently.
 *
 * <p>Map output key: tag byte ({@link #PARTITION}, {@link #SAMPLE}, {@link #REJECT}) then the partition
 * ({@code side, range, bucket} as a byte and two ints), the new key, or the old key. Values: see {@link VerifyReducer}.
 */
public class VerifyMapper extends TableMapper<BytesWritable, BytesWritable> {
  /** Key tags. */
  static final byte PARTITION = 0, SAMPLE = 1, REJECT = 2;
  /** Sides. */
  static final byte OLD = 0, NEW = 1;

  private RowkeyTemplate oldTemplate;
  private RowkeyTemplate newTemplate;
  private boolean oldSide;
  private long[] bounds;
  private int bucketOffset;
  private byte[][] bucketPrefixes;
  private double sampleRate;
  private long seed;
  private MessageDigest md5;
  /** (range, bucket) -> {rows, cells, hashHigh, hashLow}. */
  private final Map<Long, long[]> partitions = new HashMap<>();

  @Override
  protected void setup(Context context) throws IOException {
    Configuration conf = context.getConfiguration();
    oldTemplate = RowkeyTemplate.compile(conf.get(VerifyJob.OLD_TEMPLATE_KEY));
    newTemplate = RowkeyTemplate.compile(conf.get(VerifyJob.NEW_TEMPLATE_KEY));
    TableName table = ((TableSnapshotInputFormat.TableSnapshotRegionSplit) context.getInputSplit()).getRegion().getTable();
    oldSide = table.getNameAsString().equals(conf.get(VerifyJob.FROM_KEY));
    bounds = VerifyJob.longs(conf.get(VerifyJob.TIME_BOUNDS_KEY, ""));
    bucketOffset = conf.getInt(VerifyJob.BUCKET_OFFSET_KEY, 0);
    bucketPrefixes = VerifyJob.hexList(conf.get(VerifyJob.BUCKET_PREFIXES_KEY, ""));
    sampleRate = conf.getDouble(VerifyJob.SAMPLE_KEY, 0.01);
    seed = conf.getLong(VerifyJob.SEED_KEY, 1);
    md5 = md5();
  }

  @Override
  protected void map(ImmutableBytesWritable key, Result row, Context context) throws IOException, InterruptedException {
    Cell[] cells = row.rawCells();
    byte[] rowKey = row.getRow();
    byte[] newKey = rowKey;
    if (oldSide) {
      try {
        newKey = newTemplate.encode(oldTemplate.decode(rowKey));
      } catch (TemplateException e) {
        context.getCounter(VerifyJob.Counter.REJECTED_ROWS).increment(1);
        context.getCounter(VerifyJob.Counter.REJECTED_CELLS).increment(cells.length);
        context.write(tagged(REJECT, rowKey), new BytesWritable(BackfillMapper.rejectLine(rowKey, cells.length, e).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        return;
      }
    }
    int bucket = bucketOf(newKey, bucketOffset, bucketPrefixes);
    TreeSet<Integer> ranges = new TreeSet<>();
    long[] all = partition(-1, bucket);
    all[0]++;
    for (Cell cell : cells) {
      long[] h = cellHash(md5, newKey, cell);
      add(all, h);
      int range = rangeOf(bounds, cell.getTimestamp());
      if (range >= 0) {
        add(partition(range, bucket), h);
        ranges.add(range);
      }
    }
    for (int range : ranges) partition(range, bucket)[0]++;
    context.getCounter(oldSide ? VerifyJob.Counter.OLD_ROWS : VerifyJob.Counter.NEW_ROWS).increment(1);
    if (sampled(newKey, sampleRate, seed, md5)) context.write(tagged(SAMPLE, newKey), new BytesWritable(sampleValue(oldSide ? OLD : NEW, rowKey, cells)));
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    for (Map.Entry<Long, long[]> e : partitions.entrySet()) {
      int range = (int) (e.getKey() >> 32);
      int bucket = (int) (long) e.getKey();
      ByteBuffer k = ByteBuffer.allocate(10).put(PARTITION).put(oldSide ? OLD : NEW).putInt(range).putInt(bucket);
      ByteBuffer v = ByteBuffer.allocate(32);
      for (long x : e.getValue()) v.putLong(x);
      context.write(new BytesWritable(k.array()), new BytesWritable(v.array()));
    }
  }

  private long[] partition(int range, int bucket) {
    return partitions.computeIfAbsent(((long) range << 32) | (bucket & 0xffffffffL), k -> new long[4]);
  }

  private static void add(long[] partition, long[] hash) {
    partition[1]++;
    partition[2] += hash[0];
    partition[3] += hash[1];
  }

  /**
   * A cell's 128-bit hash as two longs: MD5 over the new row key, family, qualifier (each length-prefixed), timestamp,
   * type byte and value (length-prefixed). A partition's hash is the sum of its cells' hashes modulo 2^64 per half, so
   * it does not depend on the order the cells arrive in (tasks, regions, splits), and a cell counted twice changes it
   * (a XOR would cancel).
   */
  static long[] cellHash(MessageDigest md5, byte[] newRow, Cell cell) {
    md5.reset();
    ByteBuffer head = ByteBuffer.allocate(4);
    md5.update(head.putInt(0, newRow.length).array());
    md5.update(newRow);
    md5.update(head.putInt(0, cell.getFamilyLength()).array());
    md5.update(cell.getFamilyArray(), cell.getFamilyOffset(), cell.getFamilyLength());
    md5.update(head.putInt(0, cell.getQualifierLength()).array());
    md5.update(cell.getQualifierArray(), cell.getQualifierOffset(), cell.getQualifierLength());
    md5.update(ByteBuffer.allocate(9).putLong(cell.getTimestamp()).put(cell.getTypeByte()).array());
    md5.update(head.putInt(0, cell.getValueLength()).array());
    md5.update(cell.getValueArray(), cell.getValueOffset(), cell.getValueLength());
    ByteBuffer d = ByteBuffer.wrap(md5.digest());
    return new long[] {d.getLong(), d.getLong()};
  }

  /** Index of the first prefix {@code key} holds at {@code offset}; 0 when there are none (one bucket); -1 when it holds none of them. */
  static int bucketOf(byte[] key, int offset, byte[][] prefixes) {
    if (prefixes.length == 0) return 0;
    for (int b = 0; b < prefixes.length; b++) {
      byte[] p = prefixes[b];
      if (key.length >= offset + p.length && Arrays.equals(key, offset, offset + p.length, p, 0, p.length)) return b;
    }
    return -1;
  }

  /** Index i of the range {@code [bounds[i], bounds[i+1])} holding {@code t}, or -1 outside them all. */
  static int rangeOf(long[] bounds, long t) {
    if (bounds.length < 2 || t < bounds[0] || t >= bounds[bounds.length - 1]) return -1;
    int lo = 0, hi = bounds.length - 1;
    while (hi - lo > 1) {
      int mid = (lo + hi) >>> 1;
      if (bounds[mid] <= t) lo = mid;
      else hi = mid;
    }
    return lo;
  }

  /** Whether the row of new key {@code newKey} is in the sample: the top 53 bits of MD5(seed, key) as a share below {@code rate}. */
  static boolean sampled(byte[] newKey, double rate, long seed, MessageDigest md5) {
    if (rate <= 0) return false;
    if (rate >= 1) return true;
    md5.reset();
    md5.update(ByteBuffer.allocate(8).putLong(seed).array());
    md5.update(newKey);
    long top = ByteBuffer.wrap(md5.digest()).getLong() >>> 11;
    return top / (double) (1L << 53) < rate;
  }

  /** A sampled row for the reducer: side, old key (the row's own key), cell count, then per cell family, qualifier, timestamp, value. */
  static byte[] sampleValue(byte side, byte[] rowKey, Cell[] cells) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeByte(side);
    out.writeInt(rowKey.length);
    out.write(rowKey);
    out.writeInt(cells.length);
    for (Cell c : cells) {
      out.writeInt(c.getFamilyLength());
      out.write(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength());
      out.writeInt(c.getQualifierLength());
      out.write(c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength());
      out.writeLong(c.getTimestamp());
      out.writeInt(c.getValueLength());
      out.write(c.getValueArray(), c.getValueOffset(), c.getValueLength());
    }
    out.flush();
    return bytes.toByteArray();
  }

  private static BytesWritable tagged(byte tag, byte[] key) {
    byte[] k = new byte[key.length + 1];
    k[0] = tag;
    System.arraycopy(key, 0, k, 1, key.length);
    return new BytesWritable(k);
  }

  static MessageDigest md5() {
    try {
      return MessageDigest.getInstance("MD5");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no MD5", e);
    }
  }
}
