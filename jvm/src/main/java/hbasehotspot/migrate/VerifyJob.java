package hbasehotspot.migrate;

import hbasehotspot.keys.RowkeyTemplate;
import hbasehotspot.keys.TemplateException;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.SnapshotDescription;
import org.apache.hadoop.hbase.client.SnapshotType;
import org.apache.hadoop.hbase.mapreduce.TableMapReduceUtil;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;

/**
 * The key migration's verification as a Hadoop MapReduce job, run by {@link ToolRunner}: snapshots of both tables (or
 * named existing ones) read from their files by {@code MultiTableSnapshotInputFormat} (no RegionServer serves a read),
 * {@link VerifyMapper} counting rows and cells and hashing the cells under the new key per partition (time range, salt
 * bucket) on both sides and sending sampled rows and rejects to {@link VerifyReducer}, which sums the partitions and
 * compares the sampled rows cell by cell. The model is HBase's {@code HashTable} / {@code SyncTable} (hashes of
 * batches of cells on both sides, then a closer look only where they differ), with the old side's keys mapped first.
 *
 * <pre>
 * VerifyJob [-D k=v ...] --from OLD --to NEW --old-template T --new-template T --work-dir DIR
 *           [--old-snapshot NAME] [--new-snapshot NAME] [--skip-flush] [--time-bounds MS,MS,...]
 *           [--bucket-offset N --bucket-prefixes HEX,HEX,...] [--sample SHARE] [--seed N] [--max-differences N]
 * </pre>
 *
 * <p>{@code --time-bounds} are epoch-ms boundaries ascending (ranges {@code [b0,b1)}, ...); {@code --bucket-prefixes}
 * the salt buckets' bytes, which the new key holds at {@code --bucket-offset} (none: one bucket). Standard output gets
 * one JSON line: {@code snapshots}, {@code rows} (old rows read, new rows read), {@code rejectedRows},
 * {@code rejectedCells}, {@code rejects} (the first reject lines), {@code partitions} ({@code [side, range, bucket,
 * rows, cells, hash]}, side 0 old 1 new, range -1 every cell), {@code sampledRows}, {@code comparedCells},
 * {@code differenceCounts}, {@code differences}, {@code elapsedMs}. Comparing the partitions is the caller's (the
 * command line's) part. Exit 0 when the job ran, 2 for bad arguments or tables, 3 when the job failed. The snapshots it
 * took, the restore folder and the job's output are removed afterwards.
 */
public class VerifyJob extends Configured implements Tool {
  static final String OLD_TEMPLATE_KEY = "hbasehotspot.verify.old.template";
  static final String NEW_TEMPLATE_KEY = "hbasehotspot.verify.new.template";
  static final String FROM_KEY = "hbasehotspot.verify.from";
  static final String TIME_BOUNDS_KEY = "hbasehotspot.verify.time.bounds";
  static final String BUCKET_OFFSET_KEY = "hbasehotspot.verify.bucket.offset";
  static final String BUCKET_PREFIXES_KEY = "hbasehotspot.verify.bucket.prefixes";
  static final String SAMPLE_KEY = "hbasehotspot.verify.sample";
  static final String SEED_KEY = "hbasehotspot.verify.seed";
  static final String MAX_DIFFERENCES_KEY = "hbasehotspot.verify.max.differences";

  /** The job's counters (group {@code hbasehotspot.migrate.VerifyJob$Counter}); the kinds of difference as the REST verify names them. */
  public enum Counter { OLD_ROWS, NEW_ROWS, REJECTED_ROWS, REJECTED_CELLS, SAMPLED_ROWS, COMPARED_CELLS, ROW_MISSING, CELL_MISSING, CELL_VALUE, CELL_EXTRA, NEWEST_DIFFERS }

  /** Runs the job through {@link ToolRunner} and exits with its status. */
  public static void main(String[] args) throws Exception {
    BackfillJob.quietLogging();
    System.exit(ToolRunner.run(HBaseConfiguration.create(), new VerifyJob(), args));
  }

  @Override
  public int run(String[] args) throws Exception {
    try {
      return verify(parse(args));
    } catch (BackfillJob.UsageException | TemplateException e) {
      System.err.println("error: " + e.getMessage());
      return 2;
    }
  }

  static Map<String, String> parse(String[] args) throws BackfillJob.UsageException {
    Map<String, String> flags = BackfillJob.parseFlags(args, List.of("--old-snapshot", "--new-snapshot", "--time-bounds", "--bucket-offset", "--bucket-prefixes", "--sample", "--seed", "--max-differences"),
        "VerifyJob --from OLD --to NEW --old-template T --new-template T --work-dir DIR [--old-snapshot NAME] [--new-snapshot NAME] [--skip-flush] [--time-bounds MS,...] [--bucket-offset N --bucket-prefixes HEX,...] [--sample SHARE] [--seed N] [--max-differences N]");
    try {
      longs(flags.getOrDefault("--time-bounds", ""));
      hexList(flags.getOrDefault("--bucket-prefixes", ""));
      Integer.parseInt(flags.getOrDefault("--bucket-offset", "0"));
      Long.parseLong(flags.getOrDefault("--seed", "1"));
      Integer.parseInt(flags.getOrDefault("--max-differences", "1000"));
      double sample = Double.parseDouble(flags.getOrDefault("--sample", "0.01"));
      if (!(sample >= 0 && sample <= 1)) throw new NumberFormatException("--sample " + sample + " is not a share between 0 and 1");
    } catch (IllegalArgumentException e) {
      throw new BackfillJob.UsageException("a number option does not read: " + e.getMessage());
    }
    return flags;
  }

  private int verify(Map<String, String> flags) throws Exception {
    long started = System.currentTimeMillis();
    Configuration conf = getConf();
    BackfillJob.templateJobConf(conf, flags, OLD_TEMPLATE_KEY, NEW_TEMPLATE_KEY);
    conf.set(FROM_KEY, TableName.valueOf(flags.get("--from")).getNameAsString());
    conf.set(TIME_BOUNDS_KEY, flags.getOrDefault("--time-bounds", ""));
    conf.set(BUCKET_OFFSET_KEY, flags.getOrDefault("--bucket-offset", "0"));
    conf.set(BUCKET_PREFIXES_KEY, flags.getOrDefault("--bucket-prefixes", ""));
    conf.set(SAMPLE_KEY, flags.getOrDefault("--sample", "0.01"));
    conf.set(SEED_KEY, flags.getOrDefault("--seed", "1"));
    conf.set(MAX_DIFFERENCES_KEY, flags.getOrDefault("--max-differences", "1000"));
    TableName from = TableName.valueOf(flags.get("--from"));
    TableName to = TableName.valueOf(flags.get("--to"));
    Path work = new Path(flags.get("--work-dir"));
    FileSystem fs = work.getFileSystem(conf);
    Path output = new Path(work, "verify-out");
    Path restore = new Path(work, "restore");
    List<String> taken = new ArrayList<>();
    try (Connection connection = ConnectionFactory.createConnection(conf); Admin admin = connection.getAdmin()) {
      if (!admin.tableExists(from)) throw new BackfillJob.UsageException("--from " + from + ": no such table");
      if (!admin.tableExists(to)) throw new BackfillJob.UsageException("--to " + to + ": no such table");
      List<SnapshotDescription> existing = admin.listSnapshots();
      try {
        String oldSnapshot = snapshotOf(admin, existing, from, flags.get("--old-snapshot"), "--old-snapshot", flags.containsKey("--skip-flush"), started, taken);
        String newSnapshot = snapshotOf(admin, existing, to, flags.get("--new-snapshot"), "--new-snapshot", flags.containsKey("--skip-flush"), started, taken);
        fs.delete(output, true);
        fs.delete(restore, true);
        Job job = Job.getInstance(conf, "hbase-hotspot verify " + from + " -> " + to);
        job.setJarByClass(VerifyJob.class);
        boolean local = "local".equals(conf.get("mapreduce.framework.name", "local"));
        Map<String, Collection<Scan>> scans = new LinkedHashMap<>();
        scans.put(oldSnapshot, List.of(new Scan().readAllVersions().setCacheBlocks(false)));
        scans.put(newSnapshot, List.of(new Scan().readAllVersions().setCacheBlocks(false)));
        TableMapReduceUtil.initMultiTableSnapshotMapperJob(scans, VerifyMapper.class, BytesWritable.class, BytesWritable.class, job, !local, restore);
        job.setReducerClass(VerifyReducer.class);
        job.setNumReduceTasks(1);
        job.setOutputKeyClass(NullWritable.class);
        job.setOutputValueClass(Text.class);
        job.setOutputFormatClass(TextOutputFormat.class);
        FileOutputFormat.setOutputPath(job, output);
        if (!local) TableMapReduceUtil.addDependencyJarsForClasses(job.getConfiguration(), RowkeyTemplate.class);
        System.err.println("running " + job.getJobName() + " over snapshots " + oldSnapshot + " and " + newSnapshot + " (" + (local ? "Hadoop local mode" : conf.get("mapreduce.framework.name")) + ")");
        if (!job.waitForCompletion(false)) {
          System.err.println("error: the job failed: " + job.getStatus().getFailureInfo());
          return 3;
        }
        System.out.println(report(job, fs, output, oldSnapshot, newSnapshot, started));
        return 0;
      } finally {
        fs.delete(output, true);
        fs.delete(restore, true);
        for (String s : taken) BackfillJob.deleteSnapshot(admin, s);
      }
    }
  }

  /**
   * The snapshot of {@code table} to read: {@code given} (checked to exist and to be of that table; kept), else a new
   * one, added to {@code taken} (deleted afterwards).
   */
  private static String snapshotOf(Admin admin, List<SnapshotDescription> existing, TableName table, String given, String flag, boolean skipFlush, long now, List<String> taken) throws Exception {
    if (given != null) {
      SnapshotDescription d = existing.stream().filter(s -> s.getName().equals(given)).findFirst()
          .orElseThrow(() -> new BackfillJob.UsageException(flag + " " + given + ": no such snapshot"));
      if (!d.getTableName().equals(table)) throw new BackfillJob.UsageException(flag + " " + given + " is a snapshot of " + d.getTableName() + ", not of " + table);
      return given;
    }
    String name = table.getNameAsString().replace(':', '_') + "_verify_mr_" + now;
    SnapshotType type = skipFlush ? SnapshotType.SKIPFLUSH : SnapshotType.FLUSH;
    System.err.println("taking snapshot " + name + " of " + table + " (" + type + ")");
    admin.snapshot(name, table, type);
    taken.add(name);
    return name;
  }

  /** The one JSON line of the job's answer, from its counters and its reducer's lines. */
  private static String report(Job job, FileSystem fs, Path output, String oldSnapshot, String newSnapshot, long started) throws Exception {
    List<String> partitions = new ArrayList<>(), differences = new ArrayList<>(), rejects = new ArrayList<>();
    for (FileStatus part : fs.listStatus(output, p -> p.getName().startsWith("part-"))) {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(fs.open(part.getPath()), StandardCharsets.UTF_8))) {
        for (String line; (line = in.readLine()) != null; ) {
          if (line.startsWith("P ")) {
            String[] f = line.substring(2).split(" ");
            partitions.add("[" + f[0] + "," + f[1] + "," + f[2] + "," + f[3] + "," + f[4] + ",\"" + f[5] + "\"]");
          } else if (line.startsWith("D ")) {
            differences.add(line.substring(2));
          } else if (line.startsWith("R ")) {
            rejects.add(line.substring(2));
          }
        }
      }
    }
    org.apache.hadoop.mapreduce.Counters c = job.getCounters();
    StringBuilder kinds = new StringBuilder();
    for (Counter k : List.of(Counter.ROW_MISSING, Counter.CELL_MISSING, Counter.CELL_VALUE, Counter.CELL_EXTRA, Counter.NEWEST_DIFFERS)) {
      if (kinds.length() > 0) kinds.append(',');
      kinds.append('"').append(k.name().toLowerCase().replace('_', '-')).append("\":").append(c.findCounter(k).getValue());
    }
    return "{\"snapshots\":[" + jsonString(oldSnapshot) + "," + jsonString(newSnapshot) + "]"
        + ",\"rows\":[" + c.findCounter(Counter.OLD_ROWS).getValue() + "," + c.findCounter(Counter.NEW_ROWS).getValue() + "]"
        + ",\"rejectedRows\":" + c.findCounter(Counter.REJECTED_ROWS).getValue()
        + ",\"rejectedCells\":" + c.findCounter(Counter.REJECTED_CELLS).getValue()
        + ",\"rejects\":[" + String.join(",", rejects) + "]"
        + ",\"partitions\":[" + String.join(",", partitions) + "]"
        + ",\"sampledRows\":" + c.findCounter(Counter.SAMPLED_ROWS).getValue()
        + ",\"comparedCells\":" + c.findCounter(Counter.COMPARED_CELLS).getValue()
        + ",\"differenceCounts\":{" + kinds + "}"
        + ",\"differences\":[" + String.join(",", differences) + "]"
        + ",\"elapsedMs\":" + (System.currentTimeMillis() - started) + "}";
  }

  /** {@code s} as a JSON string literal. */
  static String jsonString(String s) {
    return "\"" + BackfillMapper.json(s) + "\"";
  }

  /** Comma-separated longs ("" for none). @throws NumberFormatException naming the bad one. */
  static long[] longs(String csv) {
    if (csv.isEmpty()) return new long[0];
    String[] parts = csv.split(",");
    long[] out = new long[parts.length];
    for (int i = 0; i < parts.length; i++) {
      out[i] = Long.parseLong(parts[i].trim());
      if (i > 0 && out[i] <= out[i - 1]) throw new NumberFormatException("--time-bounds must ascend: " + out[i - 1] + " then " + out[i]);
    }
    return out;
  }

  /** Comma-separated hex byte strings ("" for none). @throws IllegalArgumentException for one that is not hex. */
  static byte[][] hexList(String csv) {
    if (csv.isEmpty()) return new byte[0][];
    String[] parts = csv.split(",");
    byte[][] out = new byte[parts.length][];
    for (int i = 0; i < parts.length; i++) {
      if (!parts[i].matches("([0-9a-fA-F]{2})+")) throw new IllegalArgumentException("--bucket-prefixes " + parts[i] + " is not hex bytes");
      out[i] = Bytes.fromHex(parts[i]);
    }
    return out;
  }
}
