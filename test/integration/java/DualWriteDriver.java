// A Java writer using the dual writer (jvm/, hbasehotspot.client.DualWriter) against the real HBase, for
// test/integration/migrate-dual-java.test.ts. Run with the JVM side's classpath:
//   java -cp <classes:hbase jars> DualWriteDriver.java ZK OLD NEW OLD_TEMPLATE NEW_TEMPLATE ROWS T0 DEVICES MAX_OPS MAX_SECONDS SEED
// The old table's rows are keyed by OLD_TEMPLATE over ts = T0 + i * 60000 and deviceId = "dev" + (i % DEVICES), for
// i < ROWS. The driver updates and deletes random rows of them (seeded) through the dual writer: puts without a
// timestamp (stamped by the writer), some through its BufferedMutator, row deletes, deletes of every version of d:w,
// and deletes of one version of d:v at its exact timestamp. It makes 100 such changes, prints "writing", and goes on,
// one change every 5 ms, until it reads "stop" on standard input, or MAX_OPS changes or MAX_SECONDS have passed
// (then it waits for "stop"). After "stop" it checks the other parts of the contract: a key the old template does not
// decode is refused before anything is written; with dual writes off a put reaches the old table only; the read
// switch reads the new table under the new key and falls back to the old table for a row missing there. It prints
// one JSON line with what it did and saw. Reads of the old table happen only after "stop".
import hbasehotspot.client.DualWriter;
import hbasehotspot.keys.RowkeyTemplate;
import hbasehotspot.keys.TemplateException;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

public class DualWriteDriver {
  static final byte[] D = Bytes.toBytes("d");
  static final byte[] V = Bytes.toBytes("v");
  static final byte[] W = Bytes.toBytes("w");
  static final HexFormat HEX = HexFormat.of();

  public static void main(String[] args) throws Exception {
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", args[0]);
    TableName oldName = TableName.valueOf(args[1]);
    TableName newName = TableName.valueOf(args[2]);
    RowkeyTemplate oldTemplate = RowkeyTemplate.compile(args[3]);
    DualWriter dual = DualWriter.of(oldTemplate, RowkeyTemplate.compile(args[4]));
    int rows = Integer.parseInt(args[5]);
    long t0 = Long.parseLong(args[6]);
    int devices = Integer.parseInt(args[7]);
    int maxOps = Integer.parseInt(args[8]);
    long deadline = System.nanoTime() + Long.parseLong(args[9]) * 1_000_000_000L;
    Random random = new Random(Long.parseLong(args[10]));
    CountDownLatch stop = new CountDownLatch(1);
    Thread stdin = new Thread(() -> {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in))) {
        for (String line; (line = in.readLine()) != null; ) {
          if (line.trim().equals("stop")) break;
        }
      } catch (Exception e) {
        // end of input counts as stop
      }
      stop.countDown();
    });
    stdin.setDaemon(true);
    stdin.start();

    try (Connection connection = ConnectionFactory.createConnection(conf)) {
      Table table = dual.wrap(connection.getTable(oldName), connection.getTable(newName));
      BufferedMutator mutator = dual.wrap(connection.getBufferedMutator(oldName), connection.getBufferedMutator(newName));
      int[] counts = new int[5]; // puts, mutator puts, row deletes, column deletes, version deletes
      List<Long> deleteStamps = new ArrayList<>();
      int ops = 0;
      int opsBeforeWriting = 100;
      while (ops < maxOps && System.nanoTime() < deadline && stop.getCount() > 0) {
        int i = random.nextInt(rows);
        long ts = t0 + i * 60_000L;
        byte[] key = oldTemplate.encode(Map.of("ts", ts, "deviceId", "dev" + (i % devices)));
        double r = random.nextDouble();
        if (r < 0.45) {
          table.put(new Put(key).addColumn(D, V, Bytes.toBytes("u" + ops)));
          counts[0]++;
        } else if (r < 0.6) {
          mutator.mutate(new Put(key).addColumn(D, V, Bytes.toBytes("m" + ops)).addColumn(D, W, Bytes.toBytes("mw" + ops)));
          counts[1]++;
        } else if (r < 0.73) {
          long before = System.currentTimeMillis();
          table.delete(new Delete(key));
          deleteStamps.add(before);
          counts[2]++;
        } else if (r < 0.86) {
          long before = System.currentTimeMillis();
          table.delete(new Delete(key).addColumns(D, W));
          deleteStamps.add(before);
          counts[3]++;
        } else {
          // The oldest version of d:v, at its exact (2011) timestamp.
          long before = System.currentTimeMillis();
          table.delete(new Delete(key).addColumn(D, V, ts));
          deleteStamps.add(before);
          counts[4]++;
        }
        ops++;
        if (ops % 50 == 0) mutator.flush();
        if (ops == opsBeforeWriting) {
          mutator.flush();
          System.out.println("writing");
          System.out.flush();
        }
        if (ops > opsBeforeWriting) Thread.sleep(5);
      }
      mutator.flush();
      int opsAtStop = ops;
      stop.await();

      // A key the old template does not decode (shorter than its 8-byte long): refused, nothing written.
      byte[] junk = Bytes.toBytes("jnk");
      String code = "";
      String message = "";
      try {
        table.put(new Put(junk).addColumn(D, V, Bytes.toBytes("x")));
      } catch (TemplateException e) {
        code = e.code();
        message = e.getMessage();
      }
      boolean junkInOld;
      try (Table plainOld = connection.getTable(oldName)) {
        junkInOld = plainOld.exists(new Get(junk));
      }
      // The stop flag: a row written with dual writes off reaches the old table only.
      byte[] stopKey = oldTemplate.encode(Map.of("ts", t0 + (rows + 1) * 60_000L, "deviceId", "devstop"));
      dual.setDualWrites(false);
      table.put(new Put(stopKey).addColumn(D, V, Bytes.toBytes("only-old")));
      dual.setDualWrites(true);
      byte[] bothKey = oldTemplate.encode(Map.of("ts", t0 + (rows + 2) * 60_000L, "deviceId", "devboth"));
      table.put(new Put(bothKey).addColumn(D, V, Bytes.toBytes("both")));
      // The read switch.
      dual.setReadSide(DualWriter.ReadSide.NEW);
      Result newSide = table.get(new Get(bothKey));
      Result fallback = table.get(new Get(stopKey));
      dual.setFallback(false);
      Result noFallback = table.get(new Get(stopKey));
      boolean existsNoFallback = table.exists(new Get(stopKey));
      dual.setReadSide(DualWriter.ReadSide.OLD);
      Result oldSide = table.get(new Get(bothKey));
      mutator.close();
      table.close();

      StringBuilder stamps = new StringBuilder();
      for (long s : deleteStamps) stamps.append(stamps.length() == 0 ? "" : ",").append(s);
      System.out.println("{\"ops\":" + ops + ",\"opsAtStop\":" + opsAtStop + ",\"opsBeforeWriting\":" + opsBeforeWriting
          + ",\"puts\":" + counts[0] + ",\"mutatorPuts\":" + counts[1] + ",\"rowDeletes\":" + counts[2]
          + ",\"columnDeletes\":" + counts[3] + ",\"versionDeletes\":" + counts[4] + ",\"deleteStampsMs\":[" + stamps + "]"
          + ",\"unmapped\":{\"code\":\"" + code + "\",\"message\":\"" + message.replace("\\", "\\\\").replace("\"", "\\\"") + "\",\"inOld\":" + junkInOld + "}"
          + ",\"stopKey\":\"" + HEX.formatHex(stopKey) + "\",\"bothKey\":\"" + HEX.formatHex(bothKey) + "\",\"bothNewKey\":\"" + HEX.formatHex(dual.newKey(bothKey)) + "\""
          + ",\"reads\":{\"newSide\":\"" + HEX.formatHex(newSide.getRow()) + "\",\"newValue\":\"" + Bytes.toString(newSide.getValue(D, V)) + "\""
          + ",\"fallback\":\"" + HEX.formatHex(fallback.getRow()) + "\",\"fallbackValue\":\"" + Bytes.toString(fallback.getValue(D, V)) + "\""
          + ",\"noFallbackEmpty\":" + noFallback.isEmpty() + ",\"existsNoFallback\":" + existsNoFallback
          + ",\"oldSide\":\"" + HEX.formatHex(oldSide.getRow()) + "\"}}");
    }
  }
}
