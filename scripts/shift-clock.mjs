// Preload module (`node --import ./scripts/shift-clock.mjs`, or through NODE_OPTIONS so every process of a test run
// gets it): moves this process's wall clock by HBASE_HOTSPOT_CLOCK_OFFSET_MS milliseconds. `Date.now()`, `new Date()`
// and `Date()` read the moved clock; dates built from a value, `Date.parse`, `Date.UTC`, timers and
// `performance.now()` are untouched. Used by scripts/test-clock.mjs to run the unit suite on other dates.
const offsetMs = Number(process.env.HBASE_HOTSPOT_CLOCK_OFFSET_MS ?? '0');
if (!Number.isFinite(offsetMs)) {
  throw new Error(`HBASE_HOTSPOT_CLOCK_OFFSET_MS: "${process.env.HBASE_HOTSPOT_CLOCK_OFFSET_MS}" is not a number of milliseconds`);
}
if (offsetMs !== 0) {
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  const shiftedNow = () => realNow() + offsetMs;
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [shiftedNow()] : args, newTarget),
    apply: () => new RealDate(shiftedNow()).toString(),
    get: (target, property, receiver) => (property === 'now' ? shiftedNow : Reflect.get(target, property, receiver)),
  });
}
