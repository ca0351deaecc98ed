package hbasehotspot.client;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Keeps a sample of the rowkeys a Java writer's requests touch and writes them as key-sample NDJSON, the
 * {@code --samples} input of {@code hbase-hotspot detect} and {@code fix plan} (docs/load-series.md): one line per kept
 * request, {@code {"timeMs":…,"key":"<toStringBinary>","op":"write","weight":…}}.
 *
 * <p>Time is cut into periods ({@link Options#periodMs}, 10 s by default). In each period a uniform reservoir
 * (Vitter's Algorithm R) keeps at most {@link Options#capacity} requests; at the period's end they are written, each
 * weighted by the period's requests seen ÷ kept, so the weights of a period add up to its requests and a busy period
 * weighs more than a quiet one. Memory is bounded by the capacity; a request costs a counter increment and, rarely, a
 * copy of its row. Thread-safe: any number of writer threads may share one sampler.
 *
 * <p>Two lines in a writer:
 *
 * <pre>{@code
 * KeySampler sampler = KeySampler.toFiles(Paths.get("/var/log/app/keys"), KeySampler.Options.defaults());
 * Table table = sampler.wrap(connection.getTable(TableName.valueOf("metrics")));
 * }</pre>
 *
 * <p>{@link #wrap(Table)} and {@link #wrap(BufferedMutator)} return decorators that offer the row of every put,
 * get, exists, increment, append, delete, row mutation, check-and-mutate and batch element, and the start row of every
 * scan, then call the wrapped object unchanged. {@link #close()} writes the current period and closes the output.
 */
public final class KeySampler implements Closeable {

  /** The request kinds of the key-sample format. */
  public enum Op {
    READ("read"), WRITE("write"), INCREMENT("increment"), DELETE("delete"), SCAN("scan");

    final String json;

    Op(String json) {
      this.json = json;
    }
  }

  /** Sampler settings. */
  public static final class Options {
    /** Requests kept per period, at least 1. */
    public final int capacity;
    /** Length of a period, ms, at least 100. */
    public final long periodMs;

    private Options(int capacity, long periodMs) {
      if (capacity < 1) {
        throw new IllegalArgumentException("capacity " + capacity + ": keep at least 1 request per period (e.g. 10000)");
      }
      if (periodMs < 100) {
        throw new IllegalArgumentException("periodMs " + periodMs + ": a period of at least 100 ms (e.g. 10000)");
      }
      this.capacity = capacity;
      this.periodMs = periodMs;
    }

    /** 10,000 requests kept per 10 s period. */
    public static Options defaults() {
      return new Options(10_000, 10_000);
    }

    /**
     * @param capacity requests kept per period, at least 1
     * @param periodMs length of a period, ms, at least 100
     * @throws IllegalArgumentException outside those bounds
     */
    public static Options of(int capacity, long periodMs) {
      return new Options(capacity, periodMs);
    }
  }

  /** Where written samples go. */
  public interface Sink extends Closeable {
    /** Writes one period's lines (each ends with a newline). */
    void write(byte[] lines) throws IOException;
  }

  private final Options options;
  private final Sink sink;
  private final ScheduledExecutorService ticker;
  private final Object lock = new Object();
  private byte[][] rows;
  private Op[] ops;
  private long[] times;
  private int kept;
  private long seen;
  private boolean closed;
  private volatile IOException lastWriteError;

  private KeySampler(Sink sink, Options options) {
    this.options = options;
    this.sink = sink;
    this.rows = new byte[options.capacity][];
    this.ops = new Op[options.capacity];
    this.times = new long[options.capacity];
    this.ticker = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "hbase-hotspot-key-sampler");
      t.setDaemon(true);
      return t;
    });
    ticker.scheduleAtFixedRate(this::endPeriod, options.periodMs, options.periodMs, TimeUnit.MILLISECONDS);
  }

  /** A sampler writing to {@code out} (not closed by the sampler's own close unless {@code closeStream}). */
  public static KeySampler toStream(OutputStream out, boolean closeStream, Options options) {
    return new KeySampler(new Sink() {
      @Override
      public void write(byte[] lines) throws IOException {
        out.write(lines);
        out.flush();
      }

      @Override
      public void close() throws IOException {
        if (closeStream) {
          out.close();
        } else {
          out.flush();
        }
      }
    }, options);
  }

  /**
   * A sampler writing files {@code <prefix>-<epochMs>.ndjson}, a new one when the current file passes 64 MB or an
   * hour; join them with {@code cat prefix-*.ndjson} for {@code --samples} (lines may be in any order).
   *
   * @throws IOException when the folder of {@code prefix} cannot be created
   */
  public static KeySampler toFiles(java.nio.file.Path prefix, Options options) throws IOException {
    return new KeySampler(new RollingFiles(prefix, 64L << 20, 3_600_000L), options);
  }

  /** A sampler writing to a caller's {@link Sink}. */
  public static KeySampler toSink(Sink sink, Options options) {
    return new KeySampler(sink, options);
  }

  /**
   * Offers one request. Kept with probability capacity ÷ requests seen in this period.
   *
   * @param row the rowkey (copied only when kept)
   */
  public void offer(byte[] row, Op op) {
    if (row == null) {
      return;
    }
    synchronized (lock) {
      if (closed) {
        return;
      }
      long n = ++seen;
      int slot;
      if (kept < rows.length) {
        slot = kept++;
      } else {
        long pick = ThreadLocalRandom.current().nextLong(n);
        if (pick >= rows.length) {
          return;
        }
        slot = (int) pick;
      }
      rows[slot] = row.clone();
      ops[slot] = op;
      times[slot] = System.currentTimeMillis();
    }
  }

  /** The last error writing a period, or null; writing goes on with the next period. */
  public IOException lastWriteError() {
    return lastWriteError;
  }

  /** Ends the current period: its samples are written with weight seen ÷ kept. */
  private void endPeriod() {
    byte[][] r;
    Op[] o;
    long[] t;
    int k;
    long s;
    synchronized (lock) {
      r = rows;
      o = ops;
      t = times;
      k = kept;
      s = seen;
      rows = new byte[options.capacity][];
      ops = new Op[options.capacity];
      times = new long[options.capacity];
      kept = 0;
      seen = 0;
    }
    if (k == 0) {
      return;
    }
    // Every line of a period has the same weight; each op's tail of a line is made once per period.
    String weight = Double.toString((double) s / k);
    byte[][] tails = new byte[Op.values().length][];
    for (Op op : Op.values()) {
      tails[op.ordinal()] = ("\",\"op\":\"" + op.json + "\",\"weight\":" + weight + "}\n").getBytes(StandardCharsets.US_ASCII);
    }
    Lines out = new Lines(k * 64);
    for (int i = 0; i < k; i++) {
      out.put(TIME_PREFIX);
      out.putLong(t[i]);
      out.put(KEY_PREFIX);
      for (byte b : r[i]) {
        out.put(KEY_TEXT[b & 0xFF]);
      }
      out.put(tails[o[i].ordinal()]);
    }
    try {
      synchronized (sink) {
        sink.write(out.bytes());
      }
    } catch (IOException e) {
      lastWriteError = e;
    }
  }

  private static final byte[] TIME_PREFIX = "{\"timeMs\":".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] KEY_PREFIX = ",\"key\":\"".getBytes(StandardCharsets.US_ASCII);

  /**
   * Each byte value's text inside a line's "key": {@code Bytes.toStringBinary} of that byte alone (printable ASCII as
   * is, anything else as {@code \xHH}), escaped for a JSON string. {@code toStringBinary} maps each byte on its own, so
   * a row's text is its bytes' texts one after another, written without making a String per row.
   */
  private static final byte[][] KEY_TEXT = new byte[256][];

  static {
    for (int c = 0; c < 256; c++) {
      String text = Bytes.toStringBinary(new byte[] {(byte) c});
      StringBuilder json = new StringBuilder();
      for (int i = 0; i < text.length(); i++) {
        char ch = text.charAt(i);
        if (ch == '"' || ch == '\\') {
          json.append('\\');
        }
        json.append(ch);
      }
      KEY_TEXT[c] = json.toString().getBytes(StandardCharsets.US_ASCII);
    }
  }

  /** A growing byte buffer of ASCII lines. */
  private static final class Lines {
    private byte[] buf;
    private int len;

    Lines(int capacity) {
      buf = new byte[Math.max(64, capacity)];
    }

    void put(byte[] bytes) {
      if (len + bytes.length > buf.length) {
        buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, len + bytes.length));
      }
      System.arraycopy(bytes, 0, buf, len, bytes.length);
      len += bytes.length;
    }

    void putLong(long v) {
      put(Long.toString(v).getBytes(StandardCharsets.US_ASCII));
    }

    byte[] bytes() {
      return java.util.Arrays.copyOf(buf, len);
    }
  }

  /** Writes the current period and closes the output; later offers are ignored. */
  @Override
  public void close() throws IOException {
    ticker.shutdownNow();
    endPeriod();
    synchronized (lock) {
      closed = true;
    }
    synchronized (sink) {
      sink.close();
    }
    if (lastWriteError != null) {
      throw lastWriteError;
    }
  }

  /** A decorator of {@code table} offering every request's row to this sampler. */
  public Table wrap(Table table) {
    return (Table) Proxy.newProxyInstance(Table.class.getClassLoader(), new Class<?>[] {Table.class}, new Offering(table));
  }

  /** A decorator of {@code mutator} offering every mutation's row to this sampler. */
  public BufferedMutator wrap(BufferedMutator mutator) {
    return (BufferedMutator) Proxy.newProxyInstance(BufferedMutator.class.getClassLoader(), new Class<?>[] {BufferedMutator.class}, new Offering(mutator));
  }

  /** The request kind of one HBase row operation, or null for one not sampled. */
  static Op opOf(Object row) {
    if (row instanceof Put || row instanceof Append || row instanceof RowMutations || row instanceof CheckAndMutate) {
      return Op.WRITE;
    }
    if (row instanceof Get) {
      return Op.READ;
    }
    if (row instanceof Increment) {
      return Op.INCREMENT;
    }
    if (row instanceof Delete) {
      return Op.DELETE;
    }
    return null;
  }

  /** Offers the rows in a call's arguments, then calls the wrapped object. */
  private final class Offering implements InvocationHandler {
    private final Object target;

    Offering(Object target) {
      this.target = target;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
      if (args != null && method.getDeclaringClass() != Object.class) {
        offerArguments(method.getName(), args);
      }
      try {
        return method.invoke(target, args);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
    }

    private void offerArguments(String name, Object[] args) {
      Object first = args[0];
      if (first instanceof Scan) {
        offer(((Scan) first).getStartRow(), Op.SCAN);
      } else if (first instanceof byte[] && name.equals("getScanner")) {
        offer(new byte[0], Op.SCAN);
      } else if (first instanceof byte[] && name.equals("incrementColumnValue")) {
        offer((byte[]) first, Op.INCREMENT);
      } else if (first instanceof byte[] && name.equals("checkAndMutate")) {
        offer((byte[]) first, Op.WRITE);
      } else if (first instanceof Row) {
        Op op = opOf(first);
        if (op != null) {
          offer(((Row) first).getRow(), op);
        }
      } else if (first instanceof List) {
        for (Object element : (List<?>) first) {
          Op op = opOf(element);
          if (op != null) {
            offer(((Row) element).getRow(), op);
          }
        }
      }
    }
  }

  /** Files {@code <prefix>-<epochMs>.ndjson}, rolled by size and age. */
  private static final class RollingFiles implements Sink {
    private final java.nio.file.Path prefix;
    private final long maxBytes;
    private final long maxAgeMs;
    private OutputStream out;
    private long written;
    private long openedMs;

    RollingFiles(java.nio.file.Path prefix, long maxBytes, long maxAgeMs) throws IOException {
      this.prefix = prefix.toAbsolutePath();
      this.maxBytes = maxBytes;
      this.maxAgeMs = maxAgeMs;
      java.nio.file.Path dir = this.prefix.getParent();
      if (dir != null) {
        java.nio.file.Files.createDirectories(dir);
      }
    }

    @Override
    public void write(byte[] lines) throws IOException {
      long now = System.currentTimeMillis();
      if (out != null && (written >= maxBytes || now - openedMs >= maxAgeMs)) {
        out.close();
        out = null;
      }
      if (out == null) {
        java.nio.file.Path file = prefix.resolveSibling(prefix.getFileName() + "-" + now + ".ndjson");
        out = java.nio.file.Files.newOutputStream(file);
        written = 0;
        openedMs = now;
      }
      out.write(lines);
      out.flush();
      written += lines.length;
    }

    @Override
    public void close() throws IOException {
      if (out != null) {
        out.close();
        out = null;
      }
    }
  }
}
