package hbasehotspot.client;

import hbasehotspot.keys.RowkeyTemplate;
import hbasehotspot.keys.TemplateException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.function.LongSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.io.TimeRange;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The dual-write side of a key migration for Java writers: the contract of the library's TypeScript
 * {@code DualWriter} (src/migrate/dual-write.ts) as a {@link Table} and {@link BufferedMutator} decorator. Writers keep
 * building rows under the OLD key; while dual writes are on, every put and delete goes to the old table first, then to
 * the new table under the new key ({@code newTemplate.encode(oldTemplate.decode(oldKey))}, byte-identical to the
 * library and to the backfill job's mapper), with the SAME cell timestamps on both sides.
 *
 * <ul>
 *   <li><b>Timestamps.</b> A cell or delete given without a timestamp ({@link HConstants#LATEST_TIMESTAMP}) is stamped
 *       once, here, with the writer's clock (epoch ms, {@link System#currentTimeMillis} by default), and that one
 *       value is sent to both tables. So the backfill (which copies old cells with their own timestamps) and the dual
 *       write never hold two different values at one row, column and timestamp, and a delete masks the same versions
 *       in both tables.
 *   <li><b>Deletes</b> are mirrored with the same timestamps: a whole row, families, every version of a column, one
 *       version of a column at a given timestamp. A delete of "the newest version" of a column without a timestamp
 *       ({@code Delete.addColumn(family, qualifier)}) is refused: each RegionServer would pick the newest version of
 *       its own table, which may differ (give the version's timestamp, or delete every version with
 *       {@code addColumns}).
 *   <li><b>Failures.</b> The old write happens first; if it throws, nothing is sent to the new table. If the new write
 *       throws, the old one has landed: the backfill, or a retry of the same call (same timestamps), repairs it.
 *   <li><b>The stop flag.</b> {@link #setDualWrites(boolean) setDualWrites(false)} sends writes to the old table only
 *       (no key is mapped then); back on, writes go to both again.
 *   <li><b>The read switch.</b> {@link #setReadSide(ReadSide)}: {@link ReadSide#OLD} (default) reads the old table;
 *       {@link ReadSide#NEW} reads the new table under the mapped key and, with the fallback on (the default,
 *       {@link #setFallback(boolean)}), reads the old table when the new one has no cell of the row (a row the
 *       backfill has not copied yet). A result from the new table carries the NEW key.
 *   <li><b>Keys that do not map</b> (the old template does not decode them, or the new one does not encode the fields)
 *       are refused with a {@link TemplateException} of code {@code MIGRATE_DUAL_WRITE_KEY} naming the row in
 *       {@link Bytes#toStringBinary} form, before anything is written.
 * </ul>
 *
 * <p>What it does not do: increments, appends and check-and-mutate are refused ({@link UnsupportedOperationException}):
 * their result depends on each table's current cells, so the two tables would diverge (write the computed value as a
 * put instead). A scan with the read switch on {@link ReadSide#NEW} is refused too, since a range of old keys has no
 * range of new keys (scan the new table itself). Cell tags (ACLs, visibility labels) are not copied to the new table.
 *
 * <pre>{@code
 * DualWriter dual = DualWriter.of(RowkeyTemplate.compile("{long(ts)}{deviceId}"),
 *     RowkeyTemplate.compile("{salt(deviceId,16)}_{deviceId}_{long(ts)}"));
 * Table table = dual.wrap(connection.getTable(OLD), connection.getTable(NEW));
 * BufferedMutator mutator = dual.wrap(connection.getBufferedMutator(OLD), connection.getBufferedMutator(NEW));
 * ...
 * dual.setReadSide(DualWriter.ReadSide.NEW);   // the read switch, once verify passed
 * dual.setDualWrites(false);                   // the stop flag: old table only
 * }</pre>
 *
 * <p>Thread-safe as far as the wrapped objects are: the switches are volatile, and one {@code DualWriter} may wrap
 * any number of tables and mutators, which all follow its switches.
 */
public final class DualWriter {

  /** Where reads are served from. */
  public enum ReadSide { OLD, NEW }

  /** The error code of a row whose key cannot be mapped (the TypeScript side's {@code MIGRATE_DUAL_WRITE_KEY}). */
  public static final String KEY_ERROR = "MIGRATE_DUAL_WRITE_KEY";

  private final RowkeyTemplate oldTemplate;
  private final RowkeyTemplate newTemplate;
  private final LongSupplier clock;
  private volatile boolean dual = true;
  private volatile ReadSide side = ReadSide.OLD;
  private volatile boolean fallback = true;

  private DualWriter(RowkeyTemplate oldTemplate, RowkeyTemplate newTemplate, LongSupplier clock) {
    if (oldTemplate == null || newTemplate == null) {
      throw new IllegalArgumentException("DualWriter needs both the old and the new rowkey template (got " + oldTemplate + ", " + newTemplate + ")");
    }
    if (!oldTemplate.isDecodable()) {
      throw new TemplateException(KEY_ERROR, "old template " + oldTemplate.source() + " does not decode, so old keys cannot be mapped: " + String.join("; ", oldTemplate.decodeWarnings()), null);
    }
    this.oldTemplate = oldTemplate;
    this.newTemplate = newTemplate;
    this.clock = clock;
  }

  /**
   * A dual writer mapping keys from {@code oldTemplate} to {@code newTemplate}, stamping cells with the system clock;
   * dual writes on, reads from the old table, fallback on.
   *
   * @throws TemplateException {@code MIGRATE_DUAL_WRITE_KEY} when the old template does not decode
   */
  public static DualWriter of(RowkeyTemplate oldTemplate, RowkeyTemplate newTemplate) {
    return new DualWriter(oldTemplate, newTemplate, System::currentTimeMillis);
  }

  /** As {@link #of(RowkeyTemplate, RowkeyTemplate)}, stamping cells given without a timestamp with {@code clock} (epoch ms). */
  public static DualWriter of(RowkeyTemplate oldTemplate, RowkeyTemplate newTemplate, LongSupplier clock) {
    if (clock == null) throw new IllegalArgumentException("DualWriter clock is null: give a clock returning epoch ms (e.g. System::currentTimeMillis)");
    return new DualWriter(oldTemplate, newTemplate, clock);
  }

  /** The stop flag: turns the writes to the new table on or off (old-table writes always happen). */
  public void setDualWrites(boolean on) {
    dual = on;
  }

  /** Whether writes also go to the new table. */
  public boolean dualWrites() {
    return dual;
  }

  /** The read switch: serve gets from the old or the new table. */
  public void setReadSide(ReadSide readSide) {
    if (readSide == null) throw new IllegalArgumentException("setReadSide(null): give ReadSide.OLD or ReadSide.NEW");
    side = readSide;
  }

  /** The table gets are served from. */
  public ReadSide readSide() {
    return side;
  }

  /** Whether a get on the new side that finds no cell reads the old table instead (default true). */
  public void setFallback(boolean on) {
    fallback = on;
  }

  /** Whether reads on the new side fall back to the old table. */
  public boolean fallback() {
    return fallback;
  }

  /**
   * The new rowkey of an old one: the new template's encoding of the fields the old template decodes.
   *
   * @throws TemplateException {@code MIGRATE_DUAL_WRITE_KEY} naming the row (its cause: the template's own error)
   */
  public byte[] newKey(byte[] oldKey) {
    try {
      Map<String, Object> fields = oldTemplate.decode(oldKey);
      return newTemplate.encode(fields);
    } catch (TemplateException e) {
      TemplateException wrapped = new TemplateException(KEY_ERROR, "row " + Bytes.toStringBinary(oldKey) + " cannot be mapped to the new key: " + e.getMessage(), "key");
      wrapped.initCause(e);
      throw wrapped;
    }
  }

  /** A {@link Table} writing through this dual writer to {@code oldTable} and {@code newTable}; its close closes both. */
  public Table wrap(Table oldTable, Table newTable) {
    requireBoth(oldTable, newTable, "table");
    return new DualTable(oldTable, newTable);
  }

  /** A {@link BufferedMutator} writing through this dual writer; flush and close act on both, the old one first. */
  public BufferedMutator wrap(BufferedMutator oldMutator, BufferedMutator newMutator) {
    requireBoth(oldMutator, newMutator, "mutator");
    return new DualMutator(oldMutator, newMutator);
  }

  private static void requireBoth(Object oldSide, Object newSide, String what) {
    if (oldSide == null || newSide == null) throw new IllegalArgumentException("DualWriter.wrap needs the old and the new " + what + " (got " + oldSide + ", " + newSide + ")");
  }

  /** Whether prepared mutations go to the new table too (dual writes were on when they were prepared). */
  private static boolean toNew(List<Pair<Mutation>> ready) {
    return !ready.isEmpty() && ready.get(0).mapped != null;
  }

  /** One mutation made ready for both tables: stamped under the old key, and (dual writes on) under the new key. */
  private static final class Pair<M extends Mutation> {
    final M old;
    final M mapped;

    Pair(M old, M mapped) {
      this.old = old;
      this.mapped = mapped;
    }
  }

  /** A put or delete, stamped with {@code now} where it has no timestamp, for the old table and (dual) the new one. */
  private Pair<Mutation> prepare(Mutation m, long now, boolean dualNow) throws IOException {
    if (m instanceof Put) return new Pair<>(stampPut((Put) m, m.getRow(), now), dualNow ? stampPut((Put) m, newKey(m.getRow()), now) : null);
    if (m instanceof Delete) return new Pair<>(stampDelete((Delete) m, m.getRow(), now), dualNow ? stampDelete((Delete) m, newKey(m.getRow()), now) : null);
    throw unsupported(m.getClass().getSimpleName());
  }

  /** Every mutation of a list prepared; nothing is sent before all keys mapped. */
  private List<Pair<Mutation>> prepareAll(List<? extends Mutation> mutations) throws IOException {
    long now = clock.getAsLong();
    boolean dualNow = dual;
    List<Pair<Mutation>> out = new ArrayList<>(mutations.size());
    for (Mutation m : mutations) out.add(prepare(m, now, dualNow));
    return out;
  }

  private static Put stampPut(Put put, byte[] row, long now) throws IOException {
    Put out = new Put(row, put.getTimestamp() == HConstants.LATEST_TIMESTAMP ? now : put.getTimestamp());
    copyMutationSettings(put, out);
    for (List<Cell> cells : put.getFamilyCellMap().values()) {
      for (Cell c : cells) out.add(rekey(c, row, c.getTimestamp() == HConstants.LATEST_TIMESTAMP ? now : c.getTimestamp(), KeyValue.Type.Put));
    }
    return out;
  }

  private static Delete stampDelete(Delete delete, byte[] row, long now) throws IOException {
    long rowTs = delete.getTimestamp() == HConstants.LATEST_TIMESTAMP ? now : delete.getTimestamp();
    Delete out = new Delete(row, rowTs);
    copyMutationSettings(delete, out);
    for (List<Cell> cells : delete.getFamilyCellMap().values()) {
      for (Cell c : cells) {
        KeyValue.Type type = KeyValue.Type.codeToType(c.getTypeByte());
        boolean latest = c.getTimestamp() == HConstants.LATEST_TIMESTAMP;
        if (latest && type == KeyValue.Type.Delete) {
          throw new IllegalArgumentException("delete of the newest version of " + Bytes.toStringBinary(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength()) + ":"
              + Bytes.toStringBinary(c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength()) + " in row " + Bytes.toStringBinary(delete.getRow())
              + " without a timestamp cannot be dual-written (each table would pick its own newest version): give the version's timestamp (addColumn(family, qualifier, ts)) or delete every version (addColumns)");
        }
        out.add(rekey(c, row, latest ? now : c.getTimestamp(), type));
      }
    }
    return out;
  }

  private static void copyMutationSettings(Mutation from, Mutation to) {
    to.setDurability(from.getDurability());
    for (Map.Entry<String, byte[]> a : from.getAttributesMap().entrySet()) to.setAttribute(a.getKey(), a.getValue());
    if (from.getTTL() != Long.MAX_VALUE) to.setTTL(from.getTTL());
  }

  /** {@code c} under {@code row} at {@code ts}, with its family, qualifier, type and value. */
  private static KeyValue rekey(Cell c, byte[] row, long ts, KeyValue.Type type) {
    return new KeyValue(row, 0, row.length, c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength(),
        c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength(), ts, type,
        c.getValueArray(), c.getValueOffset(), c.getValueLength());
  }

  /** {@code get} under the new key, with its columns, time range, versions, filter and limits. */
  private Get mappedGet(Get get) throws IOException {
    Get out = new Get(newKey(get.getRow()));
    for (Map.Entry<byte[], NavigableSet<byte[]>> f : get.getFamilyMap().entrySet()) {
      if (f.getValue() == null || f.getValue().isEmpty()) {
        out.addFamily(f.getKey());
      } else {
        for (byte[] q : f.getValue()) out.addColumn(f.getKey(), q);
      }
    }
    TimeRange tr = get.getTimeRange();
    if (!tr.isAllTime()) out.setTimeRange(tr.getMin(), tr.getMax());
    for (Map.Entry<byte[], TimeRange> cf : get.getColumnFamilyTimeRange().entrySet()) out.setColumnFamilyTimeRange(cf.getKey(), cf.getValue().getMin(), cf.getValue().getMax());
    out.readVersions(get.getMaxVersions());
    out.setFilter(get.getFilter());
    out.setCacheBlocks(get.getCacheBlocks());
    out.setMaxResultsPerColumnFamily(get.getMaxResultsPerColumnFamily());
    out.setRowOffsetPerColumnFamily(get.getRowOffsetPerColumnFamily());
    out.setCheckExistenceOnly(get.isCheckExistenceOnly());
    out.setConsistency(get.getConsistency());
    for (Map.Entry<String, byte[]> a : get.getAttributesMap().entrySet()) out.setAttribute(a.getKey(), a.getValue());
    return out;
  }

  private static UnsupportedOperationException unsupported(String what) {
    return new UnsupportedOperationException(what + " cannot be dual-written: its result depends on each table's own cells, so the two tables would diverge; write the computed value as a Put (DualWriter supports Put, Delete, RowMutations of them, and batches of Put and Delete)");
  }

  /** The {@link Table} decorator. */
  private final class DualTable implements Table {
    private final Table oldTable;
    private final Table newTable;

    DualTable(Table oldTable, Table newTable) {
      this.oldTable = oldTable;
      this.newTable = newTable;
    }

    @Override
    public TableName getName() {
      return oldTable.getName();
    }

    @Override
    public Configuration getConfiguration() {
      return oldTable.getConfiguration();
    }

    @Override
    public TableDescriptor getDescriptor() throws IOException {
      return oldTable.getDescriptor();
    }

    @Override
    public RegionLocator getRegionLocator() throws IOException {
      return oldTable.getRegionLocator();
    }

    @Override
    public void put(Put put) throws IOException {
      put(List.of(put));
    }

    @Override
    public void put(List<Put> puts) throws IOException {
      List<Pair<Mutation>> ready = prepareAll(puts);
      oldTable.put(sides(ready, false, Put.class));
      if (toNew(ready)) newTable.put(sides(ready, true, Put.class));
    }

    @Override
    public void delete(Delete delete) throws IOException {
      delete(List.of(delete));
    }

    @Override
    public void delete(List<Delete> deletes) throws IOException {
      List<Pair<Mutation>> ready = prepareAll(deletes);
      // Table.delete(List) removes the deletes that succeeded from the list it is given: hand it copies.
      oldTable.delete(new ArrayList<>(sides(ready, false, Delete.class)));
      if (toNew(ready)) newTable.delete(new ArrayList<>(sides(ready, true, Delete.class)));
    }

    @Override
    public void batch(List<? extends Row> actions, Object[] results) throws IOException, InterruptedException {
      List<Mutation> mutations = new ArrayList<>(actions.size());
      for (Row r : actions) {
        if (!(r instanceof Put) && !(r instanceof Delete)) throw unsupported("a batch element " + r.getClass().getSimpleName());
        mutations.add((Mutation) r);
      }
      List<Pair<Mutation>> ready = prepareAll(mutations);
      oldTable.batch(sides(ready, false, Mutation.class), results);
      if (toNew(ready)) newTable.batch(sides(ready, true, Mutation.class), new Object[ready.size()]);
    }

    @Override
    public Result mutateRow(RowMutations rm) throws IOException {
      List<Pair<Mutation>> ready = prepareAll(rm.getMutations());
      RowMutations old = new RowMutations(rm.getRow(), ready.size());
      old.add(sides(ready, false, Mutation.class));
      Result result = oldTable.mutateRow(old);
      if (toNew(ready)) {
        RowMutations mapped = new RowMutations(ready.get(0).mapped.getRow(), ready.size());
        mapped.add(sides(ready, true, Mutation.class));
        newTable.mutateRow(mapped);
      }
      return result;
    }

    @Override
    public Result get(Get get) throws IOException {
      if (side == ReadSide.OLD) return oldTable.get(get);
      Result r = newTable.get(mappedGet(get));
      return r.isEmpty() && fallback ? oldTable.get(get) : r;
    }

    @Override
    public Result[] get(List<Get> gets) throws IOException {
      Result[] out = new Result[gets.size()];
      for (int i = 0; i < out.length; i++) out[i] = get(gets.get(i));
      return out;
    }

    @Override
    public boolean exists(Get get) throws IOException {
      if (side == ReadSide.OLD) return oldTable.exists(get);
      return newTable.exists(mappedGet(get)) || (fallback && oldTable.exists(get));
    }

    @Override
    public boolean[] exists(List<Get> gets) throws IOException {
      boolean[] out = new boolean[gets.size()];
      for (int i = 0; i < out.length; i++) out[i] = exists(gets.get(i));
      return out;
    }

    @Override
    public ResultScanner getScanner(Scan scan) throws IOException {
      if (side == ReadSide.NEW) throw new UnsupportedOperationException("a scan of old-key ranges has no counterpart in the new table's key order; with the read switch on NEW, scan the new table itself");
      return oldTable.getScanner(scan);
    }

    @Override
    public ResultScanner getScanner(byte[] family) throws IOException {
      return getScanner(new Scan().addFamily(family));
    }

    @Override
    public ResultScanner getScanner(byte[] family, byte[] qualifier) throws IOException {
      return getScanner(new Scan().addColumn(family, qualifier));
    }

    @Override
    public Result increment(Increment increment) {
      throw unsupported("increment");
    }

    @Override
    public Result append(Append append) {
      throw unsupported("append");
    }

    @Override
    public long incrementColumnValue(byte[] row, byte[] family, byte[] qualifier, long amount) {
      throw unsupported("incrementColumnValue");
    }

    @Override
    public long incrementColumnValue(byte[] row, byte[] family, byte[] qualifier, long amount, Durability durability) {
      throw unsupported("incrementColumnValue");
    }

    @Override
    public CheckAndMutateResult checkAndMutate(CheckAndMutate checkAndMutate) {
      throw unsupported("checkAndMutate");
    }

    @Override
    public List<CheckAndMutateResult> checkAndMutate(List<CheckAndMutate> checkAndMutates) {
      throw unsupported("checkAndMutate");
    }

    @Override
    public void close() throws IOException {
      try {
        oldTable.close();
      } finally {
        newTable.close();
      }
    }
  }

  /** The old-table (or, {@code mapped}, new-table) side of prepared mutations, as a list of {@code type}. */
  private static <T extends Mutation> List<T> sides(List<Pair<Mutation>> ready, boolean mapped, Class<T> type) {
    List<T> out = new ArrayList<>(ready.size());
    for (Pair<Mutation> p : ready) out.add(type.cast(mapped ? p.mapped : p.old));
    return out;
  }

  /** The {@link BufferedMutator} decorator. */
  private final class DualMutator implements BufferedMutator {
    private final BufferedMutator oldMutator;
    private final BufferedMutator newMutator;

    DualMutator(BufferedMutator oldMutator, BufferedMutator newMutator) {
      this.oldMutator = oldMutator;
      this.newMutator = newMutator;
    }

    @Override
    public TableName getName() {
      return oldMutator.getName();
    }

    @Override
    public Configuration getConfiguration() {
      return oldMutator.getConfiguration();
    }

    @Override
    public void mutate(Mutation mutation) throws IOException {
      mutate(List.of(mutation));
    }

    @Override
    public void mutate(List<? extends Mutation> mutations) throws IOException {
      List<Pair<Mutation>> ready = prepareAll(mutations);
      oldMutator.mutate(sides(ready, false, Mutation.class));
      if (toNew(ready)) newMutator.mutate(sides(ready, true, Mutation.class));
    }

    @Override
    public void flush() throws IOException {
      oldMutator.flush();
      newMutator.flush();
    }

    @Override
    public void close() throws IOException {
      try {
        oldMutator.close();
      } finally {
        newMutator.close();
      }
    }

    @Override
    public long getWriteBufferSize() {
      return oldMutator.getWriteBufferSize();
    }
  }
}
