package hbasehotspot.sources;

import java.io.IOException;
import java.util.Base64;

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
import org.apache.hbase.thirdparty.com.google.gson.JsonArray;
import org.apache.hbase.thirdparty.com.google.gson.JsonElement;
import org.apache.hbase.thirdparty.com.google.gson.JsonObject;

/**
 * The data requests of the reader's line protocol: a request line that is a JSON object with an {@code op}, answered
 * with one line {@code {"data":{...}}}. They read and write cells through {@link Table}, so a command such as
 * {@code index check --zk} needs no REST gateway. Every key, family, qualifier and value is base64 in both directions.
 *
 * <ul>
 * <li>{@code {"op":"scan","table","startRow"?,"stopRow"?,"columns"?:[..],"maxVersions"?,"limit"}}: up to
 * {@code limit} rows of {@code [startRow, stopRow)} ({@link Scan#withStartRow}, {@link Scan#withStopRow}, exclusive),
 * answered {@code {"rows":[row...],"more":bool}}; the caller asks again from the last key plus a 0x00 byte while
 * {@code more} is true (paging, as the REST gateway's stateful scanner does in batches).</li>
 * <li>{@code {"op":"get","table","row","columns"?,"maxVersions"?}}: {@link Table#get}, answered {@code {"row":row}}
 * or {@code {"row":null}} for a row without cells.</li>
 * <li>{@code {"op":"checkAndPut","table","row","condition","cells":[{family,qualifier,value,timestamp?}]}} and
 * {@code {"op":"checkAndDelete","table","row","condition","families":[{family,timestamp?}]}}:
 * {@link Table#checkAndMutate(CheckAndMutate)}, answered {@code {"checked":bool}}. The condition
 * {@code {family,qualifier,value?}} is the REST gateway's: the newest version equals {@code value}, or with no or an
 * empty {@code value} the cell is absent ({@link CheckAndMutate.Builder#ifNotExists}). A deleted family loses every
 * version at or before its timestamp ({@link Delete#addFamily(byte[], long)}), the server's time when none is given.</li>
 * </ul>
 *
 * <p>A row is {@code {"key","cells":[{"family","qualifier","timestamp","value"}]}}, cells in HBase order (family,
 * qualifier, newest first) as {@link Result#rawCells()} gives them.
 */
final class TableData {
  private static final Base64.Decoder B64IN = Base64.getDecoder();
  private static final Base64.Encoder B64OUT = Base64.getEncoder();

  private TableData() {
  }

  /**
   * Runs one data request.
   *
   * @throws IllegalArgumentException for a malformed request (unknown op, missing field)
   * @throws IOException what HBase threw (e.g. {@code TableNotFoundException})
   */
  static JsonObject handle(Connection connection, JsonObject request) throws IOException {
    String op = string(request, "op");
    try (Table table = connection.getTable(TableName.valueOf(string(request, "table")))) {
      JsonObject out = new JsonObject();
      switch (op) {
        case "scan" -> scan(table, request, out);
        case "get" -> {
          Get get = new Get(bytes(request, "row"));
          get.readVersions(request.has("maxVersions") ? request.get("maxVersions").getAsInt() : 1);
          if (request.has("columns")) {
            for (JsonElement c : request.getAsJsonArray("columns")) {
              addColumn(get, B64IN.decode(c.getAsString()));
            }
          }
          Result r = table.get(get);
          out.add("row", r.isEmpty() ? null : row(r));
        }
        case "checkAndPut" -> {
          byte[] row = bytes(request, "row");
          Put put = new Put(row);
          for (JsonElement e : request.getAsJsonArray("cells")) {
            JsonObject c = e.getAsJsonObject();
            long ts = c.has("timestamp") ? c.get("timestamp").getAsLong() : org.apache.hadoop.hbase.HConstants.LATEST_TIMESTAMP;
            put.addColumn(bytes(c, "family"), bytes(c, "qualifier"), ts, bytes(c, "value"));
          }
          out.addProperty("checked", table.checkAndMutate(condition(row, request).build(put)).isSuccess());
        }
        case "checkAndDelete" -> {
          byte[] row = bytes(request, "row");
          Delete delete = new Delete(row);
          JsonArray families = request.getAsJsonArray("families");
          if (families == null || families.isEmpty()) {
            throw new IllegalArgumentException("checkAndDelete needs at least one family");
          }
          for (JsonElement e : families) {
            JsonObject f = e.getAsJsonObject();
            if (f.has("timestamp")) {
              delete.addFamily(bytes(f, "family"), f.get("timestamp").getAsLong());
            } else {
              delete.addFamily(bytes(f, "family"));
            }
          }
          out.addProperty("checked", table.checkAndMutate(condition(row, request).build(delete)).isSuccess());
        }
        default -> throw new IllegalArgumentException("unknown data op \"" + op + "\"; the ops are scan, get, checkAndPut, checkAndDelete");
      }
      return out;
    }
  }

  /** A data request line named by its op and table only (its other fields hold cell values). */
  static String describe(String line) {
    try {
      JsonObject o = org.apache.hbase.thirdparty.com.google.gson.JsonParser.parseString(line).getAsJsonObject();
      return (o.has("op") ? o.get("op").getAsString() : "?") + " " + (o.has("table") ? o.get("table").getAsString() : "?");
    } catch (RuntimeException e) {
      return "a malformed JSON request";
    }
  }

  private static void scan(Table table, JsonObject request, JsonObject out) throws IOException {
    Scan scan = new Scan();
    if (request.has("startRow")) {
      scan.withStartRow(bytes(request, "startRow"));
    }
    if (request.has("stopRow")) {
      scan.withStopRow(bytes(request, "stopRow"));
    }
    scan.readVersions(request.has("maxVersions") ? request.get("maxVersions").getAsInt() : 1);
    if (request.has("columns")) {
      for (JsonElement c : request.getAsJsonArray("columns")) {
        byte[] column = B64IN.decode(c.getAsString());
        int colon = indexOf(column, (byte) ':');
        if (colon < 0) {
          scan.addFamily(column);
        } else {
          scan.addColumn(java.util.Arrays.copyOfRange(column, 0, colon), java.util.Arrays.copyOfRange(column, colon + 1, column.length));
        }
      }
    }
    int limit = request.has("limit") ? request.get("limit").getAsInt() : 1000;
    scan.setCaching(Math.min(limit + 1, 1000));
    JsonArray rows = new JsonArray();
    boolean more = false;
    try (ResultScanner scanner = table.getScanner(scan)) {
      for (Result r = scanner.next(); r != null; r = scanner.next()) {
        if (rows.size() == limit) {
          more = true;
          break;
        }
        rows.add(row(r));
      }
    }
    out.add("rows", rows);
    out.addProperty("more", more);
  }

  private static void addColumn(Get get, byte[] column) {
    int colon = indexOf(column, (byte) ':');
    if (colon < 0) {
      get.addFamily(column);
    } else {
      get.addColumn(java.util.Arrays.copyOfRange(column, 0, colon), java.util.Arrays.copyOfRange(column, colon + 1, column.length));
    }
  }

  /** The REST gateway's condition: equal to a non-empty value, else absent. */
  private static CheckAndMutate.Builder condition(byte[] row, JsonObject request) {
    JsonObject c = request.getAsJsonObject("condition");
    if (c == null) {
      throw new IllegalArgumentException("a check-and-mutate needs a condition");
    }
    byte[] family = bytes(c, "family");
    byte[] qualifier = bytes(c, "qualifier");
    byte[] value = c.has("value") ? bytes(c, "value") : new byte[0];
    CheckAndMutate.Builder b = CheckAndMutate.newBuilder(row);
    return value.length == 0 ? b.ifNotExists(family, qualifier) : b.ifEquals(family, qualifier, value);
  }

  private static JsonObject row(Result r) {
    JsonObject row = new JsonObject();
    row.addProperty("key", B64OUT.encodeToString(r.getRow()));
    JsonArray cells = new JsonArray();
    for (Cell cell : r.rawCells()) {
      JsonObject c = new JsonObject();
      c.addProperty("family", B64OUT.encodeToString(CellUtil.cloneFamily(cell)));
      c.addProperty("qualifier", B64OUT.encodeToString(CellUtil.cloneQualifier(cell)));
      c.addProperty("timestamp", cell.getTimestamp());
      c.addProperty("value", B64OUT.encodeToString(CellUtil.cloneValue(cell)));
      cells.add(c);
    }
    row.add("cells", cells);
    return row;
  }

  private static int indexOf(byte[] b, byte x) {
    for (int i = 0; i < b.length; i++) {
      if (b[i] == x) {
        return i;
      }
    }
    return -1;
  }

  private static String string(JsonObject o, String name) {
    if (!o.has(name) || o.get(name).isJsonNull()) {
      throw new IllegalArgumentException("the request has no \"" + name + "\"");
    }
    return o.get(name).getAsString();
  }

  private static byte[] bytes(JsonObject o, String name) {
    return B64IN.decode(string(o, name));
  }
}
