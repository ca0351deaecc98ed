package hbasehotspot.migrate;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * The verify job's one reducer. Partition keys: the map tasks' sums added up and written as one line
 * {@code P side range bucket rows cells hash} (hash: 32 hex digits, the two 64-bit sums). Sample keys: the old row(s)
 * and the new row under one new key compared version by version (value and timestamp) and by newest version per
 * column, as the REST verify compares them; each difference is counted (counters of {@link VerifyJob.Counter}) and the
 * first {@code hbasehotspot.verify.max.differences} are written as {@code D {json}} lines. Reject keys: written as
 * {@code R {json}} lines, as many as differences.
 */
public class VerifyReducer extends Reducer<BytesWritable, BytesWritable, NullWritable, Text> {
  private int maxLines;
  private int differenceLines;
  private int rejectLines;

  /** One cell of a sampled row. */
  static final class SampleCell {
    final byte[] family, qualifier, value;
    final long timestamp;

    SampleCell(byte[] family, byte[] qualifier, long timestamp, byte[] value) {
      this.family = family;
      this.qualifier = qualifier;
      this.timestamp = timestamp;
      this.value = value;
    }

    String column() {
      return Bytes.toHex(family) + ":" + Bytes.toHex(qualifier);
    }

    String columnText() {
      return Bytes.toStringBinary(family) + ":" + Bytes.toStringBinary(qualifier);
    }
  }

  /** A sampled row: its side, its own key and its cells. */
  static final class SampleRow {
    final byte side;
    final byte[] key;
    final List<SampleCell> cells = new ArrayList<>();

    SampleRow(byte[] value) throws IOException {
      DataInputStream in = new DataInputStream(new ByteArrayInputStream(value));
      side = in.readByte();
      key = read(in);
      int n = in.readInt();
      for (int i = 0; i < n; i++) cells.add(new SampleCell(read(in), read(in), in.readLong(), read(in)));
    }

    private static byte[] read(DataInputStream in) throws IOException {
      byte[] b = new byte[in.readInt()];
      in.readFully(b);
      return b;
    }
  }

  @Override
  protected void setup(Context context) {
    maxLines = context.getConfiguration().getInt(VerifyJob.MAX_DIFFERENCES_KEY, 1000);
  }

  @Override
  protected void reduce(BytesWritable key, Iterable<BytesWritable> values, Context context) throws IOException, InterruptedException {
    byte[] k = key.copyBytes();
    switch (k[0]) {
      case VerifyMapper.PARTITION: {
        ByteBuffer p = ByteBuffer.wrap(k, 1, k.length - 1);
        byte side = p.get();
        int range = p.getInt(), bucket = p.getInt();
        long[] sum = new long[4];
        for (BytesWritable v : values) {
          ByteBuffer b = ByteBuffer.wrap(v.getBytes(), 0, v.getLength());
          for (int i = 0; i < 4; i++) sum[i] += b.getLong();
        }
        context.write(NullWritable.get(), new Text("P " + side + " " + range + " " + bucket + " " + sum[0] + " " + sum[1] + " " + String.format("%016x%016x", sum[2], sum[3])));
        break;
      }
      case VerifyMapper.REJECT:
        for (BytesWritable v : values) {
          if (rejectLines++ < maxLines) context.write(NullWritable.get(), new Text("R " + new String(v.copyBytes(), StandardCharsets.UTF_8)));
        }
        break;
      default: {
        byte[] newKey = new byte[k.length - 1];
        System.arraycopy(k, 1, newKey, 0, newKey.length);
        List<SampleRow> olds = new ArrayList<>();
        SampleRow newRow = null;
        for (BytesWritable v : values) {
          SampleRow r = new SampleRow(v.copyBytes());
          if (r.side == VerifyMapper.OLD) olds.add(r);
          else newRow = r;
        }
        List<String> found = new ArrayList<>();
        Consumer<String[]> out = d -> {
          context.getCounter(VerifyJob.Counter.valueOf(d[0].toUpperCase().replace('-', '_'))).increment(1);
          found.add(differenceJson(d));
        };
        if (olds.isEmpty()) {
          // Only in the new table: every cell of it is extra (the old side's counts show the extra row too).
          for (SampleCell c : newRow.cells) out.accept(new String[] {"cell-extra", "", Bytes.toStringBinary(newKey), c.columnText(), Long.toString(c.timestamp), "row only in the new table"});
        } else {
          // Two old keys mapping to one new key share the new row: their cells are compared together.
          SampleRow old = olds.get(0);
          for (int i = 1; i < olds.size(); i++) old.cells.addAll(olds.get(i).cells);
          context.getCounter(VerifyJob.Counter.SAMPLED_ROWS).increment(olds.size());
          context.getCounter(VerifyJob.Counter.COMPARED_CELLS).increment(compareRow(old, newKey, newRow, out));
        }
        for (String line : found) {
          if (differenceLines++ < maxLines) context.write(NullWritable.get(), new Text("D " + line));
        }
      }
    }
  }

  /**
   * Compares a sampled old row with the new row under its mapped key (null when there is none): every version of the
   * old row by column and timestamp (missing, or another value), every version only in the new row, and the newest
   * version per column. Differences go to {@code out} as {kind, oldKey, newKey, column, timestamp, detail}.
   * @return the cells compared: the old row's, or 0 when the new row is missing.
   */
  static int compareRow(SampleRow oldRow, byte[] newKey, SampleRow newRow, Consumer<String[]> out) {
    String ok = Bytes.toStringBinary(oldRow.key), nk = Bytes.toStringBinary(newKey);
    if (newRow == null) {
      out.accept(new String[] {"row-missing", ok, nk, null, null, oldRow.cells.size() + " cell(s) not in the new table"});
      return 0;
    }
    Map<String, SampleCell> index = new LinkedHashMap<>();
    Map<String, SampleCell> newest = new HashMap<>();
    for (SampleCell c : newRow.cells) {
      index.put(c.column() + "@" + c.timestamp, c);
      SampleCell n = newest.get(c.column());
      if (n == null || c.timestamp > n.timestamp) newest.put(c.column(), c);
    }
    Map<String, SampleCell> oldNewest = new LinkedHashMap<>();
    Set<String> valueDiffers = new HashSet<>();
    for (SampleCell c : oldRow.cells) {
      String col = c.column(), at = col + "@" + c.timestamp;
      SampleCell n = oldNewest.get(col);
      if (n == null || c.timestamp > n.timestamp) oldNewest.put(col, c);
      SampleCell got = index.remove(at);
      if (got == null) {
        out.accept(new String[] {"cell-missing", ok, nk, c.columnText(), Long.toString(c.timestamp), "version not in the new table"});
      } else if (!Bytes.equals(got.value, c.value)) {
        valueDiffers.add(at);
        out.accept(new String[] {"cell-value", ok, nk, c.columnText(), Long.toString(c.timestamp), "old " + Bytes.toStringBinary(c.value) + ", new " + Bytes.toStringBinary(got.value)});
      }
    }
    for (SampleCell c : index.values()) out.accept(new String[] {"cell-extra", ok, nk, c.columnText(), Long.toString(c.timestamp), "version only in the new table"});
    for (Map.Entry<String, SampleCell> e : oldNewest.entrySet()) {
      SampleCell c = e.getValue(), n = newest.get(e.getKey());
      // A newest version whose value differs at the same timestamp is already a cell-value difference.
      if (n != null && (n.timestamp != c.timestamp || (!Bytes.equals(n.value, c.value) && !valueDiffers.contains(e.getKey() + "@" + c.timestamp)))) {
        out.accept(new String[] {"newest-differs", ok, nk, c.columnText(), Long.toString(c.timestamp), "newest old @" + c.timestamp + " " + Bytes.toStringBinary(c.value) + ", newest new @" + n.timestamp + " " + Bytes.toStringBinary(n.value)});
      }
    }
    return oldRow.cells.size();
  }

  /** A difference as the JSON object the REST verify reports ({@code column} and {@code timestamp} left out when null). */
  static String differenceJson(String[] d) {
    StringBuilder b = new StringBuilder("{\"kind\":\"").append(d[0]).append("\",\"oldKey\":").append(VerifyJob.jsonString(d[1]))
        .append(",\"newKey\":").append(VerifyJob.jsonString(d[2]));
    if (d[3] != null) b.append(",\"column\":").append(VerifyJob.jsonString(d[3]));
    if (d[4] != null) b.append(",\"timestamp\":").append(d[4]);
    return b.append(",\"detail\":").append(VerifyJob.jsonString(d[5])).append('}').toString();
  }
}
