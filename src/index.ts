/**
 * hbase-hotspot: Apache HBase rowkey design, pre-splitting, load simulation and hotspot detection.
 *
 * The library entry re-exports each layer's public API; see the README for the layer map.
 */
export * from './regions/index.js';
export * from './keys/compat/index.js';
export * from './keys/scan/index.js';
export * from './sources/index.js';
export * from './simulate/index.js';
export * from './model/index.js';
export * from './analysis/detect/index.js';
