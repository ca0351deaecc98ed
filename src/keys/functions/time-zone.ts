/**
 * Time zone offsets for `date(t, pattern, zone)`, from the IANA time zone database the runtime carries (`Intl`), the
 * same rules Java's `TimeZone.getTimeZone(zone)` applies. Formatting a time is never ambiguous; reading a local time
 * back is: in a DST gap (clocks jump forward) the local time never occurs, in an overlap (clocks fall back) it occurs
 * twice.
 */

/** A zone's offsets. */
export interface ZoneOffsets {
  /** The IANA id as given, e.g. `Europe/Berlin`. */
  readonly zone: string;
  /** Offset from UTC in milliseconds at epoch time `t` (local = t + offset). */
  offset(t: number): number;
  /**
   * Every epoch time whose local time in the zone is `local` (a local time written as if it were UTC epoch ms), in
   * ascending order: none in a DST gap, two in an overlap, one otherwise.
   */
  fromLocal(local: number): number[];
}

/** True when the runtime knows `zone` as a time zone id. */
export function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const HOUR_MS = 3_600_000;

/** The offsets of a zone the runtime knows (check with {@link isKnownZone} first). */
export function zoneOffsets(zone: string): ZoneOffsets {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  // The last second asked about, and its offset: keys written in time order ask about the same second often.
  let lastSecond = Number.NaN;
  let lastOffset = 0;
  const offset = (t: number): number => {
    const second = Math.floor(t / 1000) * 1000;
    if (second === lastSecond) return lastOffset;
    const p: Record<string, number> = {};
    for (const part of format.formatToParts(second)) if (part.type !== 'literal') p[part.type] = Number(part.value);
    const local = Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
    lastSecond = second;
    lastOffset = local - second;
    return lastOffset;
  };
  return {
    zone,
    offset,
    fromLocal(local) {
      // Every offset in force within a day of the local time; each gives one candidate, kept when it reads back.
      const offsets = new Set([offset(local - 30 * HOUR_MS), offset(local), offset(local + 30 * HOUR_MS)]);
      const found = new Set<number>();
      for (const o of offsets) if (local - o + offset(local - o) === local) found.add(local - o);
      return [...found].sort((a, b) => a - b);
    },
  };
}
