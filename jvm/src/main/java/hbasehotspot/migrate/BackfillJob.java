package hbasehotspot.migrate;

import hbasehotspot.keys.RowkeyTemplate;
import hbasehotspot.keys.TemplateException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.SnapshotType;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.HFileOutputFormat2;
import org.apache.hadoop.hbase.mapreduce.TableMapReduceUtil;
import org.apache.hadoop.hbase.tool.BulkLoadHFiles;
import org.apache.hadoop.hbase.util.MapReduceExtendedCell;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.MultipleOutputs;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;

/**
 * The key migration's backfill as a Hadoop MapReduce job, run by {@link ToolRunner} (so {@code -D key=value} works as
 * with HBase's {@code Import}): a snapshot of the old table (or {@code --snapshot NAME}, an existing one) read from its
 * files by {@code TableSnapshotInputFormat} (no RegionServer serves the scan), {@link BackfillMapper} re-keying every
 * cell with all its versions, {@link HFileOutputFormat2} partitioned on the new table's regions, then
 * {@link BulkLoadHFiles} into the new table.
 *
 * <pre>
 * BackfillJob [-D k=v ...] --from OLD --to NEW --old-template T --new-template T --work-dir DIR
 *             [--snapshot NAME] [--skip-flush] [--rejects FILE]
 * </pre>
 *
 * <p>{@code --work-dir} (on the job's filesystem, the same one as {@code hbase.rootdir}, outside it) holds the HFiles
 * ({@code hfiles/}), the snapshot's restore folder ({@code restore/}) and, by default, the reject file
 * ({@code rejects.ndjson}: one JSON line per old row whose key does not map). Re-running is safe: the HFiles of a
 * previous run are removed first, and loading the same cells twice leaves one copy (same row, column, timestamp:
 * the later load wins). Afterwards the snapshot it took, the restore folder and the HFiles are removed.
 *
 * <p>Standard output gets one JSON line: {@code {"rows", "cells", "rejectedRows", "rejectedCells", "rejectsFile",
 * "snapshot", "reduceTasks", "elapsedMs"}}. Exit 0 when loaded (rejects included: the caller decides),
 * 2 for bad arguments or tables (one {@code error:} line on stderr), 3 when the job or the load failed.
 */
public class BackfillJob extends Configured implements Tool {
  /** Job configuration keys of the templates the mapper compiles. */
  public static final String OLD_TEMPLATE_KEY = "hbasehotspot.backfill.old.template";
  public static final String NEW_TEMPLATE_KEY = "hbasehotspot.backfill.new.template";
  /** The named output rejected rows go to (files {@code rejects-m-NNNNN} beside the HFiles' family folders). */
  public static final String REJECTS_OUTPUT = "rejects";

  /** The job's counters (group {@code hbasehotspot.migrate.BackfillJob$Counter}). */
  public enum Counter { ROWS, CELLS, REJECTED_ROWS, REJECTED_CELLS }

  /** Bad arguments or tables: exit 2. */
  static final class UsageException extends Exception {
    UsageException(String message) {
      super(message);
    }
  }

  /** Runs the job through {@link ToolRunner} and exits with its status. */
  public static void main(String[] args) throws Exception {
    quietLogging();
    System.exit(ToolRunner.run(HBaseConfiguration.create(), new BackfillJob(), args));
  }

  @Override
  public int run(String[] args) throws Exception {
    Map<String, String> flags;
    try {
      flags = parse(args);
      return backfill(flags);
    } catch (UsageException | TemplateException e) {
      System.err.println("error: " + e.getMessage());
      return 2;
    }
  }

  static Map<String, String> parse(String[] args) throws UsageException {
    return parseFlags(args, List.of("--snapshot", "--rejects"), "BackfillJob --from OLD --to NEW --old-template T --new-template T --work-dir DIR [--snapshot NAME] [--skip-flush] [--rejects FILE]");
  }

  /**
   * A job's flags: {@code --from}, {@code --to}, {@code --old-template}, {@code --new-template}, {@code --work-dir}
   * (all required; from and to must differ), {@code --skip-flush}, and the job's own {@code valued} ones.
   * @throws UsageException naming an unknown or incomplete argument, with {@code usage}.
   */
  static Map<String, String> parseFlags(String[] args, List<String> valued, String usage) throws UsageException {
    List<String> common = List.of("--from", "--to", "--old-template", "--new-template", "--work-dir");
    Map<String, String> flags = new HashMap<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--skip-flush")) {
        flags.put(a, "true");
      } else if (common.contains(a) || valued.contains(a)) {
        if (i + 1 >= args.length) throw new UsageException(a + " needs a value");
        flags.put(a, args[++i]);
      } else {
        throw new UsageException("unknown argument " + a + "; usage: " + usage);
      }
    }
    for (String required : common) {
      if (!flags.containsKey(required)) throw new UsageException(required + " is required");
    }
    if (flags.get("--from").equals(flags.get("--to"))) throw new UsageException("--from and --to are both " + flags.get("--from") + ": the new key goes into a new table");
    return flags;
  }

  /**
   * Compiles both templates (the old one must decode), puts them in the job configuration under {@code oldKey} and
   * {@code newKey}, and completes it for snapshot reading ({@link #snapshotJobConf}).
   * @throws UsageException for an old template that does not decode or no hbase.rootdir; TemplateException for a
   *   template that does not compile.
   */
  static void templateJobConf(Configuration conf, Map<String, String> flags, String oldKey, String newKey) throws UsageException {
    RowkeyTemplate oldTemplate = RowkeyTemplate.compile(flags.get("--old-template"));
    RowkeyTemplate.compile(flags.get("--new-template"));
    if (!oldTemplate.isDecodable()) throw new UsageException("--old-template " + oldTemplate.source() + " does not decode: " + String.join("; ", oldTemplate.decodeWarnings()));
    snapshotJobConf(conf);
    conf.set(oldKey, flags.get("--old-template"));
    conf.set(newKey, flags.get("--new-template"));
  }

  private int backfill(Map<String, String> flags) throws Exception {
    long started = System.currentTimeMillis();
    Configuration conf = getConf();
    templateJobConf(conf, flags, OLD_TEMPLATE_KEY, NEW_TEMPLATE_KEY);
    TableName from = TableName.valueOf(flags.get("--from"));
    TableName to = TableName.valueOf(flags.get("--to"));
    Path work = new Path(flags.get("--work-dir"));
    FileSystem fs = work.getFileSystem(conf);
    Path hfiles = new Path(work, "hfiles");
    Path restore = new Path(work, "restore");
    Path rejectsFile = new Path(flags.getOrDefault("--rejects", new Path(work, "rejects.ndjson").toString()));
    String snapshot = flags.get("--snapshot");
    boolean ownSnapshot = snapshot == null;
    try (Connection connection = ConnectionFactory.createConnection(conf); Admin admin = connection.getAdmin()) {
      if (!admin.tableExists(from)) throw new UsageException("--from " + from + ": no such table");
      if (!admin.tableExists(to)) throw new UsageException("--to " + to + ": no such table (create it pre-split first: migrate plan)");
      TableDescriptor oldDesc = admin.getDescriptor(from);
      TableDescriptor newDesc = admin.getDescriptor(to);
      checkFamilies(oldDesc, newDesc);
      if (newDesc.isCompactionEnabled()) {
        System.err.println("note: compactions are on for " + to + "; a major compaction during the backfill and the dual writes can drop the dual writer's delete markers before older loaded cells arrive: compaction_switch false or COMPACTION_ENABLED => false until verify passes (docs/migrate.md)");
      }
      warnWithoutDualWrites(connection, from, to);
      if (ownSnapshot) {
        snapshot = from.getNameAsString().replace(':', '_') + "_backfill_mr_" + started;
        SnapshotType type = flags.containsKey("--skip-flush") ? SnapshotType.SKIPFLUSH : SnapshotType.FLUSH;
        System.err.println("taking snapshot " + snapshot + " of " + from + " (" + type + ")");
        admin.snapshot(snapshot, from, type);
      } else if (admin.listSnapshots().stream().noneMatch(d -> d.getName().equals(flags.get("--snapshot")))) {
        throw new UsageException("--snapshot " + snapshot + ": no such snapshot");
      }
      try {
        fs.delete(hfiles, true);
        fs.delete(restore, true);
        Job job = Job.getInstance(conf, "hbase-hotspot backfill " + from + " -> " + to);
        job.setJarByClass(BackfillJob.class);
        boolean local = "local".equals(conf.get("mapreduce.framework.name", "local"));
        Scan scan = new Scan().readAllVersions().setCacheBlocks(false);
        TableMapReduceUtil.initTableSnapshotMapperJob(snapshot, scan, BackfillMapper.class, ImmutableBytesWritable.class, MapReduceExtendedCell.class, job, !local, restore);
        MultipleOutputs.addNamedOutput(job, REJECTS_OUTPUT, TextOutputFormat.class, NullWritable.class, Text.class);
        try (RegionLocator locator = connection.getRegionLocator(to)) {
          HFileOutputFormat2.configureIncrementalLoad(job, newDesc, locator);
        }
        if (!local) TableMapReduceUtil.addDependencyJarsForClasses(job.getConfiguration(), RowkeyTemplate.class);
        HFileOutputFormat2.setOutputPath(job, hfiles);
        System.err.println("running " + job.getJobName() + " (" + (local ? "Hadoop local mode" : conf.get("mapreduce.framework.name")) + ", " + job.getNumReduceTasks() + " reducers: one per region of " + to + ")");
        if (!job.waitForCompletion(false)) {
          System.err.println("error: the job failed: " + job.getStatus().getFailureInfo());
          return 3;
        }
        long rows = job.getCounters().findCounter(Counter.ROWS).getValue();
        long cells = job.getCounters().findCounter(Counter.CELLS).getValue();
        long rejectedRows = job.getCounters().findCounter(Counter.REJECTED_ROWS).getValue();
        long rejectedCells = job.getCounters().findCounter(Counter.REJECTED_CELLS).getValue();
        FileSystem rejectsFs = rejectsFile.getFileSystem(conf);
        // A local reject file without Hadoop's .crc companion.
        if (rejectsFs instanceof LocalFileSystem) rejectsFs = ((LocalFileSystem) rejectsFs).getRawFileSystem();
        gatherRejects(fs, hfiles, rejectsFs, rejectsFile);
        System.err.println("bulk loading " + hfiles + " into " + to);
        BulkLoadHFiles.create(conf).bulkLoad(to, hfiles);
        StringBuilder out = new StringBuilder();
        out.append("{\"rows\":").append(rows).append(",\"cells\":").append(cells)
            .append(",\"rejectedRows\":").append(rejectedRows).append(",\"rejectedCells\":").append(rejectedCells)
            .append(",\"rejectsFile\":\"").append(rejectsFile.toString().replace("\\", "\\\\").replace("\"", "\\\"")).append('"')
            .append(",\"snapshot\":\"").append(snapshot).append('"')
            .append(",\"reduceTasks\":").append(job.getNumReduceTasks())
            .append(",\"elapsedMs\":").append(System.currentTimeMillis() - started).append('}');
        System.out.println(out);
        return 0;
      } finally {
        fs.delete(hfiles, true);
        fs.delete(restore, true);
        if (ownSnapshot) deleteSnapshot(admin, snapshot);
      }
    }
  }

  /**
   * Checks and completes the configuration of a job reading snapshots in map tasks: {@code hbase.rootdir} must come
   * from the cluster's hbase-site.xml (the snapshot is read from the cluster's files; the value from
   * hbase-default.xml alone, a folder under /tmp, means none was loaded); MSLAB off (a map task opening a snapshot
   * region has no ChunkCreator, which exists only in a RegionServer); the job client polls every 200 ms, not 5 s.
   * @throws UsageException when no hbase-site.xml set {@code hbase.rootdir}.
   */
  static void snapshotJobConf(Configuration conf) throws UsageException {
    String[] rootdirSources = conf.getPropertySources(HConstants.HBASE_DIR);
    if (rootdirSources == null || Arrays.stream(rootdirSources).allMatch(src -> src.endsWith("hbase-default.xml"))) {
      throw new UsageException("hbase.rootdir is not set: the snapshot is read from the cluster's files; put the folder of the cluster's hbase-site.xml on the classpath (--hbase-conf DIR / $HBASE_CONF_DIR) or give -D hbase.rootdir=...");
    }
    conf.setBoolean("hbase.hregion.memstore.mslab.enabled", false);
    conf.setIfUnset("mapreduce.client.completion.pollinterval", "200");
  }

  /** Deletes a snapshot the job took, saying so; a failure is reported with the shell command to finish it, not thrown. */
  static void deleteSnapshot(Admin admin, String snapshot) {
    try {
      admin.deleteSnapshot(snapshot);
      System.err.println("deleted snapshot " + snapshot);
    } catch (IOException e) {
      System.err.println("could not delete snapshot " + snapshot + " (" + e.getMessage() + "); delete_snapshot '" + snapshot + "' in the hbase shell");
    }
  }

  /**
   * Refuses a new table that misses one of the old table's families, or keeps fewer versions or a shorter TTL in one:
   * the load would drop cells (or a compaction would later).
   */
  static void checkFamilies(TableDescriptor oldDesc, TableDescriptor newDesc) throws UsageException {
    List<String> problems = new ArrayList<>();
    for (ColumnFamilyDescriptor f : oldDesc.getColumnFamilies()) {
      ColumnFamilyDescriptor n = newDesc.getColumnFamily(f.getName());
      if (n == null) {
        problems.add("family " + f.getNameAsString() + " is missing");
        continue;
      }
      if (n.getMaxVersions() < f.getMaxVersions()) problems.add("family " + f.getNameAsString() + " keeps VERSIONS " + n.getMaxVersions() + " < " + f.getMaxVersions());
      if (n.getTimeToLive() < f.getTimeToLive()) problems.add("family " + f.getNameAsString() + " has TTL " + n.getTimeToLive() + " s < " + f.getTimeToLive() + " s");
    }
    if (!problems.isEmpty()) throw new UsageException("--to " + newDesc.getTableName() + " would lose cells of " + oldDesc.getTableName() + ": " + String.join("; ", problems));
  }

  /**
   * Says so when the new table holds no row yet: cells written to the old table after the snapshot reach the new table
   * only through the dual writer, so it must have started before the snapshot (a one-row scan of the new table, never
   * of the old one).
   */
  private static void warnWithoutDualWrites(Connection connection, TableName from, TableName to) throws IOException {
    try (Table table = connection.getTable(to); ResultScanner scanner = table.getScanner(new Scan().setLimit(1).setFilter(new FirstKeyOnlyFilter()))) {
      if (scanner.next() == null) {
        System.err.println("note: " + to + " is empty: have the dual writes started? Writes to " + from + " after the snapshot reach " + to + " only through the dual writer, so start it before the backfill (docs/migrate.md)");
      }
    }
  }

  /** Concatenates the map tasks' {@code rejects-m-*} files into {@code target} (replaced; empty when none) and deletes them. */
  private static void gatherRejects(FileSystem fs, Path output, FileSystem targetFs, Path target) throws IOException {
    try (OutputStream out = targetFs.create(target, true)) {
      if (!fs.exists(output)) return;
      for (FileStatus part : fs.listStatus(output, p -> p.getName().startsWith(REJECTS_OUTPUT + "-"))) {
        try (FSDataInputStream in = fs.open(part.getPath())) {
          IOUtils.copyBytes(in, out, 65536, false);
        }
        fs.delete(part.getPath(), false);
      }
    }
  }

  /** Sends log4j2 output (HBase, Hadoop) to standard error at level WARN, unless a configuration is given. */
  static void quietLogging() {
    if (System.getProperty("log4j2.configurationFile") == null && System.getProperty("log4j.configurationFile") == null) {
      URL config = BackfillJob.class.getResource("/hbase-hotspot-log4j2.properties");
      if (config != null) System.setProperty("log4j2.configurationFile", config.toString());
    }
  }
}
