/** Client-side helpers for hot rows and split points: request coalescing, a request-key reservoir and a sharded counter. */
export { createCoalescer, type Coalescer, type CoalescerOptions, type CoalescerStats } from './coalesce.js';
export { createKeyReservoir, type KeyReservoir } from './reservoir.js';
export { createShardedCounter, type CounterTransport, type ShardedCounter, type ShardedCounterOptions, type ShardIncrement } from './sharded-counter.js';
export { MAX_COUNTER_SHARDS, planShardedCounter, shardRowKeys, type ShardLayout, type ShardPlan, type ShardPlanInput } from './shard-keys.js';
