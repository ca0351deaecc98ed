// A Java writer using the key sampler (jvm/, hbasehotspot.client.KeySampler) against the real HBase, for
// test/integration/key-sampler.test.ts. Run with the JVM side's classpath:
//   java -cp <classes:hbase jars> SampledWriter.java ZK TABLE SAMPLES_PREFIX SECONDS
// Writes unbatched puts for SECONDS: 9 in 10 to the row "q-celebrity", the rest spread over "a-", "h-" and "q-" rows,
// through a sampled Table (1 s periods), prints "writing" when it starts, then one JSON line: the puts written, and
// the sampler's cost measured in this JVM (ns of CPU per sampled call on a no-op Table, against the CPU per put).
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Proxy;
import java.nio.file.Paths;

import hbasehotspot.client.KeySampler;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

public class SampledWriter {
  public static void main(String[] args) throws Exception {
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", args[0]);
    TableName name = TableName.valueOf(args[1]);
    long seconds = Long.parseLong(args[3]);
    ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
    byte[] cf = Bytes.toBytes("cf");
    byte[] q = Bytes.toBytes("v");
    String[] prefixes = {"a-", "h-", "q-"};
    try (Connection connection = ConnectionFactory.createConnection(conf);
        KeySampler sampler = KeySampler.toFiles(Paths.get(args[2]), KeySampler.Options.of(2000, 1000))) {
      Table table = sampler.wrap(connection.getTable(name));
      System.out.println("writing");
      System.out.flush();
      long end = System.nanoTime() + seconds * 1_000_000_000L;
      long puts = 0;
      long cpuStart = cpu.getCurrentThreadCpuTime();
      while (System.nanoTime() < end) {
        String row = puts % 10 != 0 ? "q-celebrity" : prefixes[(int) (puts / 10 % 3)] + String.format("%06d", puts);
        table.put(new Put(Bytes.toBytes(row)).addColumn(cf, q, Bytes.toBytes(puts)));
        puts++;
      }
      double cpuPerPutNs = (double) (cpu.getCurrentThreadCpuTime() - cpuStart) / puts;
      table.close();
      // The sampler's own cost: the same put through a sampled and an unsampled no-op Table.
      Table noop = (Table) Proxy.newProxyInstance(Table.class.getClassLoader(), new Class<?>[] {Table.class}, (p, m, a) -> null);
      KeySampler measure = KeySampler.toStream(java.io.OutputStream.nullOutputStream(), false, KeySampler.Options.of(2000, 1000));
      Table sampled = measure.wrap(noop);
      Put put = new Put(Bytes.toBytes("q-celebrity")).addColumn(cf, q, Bytes.toBytes(1L));
      double plainNs = 0;
      double sampledNs = 0;
      for (int round = 0; round < 5; round++) {
        long t0 = cpu.getCurrentThreadCpuTime();
        for (int i = 0; i < 1_000_000; i++) {
          noop.put(put);
        }
        long t1 = cpu.getCurrentThreadCpuTime();
        for (int i = 0; i < 1_000_000; i++) {
          sampled.put(put);
        }
        long t2 = cpu.getCurrentThreadCpuTime();
        plainNs = (t1 - t0) / 1e6;
        sampledNs = (t2 - t1) / 1e6;
      }
      measure.close();
      double overheadNs = sampledNs - plainNs;
      System.out.printf("{\"puts\":%d,\"cpuPerPutNs\":%.0f,\"samplerNsPerCall\":%.1f,\"overheadShareOfPut\":%.5f}%n",
          puts, cpuPerPutNs, overheadNs, overheadNs / cpuPerPutNs);
    }
  }
}
