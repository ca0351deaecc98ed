/** The verdict of a shape classifier (from key samples or from region history). */
import type { ShapeId } from './catalogue.js';
import type { DetectResult } from './types.js';

/** A classifier's verdict: the likelier shape, what else it could be, and why. */
export interface ShapeVerdict {
  readonly shape: ShapeId | 'none';
  readonly alternatives: DetectResult['alternatives'];
  readonly evidence: readonly string[];
  readonly decidedBy: DetectResult['decidedBy'];
  /** For a history verdict: how many independent observations back it (splits whose upper daughter kept the writes, moves of the hot spot along the key space). */
  readonly support?: number;
}
