package hbasehotspot.sources;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.Size;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.quotas.QuotaSettingsFactory;
import org.apache.hadoop.hbase.quotas.ThrottleType;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hbase.thirdparty.com.google.gson.Gson;
import org.apache.hbase.thirdparty.com.google.gson.GsonBuilder;
import org.apache.hbase.thirdparty.com.google.gson.JsonArray;
import org.apache.hbase.thirdparty.com.google.gson.JsonObject;
import org.apache.hbase.thirdparty.com.google.gson.JsonParser;

/**
 * Reads one table's per-region load through the native HBase client, as hbtop and the shell do: the cluster is
 * reached through ZooKeeper with the cluster's own configuration, no REST gateway.
 *
 * <p>Started once per collection by the TypeScript side ({@code src/hbase/native/}), it speaks a line protocol:
 * after connecting it prints one line, {@code {"ready":{...}}} or {@code {"error":{...}}} (then exits 2 when the
 * table is unknown, 3 when the cluster cannot be reached); then for every {@code read} line on standard input it
 * prints one line, {@code {"reading":{...}}} or {@code {"error":{...}}}. End of input closes the connection. Protocol
 * lines go to the process's original standard output; everything else the JVM or HBase prints goes to standard
 * error.
 *
 * <p>A reading holds the region directory (every default-replica region of the table with its encoded name, region
 * id, start and end key in base64 and server, from {@link RegionLocator#getAllRegionLocations()}) and the counters
 * of each RegionServer hosting one of them ({@link Admin#getRegionMetrics(ServerName, TableName)}: read, write and
 * filtered read requests, store file size and count, store count, locality, memstore size), and the time it was read. The
 * TypeScript side joins the two by encoded name, as it does for the REST and JMX sources.
 *
 * <p>Arguments: {@code --table T} (the table {@code read} reads; without it only the catalog requests {@code tables}
 * and {@code schema T} are answered), {@code --zk host[:port],...}, {@code --zk-znode /hbase},
 * {@code --hbase-conf DIR} (its {@code hbase-site.xml} and {@code core-site.xml}; flags win over the files).
 */
public final class RegionLoadReader {
  /** Exit status when the arguments or the table are refused. */
  static final int EXIT_REFUSED = 2;
  /** Exit status when the cluster could not be reached. */
  static final int EXIT_CLUSTER = 3;

  private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();
  /** How long one ZooKeeper server may take to accept a TCP connection before the quorum is called unreachable. */
  private static final int ZK_PROBE_TIMEOUT_MS = 3000;

  private RegionLoadReader() {
  }

  /**
   * Entry point; see the class comment for the arguments and the protocol.
   *
   * @param args the command-line arguments
   */
  public static void main(String[] args) {
    PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
    System.setOut(System.err);
    quietLogging();
    Map<String, String> flags;
    try {
      flags = parseArgs(args);
    } catch (IllegalArgumentException e) {
      protocol.println(error("NATIVE_ARGS", e.getMessage()));
      System.exit(EXIT_REFUSED);
      return;
    }
    TableName table = flags.containsKey("--table") ? TableName.valueOf(flags.get("--table")) : null;
    Configuration conf = configuration(flags);
    String unreachable = probeQuorum(conf);
    if (unreachable != null) {
      protocol.println(error("NATIVE_CONNECT", "cannot reach the cluster at " + conf.get(HConstants.ZOOKEEPER_QUORUM) + ": " + unreachable));
      System.exit(EXIT_CLUSTER);
      return;
    }
    try (Connection connection = ConnectionFactory.createConnection(conf); Admin admin = connection.getAdmin()) {
      if (table != null && !admin.tableExists(table)) {
        protocol.println(error("SOURCE_TABLE_NOT_FOUND", "table \"" + table.getNameAsString() + "\" does not exist on the cluster at "
            + conf.get(HConstants.ZOOKEEPER_QUORUM) + " (znode " + conf.get(HConstants.ZOOKEEPER_ZNODE_PARENT) + ")"));
        System.exit(EXIT_REFUSED);
        return;
      }
      JsonObject ready = new JsonObject();
      ready.addProperty("quorum", conf.get(HConstants.ZOOKEEPER_QUORUM));
      ready.addProperty("znode", conf.get(HConstants.ZOOKEEPER_ZNODE_PARENT));
      ready.addProperty("clusterId", admin.getClusterMetrics(java.util.EnumSet.of(org.apache.hadoop.hbase.ClusterMetrics.Option.CLUSTER_ID)).getClusterId());
      ready.addProperty("version", org.apache.hadoop.hbase.util.VersionInfo.getVersion());
      JsonObject line = new JsonObject();
      line.add("ready", ready);
      protocol.println(GSON.toJson(line));
      serve(connection, admin, table, protocol);
    } catch (IOException | RuntimeException e) {
      protocol.println(error("NATIVE_CONNECT", "cannot reach the cluster at " + conf.get(HConstants.ZOOKEEPER_QUORUM)
          + " (znode " + conf.get(HConstants.ZOOKEEPER_ZNODE_PARENT) + "): " + oneLine(e)));
      System.exit(EXIT_CLUSTER);
    }
  }

  /**
   * Answers every request line of standard input with one line, until end of input: {@code read} (the table's
   * reading, when started with {@code --table}), {@code tables} (the user tables, as {@link Admin#listTableNames()}),
   * {@code schema T} (table T's descriptor in the REST gateway's {@code TableSchemaModel} form: its values, and each
   * column family's values), a JSON object (a data request: scan, get, check-and-mutate, see {@link TableData}), {@code cluster} (every table's regions, see {@link #cluster}), {@code info_servers} (the master's and every live RegionServer's info server, see
   * {@link #infoServers}).
   */
  private static void serve(Connection connection, Admin admin, TableName table, PrintStream protocol) throws IOException {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String request = in.readLine(); request != null; request = in.readLine()) {
      String r = request.trim();
      if (r.isEmpty()) {
        continue;
      }
      try {
        JsonObject line = new JsonObject();
        if (r.equals("read") && table != null) {
          line.add("reading", read(connection, admin, table));
        } else if (r.startsWith("{")) {
          line.add("data", TableData.handle(connection, JsonParser.parseString(r).getAsJsonObject()));
        } else if (r.equals("cluster")) {
          line.add("cluster", cluster(admin));
        } else if (r.equals("info_servers")) {
          line.add("infoServers", infoServers(admin));
        } else if (r.equals("tables")) {
          JsonArray names = new JsonArray();
          for (TableName name : admin.listTableNames()) {
            names.add(name.getNameAsString());
          }
          line.add("tables", names);
        } else if (r.startsWith("schema ")) {
          TableName of = TableName.valueOf(r.substring("schema ".length()).trim());
          if (!admin.tableExists(of)) {
            protocol.println(error("SOURCE_TABLE_NOT_FOUND", "table \"" + of.getNameAsString() + "\" does not exist on the cluster"));
            continue;
          }
          line.add("schema", schema(admin.getDescriptor(of)));
        } else if (r.startsWith("move ") || r.startsWith("split ") || r.startsWith("balance_switch ")
            || r.startsWith("table_throttle ") || r.startsWith("region_replication ") || r.equals("list_quotas")) {
          line.add("done", admin(admin, r));
        } else {
          protocol.println(error("NATIVE_PROTOCOL", "unknown request \"" + r + "\"; the requests are \"read\" (with --table), \"tables\", \"cluster\", \"info_servers\", \"schema T\", \"move\", \"split\", \"balance_switch\", \"table_throttle\", \"region_replication\" and \"list_quotas\""));
          continue;
        }
        protocol.println(GSON.toJson(line));
      } catch (IOException | RuntimeException e) {
        // A data request's line holds cell values: name only its op and table.
        String what = r.startsWith("{") ? TableData.describe(r) : r;
        protocol.println(error("NATIVE_READ", "\"" + what + "\" failed: " + oneLine(e)));
      }
    }
  }

  /**
   * The runbook steps the Admin API runs, as the shell's commands of the same name do: {@code move ENCODED
   * host,port,startcode} ({@link Admin#move(byte[], ServerName)}), {@code split TABLE [BASE64_KEY]}
   * ({@link Admin#split(TableName, byte[])}, or {@link Admin#split(TableName)} at the regions' midpoints),
   * {@code balance_switch true|false} ({@link Admin#balancerSwitch(boolean, boolean)}, synchronous, answering the
   * previous state as the shell does), {@code table_throttle TABLE LIMIT|NONE} (the shell's {@code set_quota TYPE =>
   * THROTTLE, TABLE => ..., LIMIT => ..., SCOPE => MACHINE}: {@link QuotaSettingsFactory#throttleTable}, whose form
   * without a scope is MACHINE, the limit applying on each RegionServer by itself, or
   * {@link QuotaSettingsFactory#unthrottleTable} through {@link Admin#setQuota}), {@code region_replication TABLE N}
   * (the shell's {@code alter TABLE, {REGION_REPLICATION => N}}: {@link Admin#modifyTable}), {@code list_quotas}
   * ({@link Admin#getQuota}, answering every quota as the shell lists them, one per line).
   *
   * @throws IllegalArgumentException for a malformed request
   */
  static JsonObject admin(Admin admin, String request) throws IOException {
    String[] words = request.split(" ");
    JsonObject done = new JsonObject();
    done.addProperty("request", request);
    switch (words[0]) {
      case "move":
        if (words.length != 3) {
          throw new IllegalArgumentException("move needs ENCODED host,port,startcode");
        }
        admin.move(Bytes.toBytes(words[1]), ServerName.valueOf(words[2]));
        break;
      case "split":
        if (words.length == 2) {
          admin.split(TableName.valueOf(words[1]));
        } else if (words.length == 3) {
          admin.split(TableName.valueOf(words[1]), Base64.getDecoder().decode(words[2]));
        } else {
          throw new IllegalArgumentException("split needs TABLE [BASE64_KEY]");
        }
        break;
      case "balance_switch":
        if (words.length != 2 || !(words[1].equals("true") || words[1].equals("false"))) {
          throw new IllegalArgumentException("balance_switch needs true or false");
        }
        done.addProperty("value", Boolean.toString(admin.balancerSwitch(Boolean.parseBoolean(words[1]), true)));
        break;
      case "table_throttle":
        if (words.length != 3) {
          throw new IllegalArgumentException("table_throttle needs TABLE LIMIT|NONE");
        }
        admin.setQuota(words[2].equals("NONE")
            ? QuotaSettingsFactory.unthrottleTable(TableName.valueOf(words[1]))
            : throttle(TableName.valueOf(words[1]), words[2]));
        break;
      case "region_replication":
        if (words.length != 3 || !words[2].matches("[1-9][0-9]?")) {
          throw new IllegalArgumentException("region_replication needs TABLE N (1 to 64)");
        }
        TableName table = TableName.valueOf(words[1]);
        admin.modifyTable(TableDescriptorBuilder.newBuilder(admin.getDescriptor(table))
            .setRegionReplication(Integer.parseInt(words[2])).build());
        break;
      case "list_quotas":
        StringBuilder quotas = new StringBuilder();
        for (org.apache.hadoop.hbase.quotas.QuotaSettings q : admin.getQuota(new org.apache.hadoop.hbase.quotas.QuotaFilter())) {
          quotas.append(quotas.length() == 0 ? "" : "\n");
          // The owner first, as the shell's list_quotas shows it beside the settings.
          if (q.getUserName() != null) {
            quotas.append("USER => ").append(q.getUserName()).append(", ");
          }
          if (q.getTableName() != null) {
            quotas.append("TABLE => ").append(q.getTableName().getNameAsString()).append(", ");
          }
          if (q.getNamespace() != null) {
            quotas.append("NAMESPACE => ").append(q.getNamespace()).append(", ");
          }
          quotas.append(q);
        }
        done.addProperty("value", quotas.toString());
        break;
      default:
        throw new IllegalArgumentException("unknown admin request " + words[0]);
    }
    return done;
  }

  /** A quota limit as {@code set_quota} takes it: {@code <n>req/<unit>} or {@code <n><B|K|M|G|T|P>/<unit>}. */
  private static final Pattern LIMIT = Pattern.compile("(\\d+)(req|[BKMGTP])/(sec|min|hour|day)");

  /**
   * The table throttle of a {@code set_quota} limit, read as the shell's quotas helper reads it: a request count per
   * unit ({@link ThrottleType#REQUEST_NUMBER}) or a size per unit ({@link ThrottleType#REQUEST_SIZE}, K = 1024 bytes).
   *
   * @throws IllegalArgumentException for a limit of another form
   */
  static org.apache.hadoop.hbase.quotas.QuotaSettings throttle(TableName table, String limit) {
    Matcher m = LIMIT.matcher(limit);
    if (!m.matches()) {
      throw new IllegalArgumentException("quota limit " + limit + " is not <n>req/sec or <n>M/sec (sec, min, hour, day)");
    }
    long n = Long.parseLong(m.group(1));
    String per = m.group(2);
    TimeUnit unit = switch (m.group(3)) {
      case "sec" -> TimeUnit.SECONDS;
      case "min" -> TimeUnit.MINUTES;
      case "hour" -> TimeUnit.HOURS;
      default -> TimeUnit.DAYS;
    };
    if (per.equals("req")) {
      return QuotaSettingsFactory.throttleTable(table, ThrottleType.REQUEST_NUMBER, n, unit);
    }
    long bytes = n << (10 * "BKMGTP".indexOf(per));
    return QuotaSettingsFactory.throttleTable(table, ThrottleType.REQUEST_SIZE, bytes, unit);
  }

  /**
   * Every live RegionServer's regions of every table, as hbtop reads them ({@link Admin#getClusterMetrics} with
   * {@code LIVE_SERVERS}): {@code {timeMs, servers: [{server, regions: [{name (base64 of the full region name),
   * read, write, storeFileSizeMB}]}]}}, the store file size in whole MB as {@code /status/cluster} gives it.
   */
  static JsonObject cluster(Admin admin) throws IOException {
    org.apache.hadoop.hbase.ClusterMetrics metrics = admin.getClusterMetrics(
        java.util.EnumSet.of(org.apache.hadoop.hbase.ClusterMetrics.Option.LIVE_SERVERS));
    JsonObject out = new JsonObject();
    out.addProperty("timeMs", System.currentTimeMillis());
    JsonArray servers = new JsonArray();
    for (Map.Entry<ServerName, org.apache.hadoop.hbase.ServerMetrics> e : metrics.getLiveServerMetrics().entrySet()) {
      JsonObject server = new JsonObject();
      server.addProperty("server", e.getKey().getServerName());
      JsonArray regions = new JsonArray();
      for (RegionMetrics m : e.getValue().getRegionMetrics().values()) {
        JsonObject region = new JsonObject();
        region.addProperty("name", Base64.getEncoder().encodeToString(m.getRegionName()));
        region.addProperty("read", m.getReadRequestCount());
        region.addProperty("write", m.getWriteRequestCount());
        region.addProperty("storeFileSizeMB", (long) m.getStoreFileSize().get(Size.Unit.MEGABYTE));
        regions.add(region);
      }
      server.add("regions", regions);
      servers.add(server);
    }
    out.add("servers", servers);
    return out;
  }

  /**
   * The info servers (the web UI with {@code /jmx}) of the active master and of every live RegionServer, from
   * {@link Admin#getClusterMetrics} ({@code ClusterMetrics#getMasterInfoPort}, {@code ServerMetrics#getInfoServerPort}):
   * objects {@code {server, url, role}} with {@code role} "master" or "regionserver".
   */
  static JsonArray infoServers(Admin admin) throws IOException {
    org.apache.hadoop.hbase.ClusterMetrics metrics = admin.getClusterMetrics(java.util.EnumSet.of(
        org.apache.hadoop.hbase.ClusterMetrics.Option.MASTER, org.apache.hadoop.hbase.ClusterMetrics.Option.MASTER_INFO_PORT,
        org.apache.hadoop.hbase.ClusterMetrics.Option.LIVE_SERVERS));
    JsonArray out = new JsonArray();
    ServerName master = metrics.getMasterName();
    if (master != null && metrics.getMasterInfoPort() > 0) {
      out.add(infoServer(master, metrics.getMasterInfoPort(), "master"));
    }
    for (Map.Entry<ServerName, org.apache.hadoop.hbase.ServerMetrics> e : metrics.getLiveServerMetrics().entrySet()) {
      int port = e.getValue().getInfoServerPort();
      if (port > 0) {
        out.add(infoServer(e.getKey(), port, "regionserver"));
      }
    }
    return out;
  }

  private static JsonObject infoServer(ServerName server, int port, String role) {
    JsonObject o = new JsonObject();
    o.addProperty("server", server.getServerName());
    o.addProperty("url", "http://" + server.getHostname() + ":" + port);
    o.addProperty("role", role);
    return o;
  }

  /** A table descriptor as the REST gateway's schema resource shows it: name, the table's values, each family's values. */
  static JsonObject schema(org.apache.hadoop.hbase.client.TableDescriptor descriptor) {
    JsonObject out = new JsonObject();
    out.addProperty("name", descriptor.getTableName().getNameAsString());
    JsonObject attributes = new JsonObject();
    descriptor.getValues().forEach((k, v) -> attributes.addProperty(Bytes.toString(k.get()), Bytes.toString(v.get())));
    out.add("attributes", attributes);
    JsonArray columns = new JsonArray();
    for (org.apache.hadoop.hbase.client.ColumnFamilyDescriptor family : descriptor.getColumnFamilies()) {
      JsonObject column = new JsonObject();
      column.addProperty("name", family.getNameAsString());
      JsonObject values = new JsonObject();
      family.getValues().forEach((k, v) -> values.addProperty(Bytes.toString(k.get()), Bytes.toString(v.get())));
      column.add("attributes", values);
      columns.add(column);
    }
    out.add("columns", columns);
    return out;
  }

  /**
   * One reading: the region directory from the region locator, then each hosting RegionServer's metrics for the
   * table, then the time.
   */
  static JsonObject read(Connection connection, Admin admin, TableName table) throws IOException {
    List<HRegionLocation> locations;
    try (RegionLocator locator = connection.getRegionLocator(table)) {
      locations = locator.getAllRegionLocations();
    }
    Base64.Encoder b64 = Base64.getEncoder();
    JsonArray directory = new JsonArray();
    Set<ServerName> servers = new LinkedHashSet<>();
    for (HRegionLocation location : locations) {
      RegionInfo region = location.getRegion();
      if (region == null || region.isSplitParent() || region.isOffline()) {
        continue;
      }
      JsonObject d = new JsonObject();
      d.addProperty("encodedName", region.getEncodedName());
      d.addProperty("regionId", Long.toString(region.getRegionId()));
      // a read replica (REGION_REPLICATION above 1): its own encoded name, its primary's keys and region id
      if (region.getReplicaId() != RegionInfo.DEFAULT_REPLICA_ID) d.addProperty("replicaId", region.getReplicaId());
      d.addProperty("startKey", b64.encodeToString(region.getStartKey()));
      d.addProperty("endKey", b64.encodeToString(region.getEndKey()));
      ServerName server = location.getServerName();
      if (server != null) {
        d.addProperty("server", server.toString());
        servers.add(server);
      }
      directory.add(d);
    }
    JsonArray counters = new JsonArray();
    for (ServerName server : servers) {
      for (RegionMetrics m : admin.getRegionMetrics(server, table)) {
        JsonObject c = new JsonObject();
        c.addProperty("encodedName", RegionInfo.encodeRegionName(m.getRegionName()));
        c.addProperty("server", server.toString());
        c.addProperty("readRequests", m.getReadRequestCount());
        c.addProperty("writeRequests", m.getWriteRequestCount());
        c.addProperty("filteredReadRequests", m.getFilteredReadRequestCount());
        c.addProperty("storeSizeBytes", (long) m.getStoreFileSize().get(Size.Unit.BYTE));
        c.addProperty("memStoreSizeBytes", (long) m.getMemStoreSize().get(Size.Unit.BYTE));
        c.addProperty("storeFileCount", m.getStoreFileCount());
        c.addProperty("storeCount", m.getStoreCount());
        c.addProperty("locality", m.getDataLocality());
        counters.add(c);
      }
    }
    JsonObject reading = new JsonObject();
    reading.addProperty("timeMs", System.currentTimeMillis());
    reading.add("directory", directory);
    reading.add("counters", counters);
    return reading;
  }

  /**
   * The client configuration: HBase's defaults and any {@code hbase-site.xml} on the classpath, then the files of
   * {@code --hbase-conf}, then the flags. A monitoring tool should fail in seconds, not retry for minutes: fewer
   * client and ZooKeeper retries unless the site files set them.
   */
  static Configuration configuration(Map<String, String> flags) {
    Configuration conf = HBaseConfiguration.create();
    Configuration site = new Configuration(false);
    String confDir = flags.get("--hbase-conf");
    if (confDir != null) {
      for (String file : new String[] {"core-site.xml", "hbase-site.xml"}) {
        java.io.File f = new java.io.File(confDir, file);
        if (f.isFile()) {
          conf.addResource(new Path(f.getAbsolutePath()));
          site.addResource(new Path(f.getAbsolutePath()));
        }
      }
    }
    setUnlessSite(conf, site, HConstants.HBASE_CLIENT_RETRIES_NUMBER, "3");
    setUnlessSite(conf, site, "zookeeper.recovery.retry", "2");
    setUnlessSite(conf, site, HConstants.HBASE_CLIENT_OPERATION_TIMEOUT, "30000");
    String zk = flags.get("--zk");
    if (zk != null) {
      conf.set(HConstants.ZOOKEEPER_QUORUM, zk);
    }
    String znode = flags.get("--zk-znode");
    if (znode != null) {
      conf.set(HConstants.ZOOKEEPER_ZNODE_PARENT, znode);
    }
    return conf;
  }

  /**
   * Opens a TCP connection to each ZooKeeper server of the quorum (port {@code hbase.zookeeper.property.clientPort}
   * where the quorum names none), so an unreachable quorum is reported in seconds rather than after the client's
   * retries.
   *
   * @return null when at least one server accepts, else what each server answered
   */
  static String probeQuorum(Configuration conf) {
    int defaultPort = conf.getInt(HConstants.ZOOKEEPER_CLIENT_PORT, HConstants.DEFAULT_ZOOKEEPER_CLIENT_PORT);
    List<String> failures = new ArrayList<>();
    for (String server : conf.getTrimmedStrings(HConstants.ZOOKEEPER_QUORUM)) {
      int colon = server.lastIndexOf(':');
      String host = colon > 0 ? server.substring(0, colon) : server;
      int port = colon > 0 ? Integer.parseInt(server.substring(colon + 1)) : defaultPort;
      try (java.net.Socket socket = new java.net.Socket()) {
        socket.connect(new java.net.InetSocketAddress(host, port), ZK_PROBE_TIMEOUT_MS);
        return null;
      } catch (IOException | RuntimeException e) {
        failures.add(host + ":" + port + " " + oneLine(e));
      }
    }
    return failures.isEmpty() ? "no ZooKeeper server is configured (give --zk or --hbase-conf)" : "no ZooKeeper server accepts a connection (" + String.join("; ", failures) + ")";
  }

  private static void setUnlessSite(Configuration conf, Configuration site, String key, String value) {
    if (site.get(key) == null) {
      conf.set(key, value);
    }
  }

  /**
   * {@code --name value} pairs.
   *
   * @throws IllegalArgumentException naming an unknown flag or a flag without its value
   */
  static Map<String, String> parseArgs(String[] args) {
    Set<String> known = Set.of("--table", "--zk", "--zk-znode", "--hbase-conf");
    Map<String, String> flags = new LinkedHashMap<>();
    for (int i = 0; i < args.length; i += 2) {
      if (!known.contains(args[i])) {
        throw new IllegalArgumentException("unknown argument \"" + args[i] + "\"; known: " + String.join(", ", new ArrayList<>(known)));
      }
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException(args[i] + " needs a value");
      }
      flags.put(args[i], args[i + 1]);
    }
    return flags;
  }

  /** Sends log4j2 output (HBase, Hadoop, ZooKeeper) to standard error at level WARN, unless a configuration is given. */
  private static void quietLogging() {
    if (System.getProperty("log4j2.configurationFile") == null && System.getProperty("log4j.configurationFile") == null) {
      URL config = RegionLoadReader.class.getResource("/hbase-hotspot-log4j2.properties");
      if (config != null) {
        System.setProperty("log4j2.configurationFile", config.toString());
      }
    }
  }

  private static String error(String code, String message) {
    JsonObject e = new JsonObject();
    e.addProperty("code", code);
    e.addProperty("message", message);
    JsonObject line = new JsonObject();
    line.add("error", e);
    return GSON.toJson(line);
  }

  /** The exception's message and its causes' on one line. */
  private static String oneLine(Throwable e) {
    StringBuilder out = new StringBuilder();
    for (Throwable t = e; t != null && out.length() < 500; t = t.getCause()) {
      if (out.length() > 0) {
        out.append(": ");
      }
      out.append(t.getClass().getSimpleName());
      if (t.getMessage() != null) {
        out.append(' ').append(t.getMessage().replace('\n', ' '));
      }
    }
    return out.toString();
  }
}
