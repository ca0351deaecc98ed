/** Client-side helpers for hot rows and split points: request coalescing and a request-key reservoir. */
export { createCoalescer, type Coalescer, type CoalescerOptions, type CoalescerStats } from './coalesce.js';
export { createKeyReservoir, type KeyReservoir } from './reservoir.js';
