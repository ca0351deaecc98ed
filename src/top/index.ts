/** Layer 6 (views): the live `top` view: modes, rendering, readings and the refresh loop. */
export * from './types.js';
export { limitRows, sortRows, sortValue } from './sort.js';
export { regionsMode } from './regions-mode.js';
export { serversMode } from './servers-mode.js';
export { MODE_STRATEGIES, buildView, tableIntervals } from './view.js';
export { TOP_COLUMNS, renderTop, type RenderOptions, type TopColumn } from './render.js';
export { type ClusterRegions, type TopReader, clusterReader, clusterSnapshots, nativeClusterReader, tableReader } from './readers.js';
export { type TopLoopOptions, type TopRefresh, runTopLoop } from './loop.js';
