// Golden figures for the balancer what-if (src/fix/balancer/), computed by HBase's own StochasticLoadBalancer cost
// functions (hbase-server 2.6.4, package org.apache.hadoop.hbase.master.balancer).
//
// The cost functions and the cluster state are package-private, so this class declares their package and is compiled
// to a scratch folder, then run with the local HBase classpath (docs/hbase-harness.md). From the repository root:
//
//   CP=$(cat hbase/target/hbase.classpath); D=$(mktemp -d)
//   javac -cp "$CP" -d "$D" test/golden/java/BalancerCosts.java
//   java -cp "$D:$CP" org.apache.hadoop.hbase.master.balancer.BalancerCosts test/golden/balancer-scenarios.json \
//     > test/golden/balancer-costs.json
//
// Each scenario lists servers and regions with their request counters over successive load reports (oldest first);
// a region entry with "count": n stands for n identical regions, one with "replicaOf": i and "replicaId": k for
// replica k of region i (counts expanded; the replica gets its primary's key range). For each, this prints every cost function the
// balancer builds (class, whether it is needed, multiplier, cost), the weighted average the balancer compares with
// minCostNeedBalance, and needsBalance itself. A scenario with "moves" ([region, to server] pairs, regions numbered
// as listed, counts expanded) then applies them as the balancer's search does (doAction, then
// updateCostsAndWeightsWithAction) and prints the regions moved, every function's cost and computeCost after them.
package org.apache.hadoop.hbase.master.balancer;

import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.RegionMetricsBuilder;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.Size;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hbase.thirdparty.com.google.gson.JsonArray;
import org.apache.hbase.thirdparty.com.google.gson.JsonElement;
import org.apache.hbase.thirdparty.com.google.gson.JsonObject;
import org.apache.hbase.thirdparty.com.google.gson.JsonParser;

public class BalancerCosts {
  static long[] longs(JsonArray a) {
    long[] out = new long[a.size()];
    for (int i = 0; i < out.length; i++) out[i] = a.get(i).getAsLong();
    return out;
  }

  /** Just enough of the master for the balancer to read its configuration. */
  static org.apache.hadoop.hbase.master.MasterServices masterServices(Configuration conf) {
    return (org.apache.hadoop.hbase.master.MasterServices) java.lang.reflect.Proxy.newProxyInstance(
      BalancerCosts.class.getClassLoader(), new Class<?>[] { org.apache.hadoop.hbase.master.MasterServices.class },
      (proxy, method, margs) -> {
        if (method.getName().equals("getConfiguration")) return conf;
        Class<?> t = method.getReturnType();
        if (t == boolean.class) return false;
        if (t == int.class || t == long.class || t == short.class || t == byte.class) return 0;
        if (t == float.class || t == double.class) return 0.0;
        return null;
      });
  }

  static String scenario(JsonObject s) throws Exception {
    TableName table = TableName.valueOf(s.get("table").getAsString());
    int servers = s.get("servers").getAsInt();
    List<ServerName> names = new ArrayList<>();
    Map<ServerName, List<RegionInfo>> state = new LinkedHashMap<>();
    for (int i = 0; i < servers; i++) {
      ServerName sn = ServerName.valueOf("rs" + i + ".example.com", 16020, 1000L + i);
      names.add(sn);
      state.put(sn, new ArrayList<>());
    }
    Map<String, Deque<BalancerRegionLoad>> loads = new HashMap<>();
    List<JsonObject> regions = new ArrayList<>();
    for (JsonElement e : s.getAsJsonArray("regions")) {
      JsonObject reg = e.getAsJsonObject();
      int count = reg.has("count") ? reg.get("count").getAsInt() : 1;
      for (int c = 0; c < count; c++) regions.add(reg);
    }
    List<RegionInfo> infos = new ArrayList<>();
    for (int r = 0; r < regions.size(); r++) {
      JsonObject reg = regions.get(r);
      // a read replica ("replicaOf": the primary's index, counts expanded; "replicaId") of an earlier region
      RegionInfo ri = reg.has("replicaOf")
        ? RegionInfoBuilder.newBuilder(infos.get(reg.get("replicaOf").getAsInt())).setReplicaId(reg.get("replicaId").getAsInt()).build()
        : RegionInfoBuilder.newBuilder(table)
          .setStartKey(r == 0 ? new byte[0] : Bytes.toBytes(String.format("r%04d", r)))
          .setEndKey(r == regions.size() - 1 ? new byte[0] : Bytes.toBytes(String.format("r%04d", r + 1)))
          .setRegionId(1700000000000L).build();
      infos.add(ri);
      state.get(names.get(reg.get("server").getAsInt())).add(ri);
      long[] reads = longs(reg.getAsJsonArray("reads"));
      long[] writes = longs(reg.getAsJsonArray("writes"));
      Deque<BalancerRegionLoad> q = new ArrayDeque<>();
      for (int t = 0; t < reads.length; t++) {
        q.add(new BalancerRegionLoad(RegionMetricsBuilder.newBuilder(ri.getRegionName())
          .setReadRequestCount(reads[t]).setWriteRequestCount(writes[t])
          .setStoreFileSize(new Size(reg.get("storeFileMB").getAsDouble(), Size.Unit.MEGABYTE)).build()));
      }
      loads.put(ri.getRegionNameAsString(), q);
    }
    Configuration conf = HBaseConfiguration.create();
    if (s.has("conf")) {
      for (Map.Entry<String, JsonElement> e : s.getAsJsonObject("conf").entrySet()) {
        conf.set(e.getKey(), e.getValue().getAsString());
      }
    }
    // Locality needs HDFS block locations, which a what-if does not have: leave the region finder out.
    conf.setBoolean("hbase.master.balancer.uselocality", false);
    StochasticLoadBalancer lb = new StochasticLoadBalancer();
    lb.setMasterServices(masterServices(conf));
    lb.loadConf(conf);
    BalancerClusterState cluster = new BalancerClusterState(state, loads, null, null);
    lb.initCosts(cluster);
    StringBuilder out = new StringBuilder();
    out.append("{\"name\": \"").append(s.get("name").getAsString()).append("\", \"functions\": [");
    double weighted = 0;
    double sumMultiplier = 0;
    boolean first = true;
    for (CostFunction f : lb.getCostFunctions()) {
      boolean needed = f.isNeeded();
      double cost = f.cost();
      if (needed) {
        weighted += cost * f.getMultiplier();
        sumMultiplier += f.getMultiplier();
      }
      out.append(first ? "" : ", ").append("{\"function\": \"").append(f.getClass().getSimpleName())
        .append("\", \"needed\": ").append(needed).append(", \"multiplier\": ").append(f.getMultiplier())
        .append(", \"cost\": ").append(cost).append("}");
      first = false;
    }
    out.append("], \"weightedCost\": ").append(weighted).append(", \"sumMultiplier\": ").append(sumMultiplier)
      .append(", \"averageCost\": ").append(sumMultiplier > 0 ? weighted / sumMultiplier : 0)
      .append(", \"computeCost\": ").append(lb.computeCost(cluster, Double.MAX_VALUE))
      .append(", \"needsBalance\": ").append(lb.needsBalance(table, cluster));
    if (s.has("moves")) {
      List<RegionInfo> indexed = java.util.Arrays.asList(cluster.regions);
      for (JsonElement m : s.getAsJsonArray("moves")) {
        int region = indexed.indexOf(infos.get(m.getAsJsonArray().get(0).getAsInt()));
        int to = java.util.Arrays.asList(cluster.servers).indexOf(names.get(m.getAsJsonArray().get(1).getAsInt()));
        BalanceAction action = new MoveRegionAction(region, cluster.regionIndexToServerIndex[region], to);
        cluster.doAction(action);
        lb.updateCostsAndWeightsWithAction(cluster, action);
      }
      out.append(", \"afterMoves\": {\"moved\": ").append(cluster.numMovedRegions).append(", \"functions\": [");
      first = true;
      for (CostFunction f : lb.getCostFunctions()) {
        out.append(first ? "" : ", ").append("{\"function\": \"").append(f.getClass().getSimpleName())
          .append("\", \"needed\": ").append(f.isNeeded()).append(", \"multiplier\": ").append(f.getMultiplier())
          .append(", \"cost\": ").append(f.cost()).append("}");
        first = false;
      }
      out.append("], \"computeCost\": ").append(lb.computeCost(cluster, Double.MAX_VALUE)).append("}");
    }
    out.append("}");
    return out.toString();
  }

  public static void main(String[] args) throws Exception {
    JsonArray scenarios = JsonParser.parseString(new String(Files.readAllBytes(Paths.get(args[0])), "UTF-8")).getAsJsonArray();
    StringBuilder out = new StringBuilder("{\n\"hbase\": \"2.6.4\",\n\"minSkew\": [");
    double[][] skewArgs = { { 10, 3 }, { 2, 5 }, { 7, 7 }, { 1000, 3 }, { 0.5, 4 } };
    for (int i = 0; i < skewArgs.length; i++) {
      out.append(i == 0 ? "" : ", ").append("[").append(skewArgs[i][0]).append(", ").append(skewArgs[i][1]).append(", ")
        .append(DoubleArrayCost.getMinSkew(skewArgs[i][0], skewArgs[i][1])).append(", ")
        .append(DoubleArrayCost.getMaxSkew(skewArgs[i][0], skewArgs[i][1])).append("]");
    }
    out.append("],\n\"scenarios\": [\n");
    for (int i = 0; i < scenarios.size(); i++) {
      out.append(i == 0 ? "" : ",\n").append(scenario(scenarios.get(i).getAsJsonObject()));
    }
    out.append("\n]\n}\n");
    System.out.print(out);
  }
}
