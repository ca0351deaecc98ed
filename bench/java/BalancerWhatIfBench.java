// The Java peer of bench/balancer.bench.ts: the same greedy balancer what-if search as src/fix/balancer/what-if.ts
// over the same incremental cost state (src/fix/balancer/state.ts), written plainly in Java: region counts and
// per-server load sums kept by server, a region's candidate moves ranked by O(1) estimates from the two servers each
// touches (the source server's part worked out once per region), the exact weighted cost (the StochasticLoadBalancer's DoubleArrayCost skews, each server's regions summed in region
// order, servers in server order) for the candidates within the tolerance of a decision, the best move applied by
// folding the two servers again. Same candidate order (region, then server), same strictly-lower rule, same costs.
//
// Usage: java bench/java/BalancerWhatIfBench.java <cluster file> <warm-up rounds> <timed rounds>
// The cluster file (written by the bench): "servers regions maxMoves", then the nine multipliers (regionCountCost
// tableSkewCost readRequestCost writeRequestCost memstoreSizeCost storefileSizeCost moveCost localityCost
// rackLocalityCost), then one line per region: "server reads writes storeFileMB memStoreMB".
// Prints one JSON line: the best round's wall and CPU time (this thread), and the moves as "region>server@costbits".

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

public final class BalancerWhatIfBench {

  static double minSkew(double total, double servers) {
    if (servers == 0) return 0;
    double mean = total / servers;
    if (servers > total) return Math.sqrt((servers - total) * mean * mean + (1 - mean) * (1 - mean) * total);
    int high = (int) (total - Math.floor(mean) * servers);
    int low = (int) (servers - high);
    double up = Math.ceil(mean) - mean;
    double down = mean - Math.floor(mean);
    return Math.sqrt(high * up * up + low * down * down);
  }

  static double maxSkew(double total, double servers) {
    if (servers == 0) return 0;
    double mean = total / servers;
    return Math.sqrt((total - mean) * (total - mean) + (servers - 1) * mean * mean);
  }

  static double scale(double min, double max, double value) {
    double epsilon = Math.ulp(max);
    if (max <= min || value <= min || Math.abs(max - min) <= epsilon || Math.abs(value - min) <= epsilon) return 0;
    return Math.max(0, Math.min(1, (value - min) / (max - min)));
  }

  /** The skew cost of loads with server a's load read as loadA and b's as loadB (-1: none). */
  static double skewCostWith(double[] loads, int a, double loadA, int b, double loadB) {
    int n = loads.length;
    if (n == 0) return 0;
    double total = 0;
    for (int i = 0; i < n; i++) total += i == a ? loadA : i == b ? loadB : loads[i];
    double mean = total / n;
    double squares = 0;
    for (int i = 0; i < n; i++) {
      double x = i == a ? loadA : i == b ? loadB : loads[i];
      squares += (mean - x) * (mean - x);
    }
    return scale(minSkew(total, n), maxSkew(total, n), Math.sqrt(squares));
  }

  static double moveCost(int moved, int regions) {
    int maxMoves = Math.max((int) ((float) regions * 1.0f), 600);
    if (moved > maxMoves) return 1_000_000;
    return scale(0, Math.min(regions, maxMoves), moved);
  }

  /** One skew cost function's per-server array and the figures derived from it. */
  static final class Skew {
    final double[] values;
    final double weight;
    final double[] sums;
    final boolean exactTotals;
    double total, mean, squares, min, max, epsilon, cost;
    boolean flat, fragile;

    Skew(double[] values, double weight, int servers) {
      this.values = values;
      this.weight = weight;
      this.sums = new double[servers];
      boolean whole = true;
      double magnitude = 0;
      if (values != null) {
        for (double v : values) {
          whole &= v == Math.rint(v) && !Double.isInfinite(v);
          magnitude += Math.abs(v);
        }
      }
      this.exactTotals = values == null || (whole && magnitude <= 9007199254740991.0);
    }

    void refresh() {
      int n = sums.length;
      double t = 0;
      for (int i = 0; i < n; i++) t += sums[i];
      double m = t / n;
      double sq = 0;
      for (int i = 0; i < n; i++) sq += (m - sums[i]) * (m - sums[i]);
      total = t;
      mean = m;
      squares = sq;
      min = minSkew(t, n);
      max = maxSkew(t, n);
      epsilon = Math.ulp(max);
      flat = max <= min || Math.abs(max - min) <= epsilon;
      fragile = !flat && max - min <= 1e-3 * max;
      if (!exactTotals && !fragile) {
        double d = 1e-11 * Math.abs(t);
        double step = Math.max(Math.abs(minSkew(t - d, n) - min), Math.abs(minSkew(t + d, n) - min));
        fragile = step > 1e-10 * (max - min);
      }
      cost = skewCostWith(sums, -1, 0, -1, 0);
    }

    /** Adds weight x the estimated cost of moving a load v from server `from` (left with loadA) to each server into out. */
    void estimateRow(int from, double loadA, double v, double weight, double[] out) {
      int n = sums.length;
      if (flat && exactTotals) return;
      if (flat || fragile) {
        java.util.Arrays.fill(out, Double.NaN);
        return;
      }
      double oldA = mean - sums[from], newA = mean - loadA;
      double partial = squares + (newA * newA - oldA * oldA);
      double floor = squares * 0.0625;
      for (int to = 0; to < n; to++) {
        double oldB = mean - sums[to];
        double newB = oldB - v;
        double sq = partial + (newB * newB - oldB * oldB);
        if (!(sq >= floor)) {
          out[to] = Double.NaN;
          continue;
        }
        double value = Math.sqrt(sq);
        double c = value <= min || Math.abs(value - min) <= epsilon ? 0 : Math.min(1, (value - min) / (max - min));
        out[to] += weight * c;
      }
    }
  }

  // multipliers, in the file's order
  final double regionCountCost, tableSkewCost, moveCostWeight;
  final int[] placement, home;
  final int[][] members;
  final int[] memberCount;
  final Skew counts;
  final Skew[] loads;
  final double[] moveCosts;
  final double tolerance;
  int moved;

  BalancerWhatIfBench(int servers, int[] server, double[][] loadValues, double[] m) {
    int regions = server.length;
    regionCountCost = m[0];
    tableSkewCost = m[1];
    moveCostWeight = m[6];
    placement = server.clone();
    home = server.clone();
    members = new int[servers][];
    memberCount = new int[servers];
    for (int s = 0; s < servers; s++) members[s] = new int[4];
    for (int r = 0; r < regions; r++) add(placement[r], r);
    counts = new Skew(null, 0, servers);
    double[] weights = { m[2], m[3], m[4], m[5] };
    List<Skew> kept = new ArrayList<>();
    double skewWeights = (regionCountCost > 0 ? regionCountCost : 0) + (tableSkewCost > 0 ? tableSkewCost : 0);
    for (int k = 0; k < 4; k++) {
      boolean some = false;
      for (double v : loadValues[k]) some |= v != 0;
      if (weights[k] > 0 && some) {
        kept.add(new Skew(loadValues[k], weights[k], servers));
        skewWeights += weights[k];
      }
    }
    loads = kept.toArray(new Skew[0]);
    for (int s = 0; s < servers; s++) refold(s);
    counts.refresh();
    for (Skew skew : loads) skew.refresh();
    moveCosts = new double[regions + 2];
    for (int i = 0; i < moveCosts.length; i++) moveCosts[i] = moveCost(i, regions);
    tolerance = 1e-9 * (1 + skewWeights);
  }

  private void add(int s, int region) {
    if (memberCount[s] == members[s].length) members[s] = java.util.Arrays.copyOf(members[s], members[s].length * 2);
    int at = memberCount[s];
    while (at > 0 && members[s][at - 1] > region) {
      members[s][at] = members[s][at - 1];
      at--;
    }
    members[s][at] = region;
    memberCount[s]++;
  }

  private void remove(int s, int region) {
    int[] list = members[s];
    int n = memberCount[s];
    int at = 0;
    while (list[at] != region) at++;
    System.arraycopy(list, at + 1, list, at, n - at - 1);
    memberCount[s]--;
  }

  private double fold(Skew skew, int s, int without, int with) {
    double[] values = skew.values;
    int[] list = members[s];
    int n = memberCount[s];
    double sum = 0;
    boolean added = with < 0;
    for (int k = 0; k < n; k++) {
      int r = list[k];
      if (!added && with < r) {
        sum += values[with];
        added = true;
      }
      if (r != without) sum += values[r];
    }
    if (!added) sum += values[with];
    return sum;
  }

  private void refold(int s) {
    counts.sums[s] = memberCount[s];
    for (Skew skew : loads) skew.sums[s] = fold(skew, s, -1, -1);
  }

  private int movedAfterMove(int region, int to) {
    int h = home[region];
    return moved - (placement[region] != h ? 1 : 0) + (to != h ? 1 : 0);
  }

  double weightedCost() {
    double sum = 0;
    if (regionCountCost > 0) sum += counts.cost * regionCountCost;
    if (moveCostWeight > 0) sum += moveCosts[moved] * moveCostWeight;
    if (tableSkewCost > 0) sum += counts.cost * tableSkewCost;
    for (Skew skew : loads) sum += skew.cost * skew.weight;
    return sum;
  }

  double exactAfterMove(int region, int to) {
    int from = placement[region];
    double[] c = counts.sums;
    double countCost = skewCostWith(c, from, c[from] - 1, to, c[to] + 1);
    double sum = 0;
    if (regionCountCost > 0) sum += countCost * regionCountCost;
    if (moveCostWeight > 0) sum += moveCosts[movedAfterMove(region, to)] * moveCostWeight;
    if (tableSkewCost > 0) sum += countCost * tableSkewCost;
    for (Skew skew : loads) {
      sum += skewCostWith(skew.sums, from, fold(skew, from, region, -1), to, fold(skew, to, -1, region)) * skew.weight;
    }
    return sum;
  }

  /** The estimated cost of moving region to every server, into out (its own server's slot meaningless). */
  void estimateMoves(int region, double[] out) {
    int from = placement[region];
    int h = home[region];
    int away = moved - (from != h ? 1 : 0);
    if (moveCostWeight > 0) {
      java.util.Arrays.fill(out, moveCostWeight * moveCosts[away + 1]);
      out[h] = moveCostWeight * moveCosts[away];
    } else {
      java.util.Arrays.fill(out, 0);
    }
    double countWeight = (regionCountCost > 0 ? regionCountCost : 0) + (tableSkewCost > 0 ? tableSkewCost : 0);
    if (countWeight > 0) counts.estimateRow(from, counts.sums[from] - 1, 1, countWeight, out);
    for (Skew skew : loads) {
      double v = skew.values[region];
      skew.estimateRow(from, skew.sums[from] - v, v, skew.weight, out);
    }
  }

  void applyMove(int region, int to) {
    int from = placement[region];
    if (from == to) return;
    moved = movedAfterMove(region, to);
    placement[region] = to;
    remove(from, region);
    add(to, region);
    refold(from);
    refold(to);
    counts.refresh();
    for (Skew skew : loads) skew.refresh();
  }

  /** The greedy search: moves as "region>server@costbits", comma-separated. */
  String search(int maxMoves) {
    StringBuilder out = new StringBuilder();
    int servers = members.length;
    double[] estimates = new double[servers];
    double cost = weightedCost();
    for (int step = 0; step < maxMoves; step++) {
      double threshold = cost - 1e-12;
      int bestRegion = -1, bestTo = -1;
      double bestCost = threshold;
      for (int region = 0; region < placement.length; region++) {
        int from = placement[region];
        estimateMoves(region, estimates);
        for (int to = 0; to < servers; to++) {
          if (to == from) continue;
          if (estimates[to] >= bestCost + tolerance) continue;
          double c = exactAfterMove(region, to);
          if (c < bestCost) {
            bestRegion = region;
            bestTo = to;
            bestCost = c;
          }
        }
      }
      if (bestRegion < 0) break;
      if (out.length() > 0) out.append(',');
      out.append(bestRegion).append('>').append(bestTo).append('@').append(Long.toHexString(Double.doubleToLongBits(bestCost)));
      applyMove(bestRegion, bestTo);
      cost = bestCost;
    }
    return out.toString();
  }

  public static void main(String[] args) throws Exception {
    List<String> lines = Files.readAllLines(Paths.get(args[0]));
    int warmUp = Integer.parseInt(args[1]);
    int rounds = Integer.parseInt(args[2]);
    String[] head = lines.get(0).trim().split(" ");
    int servers = Integer.parseInt(head[0]);
    int regions = Integer.parseInt(head[1]);
    int maxMoves = Integer.parseInt(head[2]);
    String[] ms = lines.get(1).trim().split(" ");
    double[] m = new double[ms.length];
    for (int i = 0; i < ms.length; i++) m[i] = Double.parseDouble(ms[i]);
    int[] server = new int[regions];
    double[][] loadValues = new double[4][regions];
    for (int r = 0; r < regions; r++) {
      String[] f = lines.get(2 + r).trim().split(" ");
      server[r] = Integer.parseInt(f[0]);
      loadValues[0][r] = Double.parseDouble(f[1]); // reads
      loadValues[1][r] = Double.parseDouble(f[2]); // writes
      loadValues[3][r] = Double.parseDouble(f[3]); // store file MB (the last cost function)
      loadValues[2][r] = Double.parseDouble(f[4]); // memstore MB
    }
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    String moves = "";
    for (int i = 0; i < warmUp; i++) moves = new BalancerWhatIfBench(servers, server, loadValues, m).search(maxMoves);
    double bestMs = Double.MAX_VALUE, bestCpuMs = Double.MAX_VALUE;
    for (int i = 0; i < rounds; i++) {
      long cpu = threads.getCurrentThreadCpuTime();
      long start = System.nanoTime();
      String found = new BalancerWhatIfBench(servers, server, loadValues, m).search(maxMoves);
      long wall = System.nanoTime() - start;
      long used = threads.getCurrentThreadCpuTime() - cpu;
      if (!found.equals(moves)) throw new IllegalStateException("the search found other moves in round " + i);
      bestMs = Math.min(bestMs, wall / 1e6);
      bestCpuMs = Math.min(bestCpuMs, used / 1e6);
    }
    System.out.println("{\"bestMs\":" + bestMs + ",\"bestCpuMs\":" + bestCpuMs + ",\"moves\":\"" + moves + "\"}");
  }
}
