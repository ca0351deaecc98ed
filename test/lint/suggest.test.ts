import { describe, expect, it } from 'vitest';
import { parseAccess } from '../../src/lint/access.js';
import { keyDesign } from '../../src/lint/key-design.js';
import { mergeSubjects } from '../../src/lint/load.js';
import { parseShellScript } from '../../src/lint/shell/script.js';
import { shellSplitKey } from '../../src/lint/shell/split-keys.js';
import { saltBuckets } from '../../src/lint/suggest/candidates.js';
import { type SuggestInput, type Suggestion, SUGGESTED_FAMILY, suggestDesigns } from '../../src/lint/suggest/index.js';
import { rubyQuote } from '../../src/lint/suggest/presplit.js';
import { lintSubject } from '../../src/lint/run.js';
import { saltSplitPoints } from '../../src/regions/index.js';
import { compileTemplate } from '../../src/keys/template/index.js';
import { runCapture } from '../cli/run-cli.js';
import { errorOf } from './helpers.js';

const suggest = (fields: Record<string, string>, access: string, servers: number, writesPerSec?: number): Suggestion[] =>
  suggestDesigns({ fields, access: parseAccess(access), servers, ...(writesPerSec === undefined ? {} : { writesPerSec }) } satisfies SuggestInput);

/** The full `create` statement of a suggestion, as the shell would get it (every split point spelled out). */
function fullCreate(s: Suggestion): string | undefined {
  const split = s.presplit.splits;
  if (split.kind === 'algorithm') return `create 't', ${SUGGESTED_FAMILY}, {NUMREGIONS => ${split.numRegions}, SPLITALGO => '${split.algorithm}'}`;
  if (split.kind !== 'points') return undefined;
  const perBucket = Number(/x (\d+) region/.exec(s.presplit.method)?.[1]);
  const points = saltSplitPoints(compileTemplate(s.template), { regionsPerBucket: perBucket }).map(rubyQuote);
  return `create 't', ${SUGGESTED_FAMILY}, SPLITS => [${points.join(', ')}]`;
}

describe('suggestDesigns', () => {
  it('heavy writes, newest N per device: salt + device + reverse timestamp first', () => {
    const list = suggest({ deviceId: 'string', ts: 'epochMs' }, 'latest-n:deviceId', 10, 60000);
    expect(list.map((s) => s.template)).toEqual([
      '{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}',
      '{md5(deviceId,8)}_{deviceId}_{reverseTs(ts)}',
      '{deviceId}_{reverseTs(ts)}',
    ]);
    // 10 servers x 20 regions = 200 target; 16 buckets x ceil(200 / 16) = 13 regions each.
    expect(list[0]?.presplit.regions).toBe(208);
    expect(list[1]?.presplit.shell).toBe("{NUMREGIONS => 200, SPLITALGO => 'HexStringSplit'}");
  });

  it('light writes: the readable entity + reverse timestamp key wins', () => {
    expect(suggest({ deviceId: 'string', ts: 'epochMs' }, 'latest-n:deviceId', 3, 100)[0]?.template).toBe('{deviceId}_{reverseTs(ts)}');
  });

  it('random point gets: the hash prefix wins', () => {
    const list = suggest({ userId: 'string' }, 'point-get', 10, 60000);
    expect(list.map((s) => s.strategy)).toEqual(['hash-prefix', 'salted-composite', 'entity-first']);
  });

  it('time ranges of one metric of one device: the playbook key, salted over both', () => {
    const list = suggest({ metric: 'string', deviceId: 'string', ts: 'epochMs' }, 'time-range:metric+deviceId', 10, 60000);
    expect(list[0]?.template).toBe('{salt(concat(metric,"_",deviceId),16)}_{metric}_{deviceId}_{reverseTs(ts)}');
  });

  it('sites scanned by domain: the reversed domain leads, other fields follow the time', () => {
    const list = suggest({ site: 'domain', path: 'string', ts: 'epochMs' }, 'prefix-scan:site', 5, 500);
    expect(list[0]).toMatchObject({ strategy: 'reversed-domain', template: '{reverse(site)}_{reverseTs(ts)}_{path}' });
  });

  it('hashes PII before it goes into the key', () => {
    expect(suggest({ email: 'email', ts: 'epochMs' }, 'latest-n:email', 4, 100)[0]?.template).toBe('{sha256(email)}_{reverseTs(ts)}');
  });

  it.each([
    [{ deviceId: 'string', ts: 'epochMs' }, 'latest-n:deviceId', 10, 60000],
    [{ userId: 'string' }, 'point-get', 10, 60000],
    [{ metric: 'string', deviceId: 'string', ts: 'epochMs' }, 'time-range:metric+deviceId,sequential-writes', 30, 500000],
    [{ site: 'domain', path: 'string', ts: 'epochMs' }, 'prefix-scan:site', 5, 500],
    [{ orderId: 'long', customer: 'pii', ts: 'epochMs' }, 'point-get,latest-n:customer', 2, 10],
  ])('every suggestion for %j %s passes lint with no error, re-read from its create statement', (fields, access, servers, writes) => {
    for (const s of suggest(fields, access, servers, writes)) {
      expect(s.findings.filter((f) => f.severity === 'error')).toEqual([]);
      const create = fullCreate(s);
      if (create === undefined) continue;
      const subject = mergeSubjects([
        { tables: parseShellScript(create, 'suggested.hbase') },
        { keys: [keyDesign(s.template, parseAccess(access), fields)] },
        { workload: { servers, writesPerSec: writes } },
      ]);
      expect(lintSubject(subject).filter((f) => f.severity === 'error')).toEqual([]);
    }
  });

  it('rejects fields the access names but --fields lacks, and fields that are all times', () => {
    expect(errorOf(() => suggest({ ts: 'epochMs' }, 'latest-n:deviceId', 3)).code).toBe('SUGGEST_FIELD');
    expect(errorOf(() => suggest({ ts: 'epochMs' }, 'point-get', 3)).code).toBe('SUGGEST_NO_ENTITY');
  });

  it('sizes salt buckets as the next power of two at or above the servers, 8 to 256', () => {
    expect([1, 8, 9, 10, 16, 17, 200, 1000].map(saltBuckets)).toEqual([8, 8, 16, 16, 16, 32, 256, 256]);
  });
});

describe('design suggest pre-split: never past the 100000-region cap of splits and lifecycle', () => {
  it('5000 servers: 256 salt buckets keep 390 regions each (99840), not 391 each (100096)', () => {
    const list = suggest({ deviceId: 'string', ts: 'epochMs' }, 'latest-n:deviceId', 5000, 60000);
    const salted = list.find((s) => s.strategy === 'salted-composite');
    // 5000 x 20 = 100000 asked; ceil(100000 / 256) = 391 per bucket would be 100096 > 100000, floor(100000 / 256) = 390
    expect(salted?.presplit.regionsPerBucket).toBe(390);
    expect(salted?.presplit.regions).toBe(256 * 390);
    const points = salted?.presplit.splits.kind === 'points' ? salted.presplit.splits.points : [];
    expect(points).toHaveLength(256 * 390 - 1);
    // each bucket b >= 1 starts at its two hex digits and '_', after bucket b - 1's 389 inner cuts
    for (let b = 1; b < 256; b++) expect(points[390 * b - 1]).toBe(`${b.toString(16).padStart(2, '0')}_`);
    expect(points[0]?.startsWith('00_')).toBe(true);
    expect(points.at(-1)?.startsWith('ff_')).toBe(true);
    expect(salted?.presplit.note).toBe(
      '256 salt buckets x 391 regions each (5000 RegionServers x 20 regions, rounded up to whole buckets) is 100096 regions, more than the 100000 a pre-split may have ' +
        '(each region is a row in hbase:meta and an assignment the master makes): pre-split into 390 regions per bucket instead, 99840 in all, and let regions split as they grow',
    );
    // 100000 regions is the cap itself, not past it: the hash prefix keeps it and has no note
    const hashed = list.find((s) => s.strategy === 'hash-prefix');
    expect(hashed?.presplit.shell).toBe("{NUMREGIONS => 100000, SPLITALGO => 'HexStringSplit'}");
    expect(hashed?.presplit.note).toBeUndefined();
  });

  it('100000 servers: hash-prefix and sampled pre-splits ask for 100000 regions, not 2000000', () => {
    const list = suggest({ deviceId: 'string', ts: 'epochMs' }, 'latest-n:deviceId', 100_000, 60000);
    const hashed = list.find((s) => s.strategy === 'hash-prefix');
    expect(hashed?.presplit.regions).toBe(100_000);
    expect(hashed?.presplit.shell).toBe("{NUMREGIONS => 100000, SPLITALGO => 'HexStringSplit'}");
    expect(hashed?.presplit.targetRegions).toBe(2_000_000);
    expect(hashed?.presplit.note).toContain('100000 RegionServers x 20 regions each is 2000000 regions, more than the 100000 a pre-split may have');
    const sampled = list.find((s) => s.strategy === 'entity-first');
    expect(sampled?.presplit.shell).toBe("SPLITS_FILE => 'splits.txt'  (from sampled keys: hbase-hotspot splits --samples keys.txt --regions 100000)");
    // the salted key's best within the cap, 256 x floor(100000 / 256) = 99840 regions, leaves servers without a
    // region, which lint calls an error (PRESPLIT_NONE): that candidate is not proposed
    expect(list.map((s) => s.strategy)).toEqual(['entity-first', 'hash-prefix']);
  });

  it('the CLI prints the note and the capped count', async () => {
    const args = ['design', 'suggest', '--fields', 'deviceId:string,ts:epochMs', '--access', 'latest-n:deviceId', '--writes', '60000/s', '--servers', '5000'];
    const json = JSON.parse((await runCapture([...args, '--json'])).out) as { suggestions: { strategy: string; presplit: { regions: number | null; note: string | null } }[] };
    expect(json.suggestions.map((s) => [s.strategy, s.presplit.regions])).toEqual([['entity-first', null], ['salted-composite', 99840], ['hash-prefix', 100000]]);
    expect(json.suggestions.map((s) => s.presplit.note === null)).toEqual([true, false, true]);
    const text = (await runCapture(args)).out.split('\n');
    const note = text.findIndex((l) => l.startsWith('   note: 256 salt buckets x 391 regions each'));
    expect(text[note - 1]).toMatch(/^ {3}pre-split: 256 salt buckets x 390 regions each/);
    expect(text[note + 1]?.startsWith("   create 't', ")).toBe(true);
  });
});

describe('design suggest pre-split: a number after the salt is cut on bucket boundaries only', () => {
  /** `'01_'` ... up to bucket `buckets - 1`: each bucket's two hex digits and the separator. */
  const bucketStarts = (buckets: number): string[] => Array.from({ length: buckets - 1 }, (_, i) => `${(i + 1).toString(16).padStart(2, '0')}_`);

  it('a 19-digit sequence id: 16 regions on the bucket boundaries, not 13 per bucket cut at 0769230769230769230, ...', () => {
    const list = suggest({ orderId: 'sequence', ts: 'epochMs' }, 'latest-n:orderId', 10, 60000);
    const salted = list.find((s) => s.strategy === 'salted-composite');
    expect(salted?.template).toBe('{salt(orderId,16)}_{pad(orderId,19)}_{reverseTs(ts)}');
    expect(salted?.presplit.regionsPerBucket).toBe(1);
    expect(salted?.presplit.regions).toBe(16);
    const points = salted?.presplit.splits.kind === 'points' ? salted.presplit.splits.points : [];
    expect(points).toEqual(bucketStarts(16));
    expect([points[0], points.at(-1)]).toEqual(['01_', '0f_']);
    expect(salted?.presplit.shell).toBe(`SPLITS => [${bucketStarts(16).map((p) => `'${p}'`).join(', ')}]`);
    // 10 x 20 = 200 regions asked, ceil(200 / 16) = 13 per bucket: the count the sampled command is given
    expect(salted?.presplit.note).toBe(
      '"{pad(orderId,19)}", the part after the salt, is a number whose range is not known: even cuts over its 19 digits would leave ' +
        "all but one of each bucket's 13 regions empty (sequence ids fill only the low digits), so each bucket is one region; " +
        "to cut each into 13 where the ids lie, use sampled keys: hbase-hotspot splits --template '{salt(orderId,16)}_{pad(orderId,19)}_{reverseTs(ts)}' " +
        '--regions-per-bucket 13 --samples keys.txt',
    );
    // why: id 123456 of bucket b is b_0000000000000123456_..., below the first even cut b_0769230769230769230
    const key = new TextDecoder().decode(compileTemplate(salted?.template ?? '').encode({ orderId: 123456, ts: 0 }));
    expect(key.slice(3, 23)).toBe('0000000000000123456_');
  });

  it('a 10-digit int: 8 buckets of 1 region, the note naming 5 per bucket (2 servers x 20 / 8)', () => {
    const salted = suggest({ n: 'int' }, 'point-get', 2, 60000).find((s) => s.strategy === 'salted-composite');
    expect(salted?.template).toBe('{salt(n,8)}_{pad(n,10)}');
    expect(salted?.presplit.shell).toBe(`SPLITS => [${bucketStarts(8).map((p) => `'${p}'`).join(', ')}]`);
    expect(salted?.presplit.note).toContain('even cuts over its 10 digits would leave all but one of each bucket\'s 5 regions empty');
  });

  it('the CLI prints the note, and --simulate runs the bucket boundaries as proposed', async () => {
    const args = ['design', 'suggest', '--fields', 'orderId:sequence,ts:epochMs', '--access', 'latest-n:orderId', '--writes', '60000/s', '--servers', '10'];
    const lines = (await runCapture([...args, '--simulate', '--duration', '1h'])).out.split('\n');
    const at = lines.indexOf('2. {salt(orderId,16)}_{pad(orderId,19)}_{reverseTs(ts)}  (salted-composite, score 18)');
    expect(lines[at + 2]).toBe('   pre-split: 16 salt buckets x 1 region each, cut on bucket boundaries');
    expect(lines[at + 3]?.startsWith('   note: "{pad(orderId,19)}", the part after the salt, is a number whose range is not known')).toBe(true);
    expect(lines[at + 4]).toBe(`   create 't', ${SUGGESTED_FAMILY}, SPLITS => [${bucketStarts(16).map((p) => `'${p}'`).join(', ')}]`);
    expect(lines.slice(at).find((l) => l.startsWith('   simulated pre-split:'))).toBe('   simulated pre-split: the create statement above (16 regions)');
  });
});

describe('rubyQuote', () => {
  it.each([
    [[0x30, 0x31, 0x5f], "'01_'"],
    // otherwise the toStringBinary text in a double-quoted literal (Ruby source "0'" and "\\x00A"), which create's
    // Bytes.toBytesBinary reads back into the bytes
    [[0x30, 0x27], `"0'"`],
    [[0x00, 0x41], '"\\\\x00A"'],
    [[0x23, 0x7b, 0x5c, 0x22], '"\\#{\\\\x5C\\""'],
    [[0x41, 0xff], '"A\\\\xFF"'],
  ])('%j -> %s', (bytes, text) => {
    expect(rubyQuote(Uint8Array.from(bytes))).toBe(text);
  });

  it('round-trips through the shell reader and the key the shell makes of it', () => {
    // 0xFF written raw in a double-quoted literal would reach Bytes.toBytesBinary as U+FFFD and be written 0xFD
    const bytes = Uint8Array.from([0x00, 0x27, 0x23, 0x7b, 0x5c, 0x22, 0x41, 0xff]);
    const [t] = parseShellScript(`create 't', 'd', SPLITS => [${rubyQuote(bytes)}]`, 's.hbase');
    const point = t?.splits.kind === 'points' ? t.splits.points[0] : undefined;
    expect(shellSplitKey(point ?? '')).toEqual(bytes);
  });
});

describe('design suggest CLI', () => {
  it('prints JSON with the create statement', async () => {
    const run = await runCapture(['design', 'suggest', '--fields', 'deviceId:string,ts:epochMs', '--access', 'latest-n:deviceId', '--writes', '60000/s', '--servers', '10', '--table', 'events', '--json']);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.out) as { suggestions: { rank: number; template: string; create: string; presplit: { regions: number | null } }[] };
    expect(out.suggestions.map((s) => s.rank)).toEqual([1, 2, 3]);
    expect(out.suggestions[1]?.create).toBe(`create 'events', ${SUGGESTED_FAMILY}, {NUMREGIONS => 200, SPLITALGO => 'HexStringSplit'}`);
    expect(out.suggestions[2]?.presplit.regions).toBeNull();
  });

  it('prints ranked text with trade-offs; without a write load the plain id leads', async () => {
    const run = await runCapture(['design', 'suggest', '--fields', 'userId:string', '--access', 'point-get', '--servers', '4']);
    expect(run.out.split('\n').filter((l) => /^\d/.test(l))).toEqual([
      '1. {userId}  (entity-first, score 13)',
      '2. {md5(userId,8)}_{userId}  (hash-prefix, score 12)',
      '3. {salt(userId,8)}_{userId}  (salted-composite, score 11)',
    ]);
    expect(run.out).toContain('   trade-off: even spread for any id distribution');
  });

  it('asks for missing options', async () => {
    const run = await runCapture(['design', 'suggest', '--fields', 'userId:string', '--servers', '4']);
    expect(run.code).toBe(2);
    expect(run.err).toContain('design suggest needs --access');
  });
});

describe('design suggest with no candidate left', () => {
  it('says why the list is empty (text on stderr, `none` in the JSON) instead of printing nothing', async () => {
    const args = ['design', 'suggest', '--fields', 'status:category', '--access', 'prefix-scan:status', '--servers', '4'];
    const text = await runCapture(args);
    expect(text.out).toBe('');
    expect(text.err).toContain('no candidate key passed lint');
    const json = JSON.parse((await runCapture([...args, '--json'])).out) as { suggestions: unknown[]; none?: string };
    expect(json.suggestions).toEqual([]);
    expect(json.none).toContain('KEY_CATEGORY_FIRST');
  });
});
