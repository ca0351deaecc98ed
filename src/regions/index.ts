/** Layer 3: regions: region maps, HBase's split algorithms, split points from designs and samples, sizing. */
export { RegionMap, type Region, type RegionMapOptions } from './region-map.js';
export { regionName, checkTableName, isLegalTableName, plainTableName, type RegionName } from './region-name.js';
export { parseRegionName, encodedNameFromText, replicaIdOfName, keyRangeOfName, META_ENCODED_NAME, type ParsedRegionName } from './region-name-parse.js';
export { computeSplits, splitAlgorithm, SPLIT_ALGORITHMS, type SplitAlgorithmInfo, type SplitAlgorithmName, type SplitAlgorithmOptions } from './split-algorithms.js';
export { splitByteRange, byteMidpoint, UNIFORM_LAST_ROW } from './bytes-split.js';
export { checkSaltRegionTotal, evenCutCaveat, saltSampleSplitPoints, saltSplitPoints, type SaltSampleSplits, type SaltSplitOptions } from './salt-splits.js';
export { quantileSplitPoints, type QuantileSplits } from './quantile-splits.js';
export { trafficMedian, type TrafficMedian } from './traffic-median.js';
export { parseSampleKeys } from './sample-keys.js';
export { shortestSeparator, type WeightedKey } from './weighted-keys.js';
export { initialRegionCount, DEFAULT_REGIONS_PER_SERVER, DEFAULT_REGION_SIZE_BYTES, type Sizing, type SizingInput, type SizingConstraint } from './sizing.js';
