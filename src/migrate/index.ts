/**
 * Key migration of a live table: the plan, dual writes with a read switch, the timestamp-preserving resumable
 * backfill, verification, retirement, and lifecycle helpers (monthly partitions, TTL per column family).
 */
export { templateKeyMap, type KeyMapNames, type KeyMapper, type TemplateKeyMap } from './key-map.js';
export { DualWriter, type DualWriterOptions, type ReadSide } from './dual-write.js';
export { runBackfill, type BackfillOptions, type BackfillProgress, type BackfillResult } from './backfill.js';
export { readCheckpoint, writeCheckpoint, checkpointFromJson, checkpointToJson, type BackfillCheckpoint, type RangeState } from './checkpoint.js';
export { cloneSnapshotSource, snapshotNames, snapshotSourceCommands, snapshotCleanupCommands } from './snapshot-source.js';
export { verifyMigration, type VerifyOptions, type VerifyReport, type Difference, type DifferenceKind, type SideCounts } from './verify.js';
export { planMigration, planText, familiesFromSchema, type MigrationPlan, type PlanStep, type PlanInput } from './plan.js';
export { retirementCommands, retirementSnapshotName, checkRetirement, type RetirementCheck } from './retire.js';
export { VERIFY_RECORD_FORMAT, parseVerifyRecord, verificationRefusal, verifyRecord, type VerifyRecord } from './verify-record.js';
export { monthlyTableName, planPartitions, planTtl, type PartitionPlan, type PartitionInput, type TtlPlan } from './lifecycle.js';
