/**
 * RegionServer names as HBase writes them: `host,port,startcode` (`ServerName.toString()`), or `host:port` where a
 * source knows no start code (the REST gateway's region locations, `status 'simple'`).
 *
 * @module
 */

/**
 * `host:port` of `host,port,startcode` (HBase's `ServerName.getAddress()`: the same server across restarts, which
 * change only the start code); any other text unchanged, `host:port` included.
 */
export function hostPortOf(server: string): string {
  const parts = server.split(',');
  return parts.length === 3 ? `${parts[0]}:${parts[1]}` : server;
}

/**
 * The host of `host,port,startcode` or `host:port` (`ServerName.getHostname()`): the text before the first comma or
 * colon, the whole text when it has neither. HBase groups the servers of one host (several RegionServers on one
 * machine) by it.
 */
export function hostOf(server: string): string {
  return /^[^,:]*/.exec(server)?.[0] ?? server;
}
