# RegionServer JVM: 16 GB heap, G1.
export HBASE_HEAPSIZE=16G
export HBASE_REGIONSERVER_OPTS="-Xms16g -Xmx16g -XX:+UseG1GC -XX:MaxGCPauseMillis=100"
