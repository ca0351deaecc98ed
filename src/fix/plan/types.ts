/**
 * The runbook a fix plan produces: ordered steps, each with why, the exact `hbase shell` commands, what to check
 * after it and how to undo it; what the plan refuses to do and why; the failure modes to watch. Plain JSON (keys in
 * toStringBinary form) so `fix plan --json` output is what `fix apply` reads.
 *
 * @module
 */
import type { ShapeId } from '../../analysis/detect/index.js';

/** What a step does. `advice` steps change application code or settings; they have no shell commands to run. */
export type StepKind =
  | 'quota' | 'balancer-off' | 'split' | 'move' | 'balancer-on' | 'quota-remove' | 'replicas' | 'create-salted' | 'advice';

/** What `fix apply` waits for after a step's commands, polling the table's regions (REST `/<table>/regions`). */
export type StepWait =
  /** A region starting exactly at `splitKey` is online (the upper daughter; the lower one ends there). */
  | { readonly kind: 'daughters-online'; readonly table: string; readonly splitKey: string }
  /** The region starting at `startKey` is online on `server` (`host,port,startcode`). */
  | { readonly kind: 'region-on-server'; readonly table: string; readonly startKey: string; readonly server: string };

/**
 * A `move` whose encoded region name only exists once an earlier split ran: `fix apply` looks up the region starting
 * at `startKey` and runs `move 'ENCODED', 'server'`. `commands` then shows the name as `<encoded name of ...>`.
 */
export interface DeferredMove {
  readonly table: string;
  /** Start key of the region to move (toStringBinary). */
  readonly startKey: string;
  /** Target RegionServer, `host,port,startcode`. */
  readonly server: string;
}

/** The region a step acts on, where the plan saw it: `fix apply` refuses the step if it is no longer there. */
export interface StepRegion {
  /** Encoded region name (gone after a split or a merge). */
  readonly encodedName: string;
  /** Start key, toStringBinary. */
  readonly startKey: string;
  /** RegionServer hosting it, `host,port,startcode`. */
  readonly server: string;
}

/** One step of a runbook. */
export interface RunbookStep {
  /** 1-based position. */
  readonly number: number;
  readonly kind: StepKind;
  /** One line. */
  readonly title: string;
  /** Why this step, with the figures behind it. */
  readonly why: string;
  /** Exact `hbase shell` commands, in order; empty for `advice`. */
  readonly commands: readonly string[];
  /** Set when the step's `move` target is a region an earlier split creates. */
  readonly deferredMove?: DeferredMove;
  /** What to look at after the step before going on. */
  readonly check: string;
  /** Shell commands that undo it (empty when it cannot be undone by a command). */
  readonly undo: readonly string[];
  /** How to undo it, in words (what `undo` does, or why it cannot be undone simply). */
  readonly undoNote: string;
  /** What `fix apply` waits for after the commands. */
  readonly wait?: StepWait;
  /** The region the step acts on (a split's hot region), as the plan saw it; absent for table- and cluster-wide steps. */
  readonly region?: StepRegion;
}

/** An action the plan will not take. */
export interface Refusal {
  /** The refused action, e.g. `split`. */
  readonly action: string;
  readonly why: string;
}

/** The runbook. */
export interface Runbook {
  /** Format marker for files `fix apply` reads. */
  readonly format: 'hbase-hotspot-runbook/1';
  /** When the plan was made, epoch ms (absent in runbooks of earlier versions): what `fix apply --max-age` measures. */
  readonly createdAtMs?: number;
  /** `createdAtMs` as ISO text, for reading; a file where it disagrees with `createdAtMs` is refused. */
  readonly createdAt?: string;
  readonly table: string;
  readonly shape: ShapeId | 'none';
  /** The hot region the plan acts on, if any. */
  readonly hotRegion: {
    readonly encodedName: string; readonly startKey: string; readonly endKey: string; readonly server: string;
    /** For a secondary read replica, its replica id (1 to 65535, HBase `RegionInfo.getReplicaId`); absent for a primary. */
    readonly replicaId?: number;
    /** Its share of the table's requests and the fair share (1 ÷ regions). */
    readonly share: number; readonly fairShare: number;
    /** Its share of the table's requests over the intervals of now it was there in, and its requests/s then (the region the headline names is the one hot now). */
    readonly nowShare?: number; readonly nowRequestsPerSec?: number;
  } | null;
  readonly steps: readonly RunbookStep[];
  readonly refused: readonly Refusal[];
  /** Failure modes that apply to this plan, one sentence each with the figure that makes them matter. */
  readonly warnings: readonly string[];
  /** Short summary of the evidence the plan rests on. */
  readonly evidence: readonly string[];
  /**
   * With a split at the traffic median of key samples: how many samples fell in the hot region (`inRegion`), the
   * fewest the plan trusts (`minimum`, {@link MIN_SPLIT_SAMPLES}) and whether the median is uncertain (`inRegion` below
   * `minimum`; the runbook then warns and asks for more samples). Absent without such a split.
   */
  readonly splitSamples?: { readonly inRegion: number; readonly minimum: number; readonly uncertain: boolean };
}

/**
 * Fewest key samples in the hot region for a traffic-median split the plan does not warn about. With n samples the
 * 95% distribution-free interval of the median runs from the 6th to the 15th of 20 sampled keys (a lower daughter of
 * roughly 25% to 75% of the requests) and widens fast below (the 2nd to the 9th of 10); 20 is also the count from which
 * `detect` lets key samples decide a shape.
 */
export const MIN_SPLIT_SAMPLES = 20;
