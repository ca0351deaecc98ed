// Creates a pre-split table for bench/native-collector.bench.ts through the native client's Admin API (the REST
// gateway cannot pre-split). Run with the JVM side's classpath:
//   java -cp <classes:hbase jars> bench/java/SplitTable.java ZK TABLE REGIONS
// The table has one family "cf" and REGIONS regions split at "r0001" ... (REGIONS - 1 keys, 4 digits); prints
// "created" once every region is assigned.
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

public class SplitTable {
  public static void main(String[] args) throws Exception {
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.zookeeper.quorum", args[0]);
    int regions = Integer.parseInt(args[2]);
    if (regions < 1 || regions > 9999) {
      throw new IllegalArgumentException("REGIONS " + args[2] + ": give 1 to 9999");
    }
    byte[][] splits = new byte[regions - 1][];
    for (int i = 1; i < regions; i++) {
      splits[i - 1] = Bytes.toBytes(String.format("r%04d", i));
    }
    try (Connection connection = ConnectionFactory.createConnection(conf); Admin admin = connection.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(TableName.valueOf(args[1]))
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of("cf")).build(), splits);
    }
    System.out.println("created");
  }
}
