/**
 * Sampling RegionServers' and the master's `/jmx` over a window for `health`: a round every `everyMs` for `forMs`
 * (rounds = ⌊for ÷ every⌋ + 1, the first at once), each round asking every info server the
 * {@link HEALTH_QUERIES}. An info server that does not answer a round is recorded as a failure of that round, not
 * an error: the window goes on with the others.
 *
 * @module
 */
import { RestTransport, type TransportOptions } from '../hbase/rest/transport.js';
import type { HealthSample } from './evaluate.js';
import { HEALTH_QUERIES, type HealthReading, joinJmxAnswers, parseHealthReading } from './readings.js';

/** Options of {@link sampleHealth}. */
export interface SampleOptions {
  /** Info-server base URLs (`http://rs1:16030`, `http://master:16010`); at least one. */
  readonly urls: readonly string[];
  /** Time between rounds, ms (> 0). */
  readonly everyMs: number;
  /** Length of the window, ms (≥ 0). */
  readonly forMs: number;
  /** HTTP settings of the requests (timeout, retries), without `baseUrl`. */
  readonly transport?: Omit<TransportOptions, 'baseUrl'>;
  /** Wall clock, epoch ms, for the rounds' times. */
  readonly now: () => number;
  /** Stops the window early (Ctrl-C); the rounds taken so far are returned. */
  readonly signal?: AbortSignal;
  /** Called after each round (progress). */
  readonly onRound?: (round: number, rounds: number, sample: HealthSample) => void;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Reads one info server once. */
async function readOne(transport: RestTransport, url: string, signal?: AbortSignal): Promise<HealthReading> {
  const texts: string[] = [];
  for (const qry of HEALTH_QUERIES) {
    const res = await transport.request({ method: 'GET', path: '/jmx', query: [['qry', qry]], idempotent: true, ...(signal ? { signal } : {}) });
    texts.push(res.text);
  }
  return parseHealthReading(joinJmxAnswers(texts, url), url);
}

/**
 * Takes the window's rounds.
 * @returns the rounds in time order (fewer when `signal` aborts).
 * @throws `RangeError` for no URL or a non-positive `everyMs`.
 */
export async function sampleHealth(options: SampleOptions): Promise<HealthSample[]> {
  const { urls, everyMs, forMs, signal } = options;
  if (urls.length === 0) throw new RangeError('sampleHealth needs at least one URL');
  if (!(everyMs > 0)) throw new RangeError('everyMs must be > 0');
  const transports = urls.map((baseUrl) => new RestTransport({ ...options.transport, baseUrl }));
  const rounds = Math.floor(forMs / everyMs) + 1;
  const samples: HealthSample[] = [];
  const start = performance.now();
  for (let round = 0; round < rounds && !signal?.aborted; round++) {
    await sleep(start + round * everyMs - performance.now(), signal);
    if (signal?.aborted) break;
    const timeMs = options.now();
    const settled = await Promise.allSettled(transports.map((t, i) => readOne(t, urls[i] ?? '', signal)));
    const readings: HealthReading[] = [];
    const failures: { origin: string; message: string }[] = [];
    settled.forEach((s, i) => {
      if (s.status === 'fulfilled') readings.push(s.value);
      else failures.push({ origin: urls[i] ?? '', message: (s.reason as Error).message });
    });
    const sample = { timeMs, readings, failures };
    samples.push(sample);
    options.onRound?.(round + 1, rounds, sample);
  }
  return samples;
}
