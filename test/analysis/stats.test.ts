import { describe, expect, it } from 'vitest';
import { normalizedSkew, peerTest, spreadOf } from '../../src/analysis/detect/index.js';

describe('normalizedSkew (DoubleArrayCost scaling, minimum 0)', () => {
  it('is 0 for an even spread and 1 for everything on one', () => {
    expect(normalizedSkew([5, 5, 5, 5])).toBe(0);
    expect(normalizedSkew([4, 0, 0, 0])).toBeCloseTo(1, 15);
    expect(normalizedSkew([0, 0])).toBe(0);
    expect(normalizedSkew([7])).toBe(0);
  });

  it('matches hand computation', () => {
    // mean 2: sqrt(1 + 1) / sqrt((4 - 2)² + 1 · 2²) = sqrt(2 / 8) = 0.5
    expect(normalizedSkew([3, 1])).toBeCloseTo(0.5, 15);
    // mean 2: sqrt(4 + 1 + 1 + 0) / sqrt(6² + 3 · 4) = sqrt(6 / 48)
    expect(normalizedSkew([4, 1, 1, 2])).toBeCloseTo(Math.sqrt(6 / 48), 15);
  });

  it('spreadOf gives max ÷ average beside it', () => {
    expect(spreadOf([4, 1, 1, 2])).toEqual({ maxToAverage: 2, skew: normalizedSkew([4, 1, 1, 2]) });
    expect(spreadOf([])).toEqual({ maxToAverage: 0, skew: 0 });
  });
});

describe('peerTest', () => {
  it('compares with the average of the others, and reports the overall average beside it', () => {
    expect(peerTest([400, 100, 100], 0, 3)).toEqual({ peerRatio: 4, averageRatio: 2, hot: true, hotByAverage: false });
    expect(peerTest([300, 100, 100], 0, 3)).toMatchObject({ peerRatio: 3, hot: false });
    expect(peerTest([400, 100, 100], 1, 3)).toMatchObject({ peerRatio: 0.4, hot: false });
  });

  it('calls a loaded member among idle peers hot, and never a lone member', () => {
    expect(peerTest([5, 0, 0], 0, 3)).toEqual({ peerRatio: null, averageRatio: 3, hot: true, hotByAverage: false });
    expect(peerTest([0, 0, 0], 0, 3)).toEqual({ peerRatio: null, averageRatio: 0, hot: false, hotByAverage: false });
    expect(peerTest([9], 0, 3)).toMatchObject({ hot: false, averageRatio: 1 });
  });
});
