// Java writers of a main table and its index through hbasehotspot.client.IndexedTable, for index-native.test.ts.
// Args: zk mainTable writers opsPerWriter rows seed.
// WRITERS threads share one IndexedTable (definitions read from the main table's descriptor METADATA) and put (city,
// name) or delete random rows u00..; a lookup thread runs lookups of every city meanwhile. Each lookup is judged once
// the writers stopped, against the ops' history (an op's timestamp and its start and end on the monotonic clock): a
// hit must be a row some op set to that city that started before the lookup ended and was not superseded before it
// began; a row that held the city throughout must be found. After the writers, lookups must give the truth exactly.
// Then a writer crashes on the first row holding a city (the victim) after the index write (city zzz): lookup must skip the orphan, the covered
// lookup (index only) returns it. Puts also write a unique name and a number n (for the by_seq index). Prints one JSON line: ops, lookups, violations, the truth (row -> city or null),
// the covered and verified hits of zzz.
import hbasehotspot.client.IndexedTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hbase.thirdparty.com.google.gson.Gson;

public class IndexedWriteDriver {
  static final String[] CITIES = {"ams", "ber", "cph", "dub"};

  record Op(long ts, String city, long start, long end) {
  }

  record Lookup(String city, List<String> hits, long start, long end) {
  }

  static String rowName(int i) {
    return String.format("u%02d", i);
  }

  static String cityAt(List<Op> ops, long at) {
    Op best = null;
    for (Op op : ops) {
      if (op.end <= at && (best == null || op.ts > best.ts)) {
        best = op;
      }
    }
    return best == null ? null : best.city;
  }

  static void judge(Lookup l, Map<String, List<Op>> history, List<String> violations) {
    for (String row : l.hits) {
      List<Op> ops = history.get(row);
      boolean ok = ops.stream().anyMatch(op -> l.city.equals(op.city) && op.start < l.end
          && ops.stream().noneMatch(later -> later.ts > op.ts && later.end <= l.start));
      if (!ok) {
        violations.add("lookup " + l.city + " returned " + row + ", which never held it during the lookup");
      }
    }
    for (Map.Entry<String, List<Op>> e : history.entrySet()) {
      List<Op> ops = e.getValue();
      boolean steady = l.city.equals(cityAt(ops, l.start)) && ops.stream().noneMatch(op -> op.start < l.end && op.end > l.start);
      if (steady && !l.hits.contains(e.getKey())) {
        violations.add("lookup " + l.city + " missed " + e.getKey() + ", which held it throughout");
      }
    }
  }

  static Lookup lookup(IndexedTable table, String city) throws IOException {
    long start = System.nanoTime();
    List<String> hits = new ArrayList<>();
    for (IndexedTable.Hit h : table.lookup("by_city", Map.of("city", city))) {
      hits.add(new String(h.key(), StandardCharsets.UTF_8));
    }
    return new Lookup(city, hits, start, System.nanoTime());
  }

  public static void main(String[] args) throws Exception {
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", args[0]);
    TableName main = TableName.valueOf(args[1]);
    int writers = Integer.parseInt(args[2]);
    int opsPerWriter = Integer.parseInt(args[3]);
    int rows = Integer.parseInt(args[4]);
    long seed = Long.parseLong(args[5]);
    try (Connection connection = ConnectionFactory.createConnection(conf)) {
      IndexedTable table = IndexedTable.fromDescriptor(connection, main, "d");
      Map<String, List<Op>> history = new TreeMap<>();
      for (int i = 0; i < rows; i++) {
        history.put(rowName(i), Collections.synchronizedList(new ArrayList<>()));
      }
      List<Lookup> lookups = Collections.synchronizedList(new ArrayList<>());
      AtomicInteger writing = new AtomicInteger(writers);
      AtomicInteger sequence = new AtomicInteger();
      List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
      List<Thread> threads = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        Random random = new Random(seed * 100 + w);
        threads.add(new Thread(() -> {
          try {
            for (int n = 0; n < opsPerWriter; n++) {
              String row = rowName(random.nextInt(rows));
              byte[] key = row.getBytes(StandardCharsets.UTF_8);
              long start = System.nanoTime();
              if (random.nextDouble() < 0.2) {
                Long ts = table.delete(key);
                if (ts != null) {
                  history.get(row).add(new Op(ts, null, start, System.nanoTime()));
                }
              } else {
                String city = CITIES[random.nextInt(CITIES.length)];
                int seq = sequence.incrementAndGet();
                long ts = table.put(key, Map.of("city", city, "name", row + "-" + seq, "n", (long) seq * 1_000_003L));
                history.get(row).add(new Op(ts, city, start, System.nanoTime()));
              }
            }
          } catch (Throwable t) {
            failures.add(t);
          } finally {
            writing.decrementAndGet();
          }
        }));
      }
      threads.add(new Thread(() -> {
        try {
          // At least one lookup of each city, then on while any writer writes.
          for (int i = 0; i < CITIES.length || writing.get() > 0; i++) {
            lookups.add(lookup(table, CITIES[i % CITIES.length]));
          }
        } catch (Throwable t) {
          failures.add(t);
        }
      }));
      threads.forEach(Thread::start);
      for (Thread t : threads) {
        t.join();
      }
      if (!failures.isEmpty()) {
        throw new IllegalStateException(failures.get(0));
      }
      // Writers stopped: every lookup must be exactly the truth.
      for (String city : CITIES) {
        lookups.add(lookup(table, city));
      }
      List<String> violations = new ArrayList<>();
      for (Lookup l : lookups) {
        judge(l, history, violations);
      }
      Map<String, String> truth = new LinkedHashMap<>();
      int ops = 0;
      for (Map.Entry<String, List<Op>> e : history.entrySet()) {
        truth.put(e.getKey(), cityAt(e.getValue(), Long.MAX_VALUE));
        ops += e.getValue().size();
      }

      // A writer crashes between the index write and the main write.
      String victim = truth.entrySet().stream().filter(e -> e.getValue() != null).map(Map.Entry::getKey).findFirst().orElse(rowName(0));
      IndexedTable crashing = IndexedTable.fromDescriptor(connection, main, "d").onStep((step, key) -> {
        if (step == IndexedTable.Step.INDEX_WRITTEN) {
          throw new IOException("crash");
        }
      });
      String crash = "none";
      try {
        crashing.put(victim.getBytes(StandardCharsets.UTF_8), Map.of("city", "zzz", "name", "never"));
      } catch (IOException e) {
        crash = e.getMessage();
      }
      List<String> covered = new ArrayList<>();
      for (IndexedTable.CoveredHit h : table.lookupCovered("by_city", Map.of("city", "zzz"))) {
        covered.add(new String(h.key(), StandardCharsets.UTF_8) + " " + h.fields());
      }
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("ops", ops);
      out.put("lookups", lookups.size());
      out.put("violations", violations);
      out.put("truth", truth);
      out.put("victim", victim);
      out.put("crash", crash);
      out.put("zzzVerified", lookup(table, "zzz").hits);
      out.put("zzzCovered", covered);
      System.out.println(new Gson().newBuilder().serializeNulls().create().toJson(out));
    }
  }
}
