/** A small seeded pseudo-random generator (mulberry32), so simulations, samples and benchmarks repeat for a given seed. */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
}

/** Creates a generator from a 32-bit seed (any number; its low 32 bits are used). */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return {
    next() {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}
