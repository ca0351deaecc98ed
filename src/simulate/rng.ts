/** The simulator's seeded generator lives in the util layer; re-exported here for the simulator's modules. */
export { createRng, type Rng } from '../util/rng.js';
