package hbasehotspot.client;

import hbasehotspot.keys.RowkeyTemplate;
import hbasehotspot.keys.TemplateException;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hbase.thirdparty.com.google.gson.JsonArray;
import org.apache.hbase.thirdparty.com.google.gson.JsonElement;
import org.apache.hbase.thirdparty.com.google.gson.JsonObject;
import org.apache.hbase.thirdparty.com.google.gson.JsonParser;

/**
 * A main table and its secondary index tables kept in step for Java writers: the contract of the library's
 * TypeScript {@code IndexedTable} (src/index-tables/indexed-table.ts, described in docs/indexes.md) through the native
 * client, so Java and TypeScript writers can share one main table and its indexes.
 *
 * <ul>
 *   <li><b>Layout.</b> Main rows hold one cell per field, {@code <family>:<field>} = the value's UTF-8 text. A unique
 *       index row is keyed V (the index key template's bytes, {@link RowkeyTemplate} byte-identical to TypeScript's);
 *       a non-unique one V 0x00 M (M the main rowkey). Both hold {@code <indexFamily>:_row} = M and one cell per
 *       covered field present.
 *   <li><b>Put</b> (Apache Phoenix's order for global indexes): read the main row; put every new index entry, its
 *       cells at the main row's timestamp (the newest timestamp of the indexed and covered fields); put the main row;
 *       then remove each old entry whose rowkey changed with {@link Table#checkAndMutate(CheckAndMutate)}, conditioned
 *       on the entry's {@code _row} still naming this main row, deleting only versions at or before the old entry's
 *       timestamp. A crash at any point leaves orphans, never a main row without its entry; replaying a write puts
 *       the same cells again.
 *   <li><b>Delete</b>: read the row, delete its family with a marker at the next write timestamp (at least the
 *       newest cell read), then remove its entries the same conditioned way.
 *   <li><b>Lookups</b>: one {@link Get} of V (unique) or a scan of [V 0x00, V 0x01) (non-unique), then the main rows
 *       in one multi-get; a hit whose main row is gone or no longer gives that entry is skipped. Covered lookups read
 *       only the index (orphans included, until {@code index check --repair} removes them).
 * </ul>
 *
 * <pre>{@code
 * IndexedTable users = IndexedTable.fromDescriptor(connection, TableName.valueOf("users"), "d");
 * users.put(Bytes.toBytes("u42"), Map.of("city", "ams", "name", "Ann"));
 * List<IndexedTable.Hit> inAms = users.lookup("by_city", Map.of("city", "ams"));
 * }</pre>
 *
 * <p>Writer threads may share one instance: its write timestamps are unique and increasing (the clock, or 1 ms after
 * the last one it gave), so two writes of one row never share a timestamp.
 */
public final class IndexedTable {
  /** The qualifier of the index cell naming the main row. */
  public static final String MAIN_ROW_QUALIFIER = "_row";
  /** The descriptor METADATA key the definitions are stored under (TypeScript's {@code INDEX_METADATA_KEY}). */
  public static final String INDEX_METADATA_KEY = "hbase-hotspot.indexes";
  private static final Set<String> NUMBER_TYPES = Set.of("int", "long", "epochMs", "epochSeconds", "sequence");
  private static final byte SEPARATOR = 0x00;

  /** A step of a put, reported to the step hook; a hook that throws stops the write there, as a crash would. */
  public enum Step { INDEX_WRITTEN, MAIN_WRITTEN }

  /** Called after each step of a put with the main rowkey (crash tests). */
  @FunctionalInterface
  public interface StepHook {
    /** @throws IOException or a runtime exception to stop the write at this step */
    void after(Step step, byte[] mainKey) throws IOException;
  }

  /** One index definition, as the TypeScript {@code IndexDefinition} (and the descriptor METADATA JSON) gives it. */
  public static final class Index {
    final String name;
    final TableName indexTable;
    final byte[] family;
    final List<String> fields;
    final Map<String, String> types;
    final boolean unique;
    final List<String> covered;
    final RowkeyTemplate template;
    final Integer valueWidth;

    /**
     * @param fields the indexed fields in key order (a {@link LinkedHashMap}: the order makes the default key), each
     *     mapped to its lint field type or null ({@code long},
     *     {@code epochMs}, ... are read back from the main row as numbers when their text is an integer)
     * @param key the index key template over the indexed fields; null for {@code {f1}_{f2}...}
     * @param family the index table's family; null for {@code i}
     * @throws TemplateException the template's codes, or {@code INDEX_KEY_FIELDS} when it does not write every field
     */
    public Index(String name, TableName indexTable, Map<String, String> fields, boolean unique, List<String> covered, String key, String family) {
      this.name = name;
      this.indexTable = indexTable;
      this.family = Bytes.toBytes(family == null ? "i" : family);
      this.fields = List.copyOf(fields.keySet());
      this.types = new HashMap<>(fields);
      this.unique = unique;
      this.covered = List.copyOf(covered);
      String source = key != null ? key : String.join("_", this.fields.stream().map(f -> "{" + f + "}").toList());
      this.template = RowkeyTemplate.compile(source, this.fields);
      for (String f : this.fields) {
        if (!template.fields().contains(f)) {
          throw new TemplateException("INDEX_KEY_FIELDS", "index " + name + ": key \"" + source + "\" does not write " + f + ": two values would share one index key", f);
        }
      }
      this.valueWidth = template.fixedWidth();
    }

    /** The index's name. */
    public String name() {
      return name;
    }
  }

  /** One verified lookup hit: the main rowkey, its fields as text and their newest timestamp (epoch ms). */
  public record Hit(byte[] key, Map<String, String> fields, long timestamp) {
  }

  /** One covered lookup hit, read from the index only: the main rowkey the entry names and the covered fields' text. */
  public record CoveredHit(byte[] key, Map<String, String> fields) {
  }

  private record MainRecord(Map<String, String> fields, Map<String, Long> timestamps) {
  }

  private record Entry(byte[] row, Put put, long timestamp) {
  }

  private final Connection connection;
  private final TableName table;
  private final byte[] family;
  private final Map<String, Index> indexes = new LinkedHashMap<>();
  private final LongSupplier clock;
  private volatile StepHook hook = (step, key) -> { };
  private long last;

  /**
   * @param family the main table's family holding the fields ({@code d} in the TypeScript default)
   * @param clock write timestamps, epoch ms (e.g. {@code System::currentTimeMillis})
   */
  public IndexedTable(Connection connection, TableName table, String family, List<Index> indexes, LongSupplier clock) {
    this.connection = connection;
    this.table = table;
    this.family = Bytes.toBytes(family);
    for (Index i : indexes) {
      this.indexes.put(i.name, i);
    }
    this.clock = clock;
  }

  /**
   * The indexes stored in the main table's descriptor METADATA ({@value #INDEX_METADATA_KEY}, written by the TypeScript
   * {@code encodeIndexMetadata}), with the system clock.
   * @throws IllegalArgumentException when the descriptor holds no definitions
   */
  public static IndexedTable fromDescriptor(Connection connection, TableName table, String family) throws IOException {
    String json;
    try (org.apache.hadoop.hbase.client.Admin admin = connection.getAdmin()) {
      json = admin.getDescriptor(table).getValue(INDEX_METADATA_KEY);
    }
    if (json == null) {
      throw new IllegalArgumentException("table " + table.getNameAsString() + " has no " + INDEX_METADATA_KEY + " in its descriptor METADATA");
    }
    return new IndexedTable(connection, table, family, parseMetadata(json), System::currentTimeMillis);
  }

  /** The definitions of a METADATA value {@code {"indexes":[{name, indexTable, fields, unique, covered, key, family}]}}. */
  public static List<Index> parseMetadata(String json) {
    List<Index> out = new ArrayList<>();
    for (JsonElement e : JsonParser.parseString(json).getAsJsonObject().getAsJsonArray("indexes")) {
      JsonObject o = e.getAsJsonObject();
      Map<String, String> fields = new LinkedHashMap<>();
      JsonElement f = o.get("fields");
      if (f.isJsonArray()) {
        for (JsonElement n : f.getAsJsonArray()) {
          fields.put(n.getAsString(), null);
        }
      } else {
        for (Map.Entry<String, JsonElement> n : f.getAsJsonObject().entrySet()) {
          fields.put(n.getKey(), n.getValue().getAsString());
        }
      }
      List<String> covered = new ArrayList<>();
      JsonArray c = o.has("covered") ? o.getAsJsonArray("covered") : new JsonArray();
      c.forEach(x -> covered.add(x.getAsString()));
      String table = o.get("table").getAsString();
      String name = o.get("name").getAsString();
      out.add(new Index(name, TableName.valueOf(o.has("indexTable") ? o.get("indexTable").getAsString() : table + "_" + name),
          fields, o.get("unique").getAsBoolean(), covered, o.has("key") ? o.get("key").getAsString() : null,
          o.has("family") ? o.get("family").getAsString() : null));
    }
    return out;
  }

  /** Sets the hook called after each step of a put (crash tests); returns this. */
  public IndexedTable onStep(StepHook hook) {
    this.hook = hook;
    return this;
  }

  private synchronized long nextTimestamp(long atLeast) {
    last = Math.max(Math.max(clock.getAsLong(), last + 1), atLeast);
    return last;
  }

  private static String text(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  /** The newest cell of each qualifier in {@code family}: field text and timestamp. */
  private static MainRecord recordOf(Result r, byte[] family) {
    Map<String, String> fields = new LinkedHashMap<>();
    Map<String, Long> stamps = new HashMap<>();
    for (Cell c : r.rawCells()) {
      if (!CellUtil.matchingFamily(c, family)) {
        continue;
      }
      String q = text(CellUtil.cloneQualifier(c));
      if (!fields.containsKey(q)) {
        fields.put(q, text(CellUtil.cloneValue(c)));
        stamps.put(q, c.getTimestamp());
      }
    }
    return new MainRecord(fields, stamps);
  }

  private MainRecord readMain(Table main, byte[] key) throws IOException {
    Result r = main.get(new Get(key).addFamily(family));
    return r.isEmpty() ? null : recordOf(r, family);
  }

  /** The record the index key template reads: text, with integer text of number-typed fields as Long or BigInteger. */
  private static Map<String, Object> typed(Index index, Map<String, String> fields) {
    Map<String, Object> out = new HashMap<>(fields);
    for (String f : index.fields) {
      String t = fields.get(f);
      if (t == null || !NUMBER_TYPES.contains(String.valueOf(index.types.get(f))) || !t.matches("-?\\d+")) {
        continue;
      }
      BigInteger n = new BigInteger(t);
      out.put(f, n.bitLength() < 64 ? (Object) n.longValue() : n);
    }
    return out;
  }

  /**
   * The index rowkey: V for a unique index, V 0x00 M for a non-unique one.
   * @throws TemplateException the template's codes; {@code INDEX_VALUE_ZERO_BYTE} when a varying-width V of a
   *     non-unique index holds the separator
   */
  private static byte[] indexValue(Index index, Map<String, Object> record) {
    byte[] v = index.template.encode(record);
    if (!index.unique && index.valueWidth == null) {
      for (int i = 0; i < v.length; i++) {
        if (v[i] == SEPARATOR) {
          throw new TemplateException("INDEX_VALUE_ZERO_BYTE", "index " + index.name + ": the key \"" + index.template.source()
              + "\" writes a 0x00 byte at offset " + i + ", the separator before the main rowkey; write the value with a fixed width or as text", "index " + index.name);
        }
      }
    }
    return v;
  }

  private static byte[] indexRowkey(Index index, Map<String, Object> record, byte[] mainKey) {
    byte[] v = indexValue(index, record);
    if (index.unique) {
      return v;
    }
    byte[] row = Arrays.copyOf(v, v.length + 1 + mainKey.length);
    row[v.length] = SEPARATOR;
    System.arraycopy(mainKey, 0, row, v.length + 1, mainKey.length);
    return row;
  }

  /** The entry main row {@code key} holding {@code record} should have, or null (an indexed field absent, or refused). */
  private static Entry expected(Index index, byte[] key, MainRecord record) {
    for (String f : index.fields) {
      if (!record.fields.containsKey(f)) {
        return null;
      }
    }
    byte[] row;
    try {
      row = indexRowkey(index, typed(index, record.fields), key);
    } catch (TemplateException e) {
      return null;
    }
    long ts = 0;
    for (String f : index.fields) {
      ts = Math.max(ts, record.timestamps.getOrDefault(f, 0L));
    }
    for (String f : index.covered) {
      ts = Math.max(ts, record.timestamps.getOrDefault(f, 0L));
    }
    Put put = new Put(row).addColumn(index.family, Bytes.toBytes(MAIN_ROW_QUALIFIER), ts, key);
    for (String f : index.covered) {
      String v = record.fields.get(f);
      if (v != null) {
        put.addColumn(index.family, Bytes.toBytes(f), ts, Bytes.toBytes(v));
      }
    }
    return new Entry(row, put, ts);
  }

  private Map<Index, Entry> entries(byte[] key, MainRecord record) {
    Map<Index, Entry> out = new LinkedHashMap<>();
    for (Index index : indexes.values()) {
      Entry e = expected(index, key, record);
      if (e != null) {
        out.put(index, e);
      }
    }
    return out;
  }

  /** Removes {@code entry} only while its {@code _row} still names {@code key}, and only versions at or before its timestamp. */
  private void removeEntry(Index index, byte[] key, Entry entry) throws IOException {
    try (Table t = connection.getTable(index.indexTable)) {
      t.checkAndMutate(CheckAndMutate.newBuilder(entry.row).ifEquals(index.family, Bytes.toBytes(MAIN_ROW_QUALIFIER), key)
          .build(new Delete(entry.row).addFamily(index.family, entry.timestamp)));
    }
  }

  /**
   * Writes main row {@code key} with {@code record} (each value as its {@link String#valueOf} UTF-8 text) and its
   * index entries, at the next write timestamp. Fields the record leaves out keep their cells.
   * @return the timestamp written, epoch ms
   * @throws TemplateException for a value an index key refuses (nothing is written then)
   * @throws IOException what HBase threw, or the step hook
   */
  public long put(byte[] key, Map<String, ?> record) throws IOException {
    try (Table main = connection.getTable(table)) {
      MainRecord old = readMain(main, key);
      long ts = nextTimestamp(0);
      Map<String, String> fields = new LinkedHashMap<>(old == null ? Map.of() : old.fields);
      Map<String, Long> stamps = new HashMap<>(old == null ? Map.of() : old.timestamps);
      Put mainPut = new Put(key);
      for (Map.Entry<String, ?> e : record.entrySet()) {
        String v = String.valueOf(e.getValue());
        fields.put(e.getKey(), v);
        stamps.put(e.getKey(), ts);
        mainPut.addColumn(family, Bytes.toBytes(e.getKey()), ts, Bytes.toBytes(v));
      }
      Map<Index, Entry> next = entries(key, new MainRecord(fields, stamps));
      for (Index index : indexes.values()) {
        if (!next.containsKey(index) && fields.keySet().containsAll(index.fields)) {
          indexRowkey(index, typed(index, fields), key); // throws the refusal before anything is written
        }
      }
      for (Map.Entry<Index, Entry> e : next.entrySet()) {
        try (Table t = connection.getTable(e.getKey().indexTable)) {
          t.put(e.getValue().put);
        }
      }
      hook.after(Step.INDEX_WRITTEN, key);
      main.put(mainPut);
      hook.after(Step.MAIN_WRITTEN, key);
      if (old != null) {
        for (Map.Entry<Index, Entry> e : entries(key, old).entrySet()) {
          Entry now = next.get(e.getKey());
          if (now == null || !Arrays.equals(now.row, e.getValue().row)) {
            removeEntry(e.getKey(), key, e.getValue());
          }
        }
      }
      return ts;
    }
  }

  /**
   * Deletes main row {@code key}'s family (a marker at the next write timestamp, at least its newest cell), then the
   * index entries its values had.
   * @return the delete's timestamp, or null when the row did not exist (nothing written)
   */
  public Long delete(byte[] key) throws IOException {
    try (Table main = connection.getTable(table)) {
      MainRecord old = readMain(main, key);
      if (old == null) {
        return null;
      }
      long ts = nextTimestamp(old.timestamps.values().stream().mapToLong(Long::longValue).max().orElse(0));
      main.delete(new Delete(key).addFamily(family, ts));
      for (Map.Entry<Index, Entry> e : entries(key, old).entrySet()) {
        removeEntry(e.getKey(), key, e.getValue());
      }
      return ts;
    }
  }

  private Index index(String name) {
    Index index = indexes.get(name);
    if (index == null) {
      throw new IllegalArgumentException("table " + table.getNameAsString() + " has no index \"" + name + "\"; it has " + String.join(", ", indexes.keySet()));
    }
    return index;
  }

  /** Index rows of {@code values}: one get (unique) or a scan of [V 0x00, V 0x01) (non-unique), with their {@code _row} cell. */
  private List<Result> readEntries(Index index, Map<String, ?> values) throws IOException {
    Map<String, Object> record = new HashMap<>(values);
    byte[] v = indexValue(index, record);
    List<Result> rows = new ArrayList<>();
    byte[] rowQualifier = Bytes.toBytes(MAIN_ROW_QUALIFIER);
    try (Table t = connection.getTable(index.indexTable)) {
      if (index.unique) {
        Result r = t.get(new Get(v));
        if (!r.isEmpty()) {
          rows.add(r);
        }
      } else {
        byte[] start = Arrays.copyOf(v, v.length + 1);
        byte[] stop = Arrays.copyOf(v, v.length + 1);
        stop[v.length] = SEPARATOR + 1;
        try (ResultScanner s = t.getScanner(new Scan().withStartRow(start).withStopRow(stop).readVersions(1))) {
          for (Result r : s) {
            rows.add(r);
          }
        }
      }
    }
    rows.removeIf(r -> r.getValue(index.family, rowQualifier) == null);
    return rows;
  }

  /**
   * The main rows whose indexed fields hold {@code values} through index {@code name}, each verified against its main
   * row (read in one multi-get): a hit whose main row is gone or no longer gives that entry is left out.
   * @throws IllegalArgumentException for an unknown index; TemplateException for values the key refuses
   */
  public List<Hit> lookup(String name, Map<String, ?> values) throws IOException {
    Index index = index(name);
    List<Result> entries = readEntries(index, values);
    if (entries.isEmpty()) {
      return List.of();
    }
    byte[] rowQualifier = Bytes.toBytes(MAIN_ROW_QUALIFIER);
    List<Get> gets = new ArrayList<>();
    for (Result e : entries) {
      gets.add(new Get(e.getValue(index.family, rowQualifier)).addFamily(family));
    }
    Result[] mains;
    try (Table main = connection.getTable(table)) {
      mains = main.get(gets);
    }
    List<Hit> hits = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      Result m = mains[i];
      if (m == null || m.isEmpty()) {
        continue;
      }
      byte[] key = gets.get(i).getRow();
      MainRecord record = recordOf(m, family);
      Entry want = expected(index, key, record);
      if (want == null || !Arrays.equals(want.row, entries.get(i).getRow())) {
        continue;
      }
      hits.add(new Hit(key, record.fields, record.timestamps.values().stream().mapToLong(Long::longValue).max().orElse(0)));
    }
    return hits;
  }

  /**
   * Like {@link #lookup} but reads only the index: the covered fields as the entries hold them, not checked against
   * the main rows (an orphan is returned until {@code index check --repair} removes it).
   */
  public List<CoveredHit> lookupCovered(String name, Map<String, ?> values) throws IOException {
    Index index = index(name);
    List<CoveredHit> out = new ArrayList<>();
    for (Result r : readEntries(index, values)) {
      MainRecord held = recordOf(r, index.family);
      Map<String, String> fields = new LinkedHashMap<>();
      for (String f : index.covered) {
        if (held.fields.containsKey(f)) {
          fields.put(f, held.fields.get(f));
        }
      }
      out.add(new CoveredHit(r.getValue(index.family, Bytes.toBytes(MAIN_ROW_QUALIFIER)), fields));
    }
    return out;
  }
}
