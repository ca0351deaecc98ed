// JMH benchmark of the key sampler (jvm/, hbasehotspot.client.KeySampler), run by bench/key-sampler.bench.ts:
// `put`, an unbatched put through a real Table of the local HBase, and `noopPut`, the same call on a no-op Table (the
// sampler's own cost without the RPC), each with the parameter decoration=undecorated or sampled (wrapped by the
// sampler).
//
// Wall time per put is mostly the round trip to the RegionServer, so each benchmark also reports CPU counters per
// iteration (JMH @AuxCounters, type EVENTS, summed over the iteration): the calling thread's CPU (ThreadMXBean), the
// whole client JVM's CPU (OperatingSystemMXBean: netty event loops, GC and JIT included) and the sampler's own
// background thread's CPU (it serialises each period's kept rows), with the calls they cover. Divide by `calls`.
//
// Parameters (-p): zk (quorum, host:port) and table (an existing table with family "cf"); the no-op benchmarks
// need neither. The sampler keeps up to 10,000 rows per 1 s period, so at a put's rate every put is kept and written.
package hbasehotspot.bench;

import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Proxy;
import java.util.concurrent.TimeUnit;

import hbasehotspot.client.KeySampler;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class KeySamplerJmh {
  static final byte[] CF = Bytes.toBytes("cf");
  static final byte[] Q = Bytes.toBytes("v");
  /** The rows written: 1,000 distinct keys, as a writer spreading its puts would. */
  static final byte[][] ROWS = new byte[1000][];

  static {
    for (int i = 0; i < ROWS.length; i++) {
      ROWS[i] = Bytes.toBytes(String.format("row-%04d", i * 7 % 1000));
    }
  }

  /** Sampler settings of every sampled benchmark: 10,000 rows kept per 1 s period. */
  static KeySampler.Options options() {
    return KeySampler.Options.of(10_000, 1000);
  }

  /** The HBase table, plain and sampled, shared by the threads of one trial. */
  @State(Scope.Benchmark)
  public static class Cluster {
    @Param("127.0.0.1:2181")
    public String zk;
    @Param("jmh_sampler")
    public String table;

    Connection connection;
    Table plain;
    Table sampled;
    KeySampler sampler;

    @Setup(Level.Trial)
    public void connect() throws Exception {
      Configuration conf = HBaseConfiguration.create();
      conf.set("hbase.zookeeper.quorum", zk);
      connection = ConnectionFactory.createConnection(conf);
      plain = connection.getTable(TableName.valueOf(table));
      sampler = KeySampler.toStream(OutputStream.nullOutputStream(), false, options());
      sampled = sampler.wrap(connection.getTable(TableName.valueOf(table)));
      // One put each before measuring: region location lookups are not part of a put's steady cost.
      plain.put(new Put(ROWS[0]).addColumn(CF, Q, Bytes.toBytes(0L)));
      sampled.put(new Put(ROWS[0]).addColumn(CF, Q, Bytes.toBytes(0L)));
    }

    @TearDown(Level.Trial)
    public void close() throws Exception {
      sampler.close();
      plain.close();
      sampled.close();
      connection.close();
    }
  }

  /** A Table whose every method does nothing, plain and sampled. */
  @State(Scope.Benchmark)
  public static class Noop {
    Table plain;
    Table sampled;
    KeySampler sampler;

    @Setup(Level.Trial)
    public void create() {
      plain = (Table) Proxy.newProxyInstance(Table.class.getClassLoader(), new Class<?>[] {Table.class}, (p, m, a) -> null);
      sampler = KeySampler.toStream(OutputStream.nullOutputStream(), false, options());
      sampled = sampler.wrap(plain);
    }

    @TearDown(Level.Trial)
    public void close() throws Exception {
      sampler.close();
    }
  }

  /** CPU counters of one iteration of one thread (JMH reports each field summed over the iteration). */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Cpu {
    /** Benchmark calls in the iteration. */
    public long calls;
    /** CPU of the calling thread, ns. */
    public long threadCpuNs;
    /** CPU of the whole JVM (every thread of the client), ns. */
    public long processCpuNs;
    /** CPU of the sampler's background thread(s) that write each period, ns. */
    public long samplerThreadCpuNs;

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private long count;
    private long thread0;
    private long process0;
    private long sampler0;

    @Setup(Level.Iteration)
    public void start() {
      count = 0;
      calls = 0;
      threadCpuNs = 0;
      processCpuNs = 0;
      samplerThreadCpuNs = 0;
      thread0 = threads.getCurrentThreadCpuTime();
      process0 = os.getProcessCpuTime();
      sampler0 = samplerCpu();
    }

    @TearDown(Level.Iteration)
    public void stop() {
      threadCpuNs = threads.getCurrentThreadCpuTime() - thread0;
      processCpuNs = os.getProcessCpuTime() - process0;
      samplerThreadCpuNs = samplerCpu() - sampler0;
      calls = count;
    }

    /** The CPU time so far of every thread named as the sampler names its own, ns. */
    private long samplerCpu() {
      long sum = 0;
      for (ThreadInfo t : threads.getThreadInfo(threads.getAllThreadIds())) {
        if (t != null && t.getThreadName().equals("hbase-hotspot-key-sampler")) {
          sum += Math.max(0, threads.getThreadCpuTime(t.getThreadId()));
        }
      }
      return sum;
    }

    int next() {
      return (int) (count++ % ROWS.length);
    }
  }

  /** Which Table a benchmark calls: the undecorated one or the one the sampler wraps. */
  @State(Scope.Benchmark)
  public static class Decoration {
    @Param({"undecorated", "sampled"})
    public String decoration;
  }

  /** One unbatched put of the next row through {@code table}. */
  static void putNext(Table table, Cpu cpu) throws Exception {
    int i = cpu.next();
    table.put(new Put(ROWS[i]).addColumn(CF, Q, Bytes.toBytes((long) i)));
  }

  @Benchmark
  public void put(Cluster c, Decoration d, Cpu cpu) throws Exception {
    putNext(d.decoration.equals("sampled") ? c.sampled : c.plain, cpu);
  }

  @Benchmark
  public void noopPut(Noop n, Decoration d, Cpu cpu) throws Exception {
    putNext(d.decoration.equals("sampled") ? n.sampled : n.plain, cpu);
  }
}
