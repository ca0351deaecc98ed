import { describe, expect, it } from 'vitest';
import { toStringBinary, utf8Bytes } from '../../src/bytes/index.js';
import { compileTemplate } from '../../src/keys/template/compile.js';
import type { KeyPart, PartAlphabet, RowkeyTemplate } from '../../src/keys/types.js';
import { checkSaltRegionTotal, evenCutCaveat, saltSampleSplitPoints, saltSplitPoints } from '../../src/regions/salt-splits.js';

const show = (keys: Uint8Array[]) => keys.map((k) => toStringBinary(k));

function part(kind: KeyPart['kind'], source: string, position: number, extra: Partial<KeyPart> & { alphabet: PartAlphabet }): KeyPart {
  return { kind, source, position, inputs: [], fixedWidth: undefined, buckets: undefined, order: 'none', encode: () => utf8Bytes(source), ...extra };
}
/**
 * A hand-built template: a literal, a one-byte binary salt of 3 buckets (like Phoenix's), then a field of 4 decimal
 * digits (not a number part, which is not cut evenly).
 */
const handBuilt: RowkeyTemplate = {
  source: 't:{phoenixSalt(3)}{n}',
  parts: [
    part('literal', 't:', 0, { alphabet: 'text', fixedWidth: 2 }),
    part('phoenixSalt', '{phoenixSalt(3)}', 2, { alphabet: 'binary', fixedWidth: 1, buckets: 3, bucketBytes: (b) => Uint8Array.of(b) }),
    part('field', '{n}', 18, { alphabet: 'decimal', fixedWidth: 4 }),
  ],
  fields: ['n'],
  decodable: false,
  decodeWarnings: [],
  encode: () => new Uint8Array(0),
  decode: () => ({}),
};

describe('saltSplitPoints', () => {
  it('gives one boundary per bucket, after the literal prefix, for a hand-built template', () => {
    expect(show(saltSplitPoints(handBuilt))).toEqual(['t:\\x01', 't:\\x02']);
  });

  it('cuts each bucket on the next decimal part: (9999 - 0 + 1) / 4 = 2500, with the caveat that says so', () => {
    expect(show(saltSplitPoints(handBuilt, { regionsPerBucket: 4 }))).toEqual([
      't:\\x002500', 't:\\x005000', 't:\\x007500',
      't:\\x01', 't:\\x012500', 't:\\x015000', 't:\\x017500',
      't:\\x02', 't:\\x022500', 't:\\x025000', 't:\\x027500',
    ]);
    expect(evenCutCaveat(handBuilt, 4)).toBe(
      'each salt bucket is cut evenly into 4 regions over "{n}" at template position 18, as if its values were spread over every ' +
        'value of its 4 digits; values that share their first digits all land in one region of each bucket: add --samples keys.txt ' +
        '(sampled rowkeys) to cut each bucket where its keys lie',
    );
  });

  it('works through compileTemplate: %02x salts with the separator, as the playbook writes them', () => {
    const t = compileTemplate('{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}');
    expect(show(saltSplitPoints(t))).toEqual(['01_', '02_', '03_', '04_', '05_', '06_', '07_', '08_', '09_', '0a_', '0b_', '0c_', '0d_', '0e_', '0f_']);
    const bucketed = compileTemplate('{bucket(id,3)}_{id}');
    expect(show(saltSplitPoints(bucketed))).toEqual(['0001_', '0002_']);
  });

  it('cuts text parts over printable ASCII (0x20..0x7E: 95 values, step 95/2 -> 47 = 0x2F, so 0x20 + 0x2F = "O")', () => {
    const t = compileTemplate('{salt(id,2)}{id}');
    expect(show(saltSplitPoints(t, { regionsPerBucket: 2 }))).toEqual(['00O', '01', '01O']);
  });

  it('cuts hex parts like HexStringSplit over the part width', () => {
    const t = compileTemplate('{salt(id,2)}_{md5(id,4)}');
    expect(show(saltSplitPoints(t, { regionsPerBucket: 4 }))).toEqual(['00_4000', '00_8000', '00_c000', '01_', '01_4000', '01_8000', '01_c000']);
  });

  it('refuses keys that do not start with a salt, naming the part', () => {
    const idFirst = compileTemplate('{id}_{salt(id,4)}');
    expect(() => saltSplitPoints(idFirst)).toThrow(`part "{id}" at template position ${idFirst.parts[0]?.position} is not a salt`);
    expect(() => saltSplitPoints(compileTemplate('{id}'))).toThrow(expect.objectContaining({ code: 'SPLIT_TEMPLATE_NO_SALT' }));
  });

  it('refuses bad per-bucket counts and a salt with nothing after it', () => {
    const t = compileTemplate('{salt(id,4)}_{id}');
    for (const k of [0, -1, 1.5]) expect(() => saltSplitPoints(t, { regionsPerBucket: k })).toThrow(expect.objectContaining({ code: 'SPLIT_REGIONS_INVALID' }));
    expect(() => saltSplitPoints(compileTemplate('{salt(id,4)}'), { regionsPerBucket: 2 })).toThrow(/no key part after the salt/);
    expect(saltSplitPoints(compileTemplate('{salt(id,4)}'))).toHaveLength(3);
    expect(() => saltSplitPoints(handBuilt, { regionsPerBucket: 10_001 })).toThrow(expect.objectContaining({ code: 'SPLIT_TOO_MANY_REGIONS' }));
  });
});

describe('saltSplitPoints over a time part', () => {
  it('refuses to cut buckets evenly over reverseTs or date, naming the part and its position', () => {
    // Long.MAX_VALUE - 253402300800000 (9999-12-31T24:00Z) = 9223118634553975807: every reverseTs of a real date is
    // above both decimal cuts of 3 regions (3333333333333333333, 6666666666666666666), so one region per bucket holds it all.
    const reversed = compileTemplate('{salt(id,4)}_{reverseTs(ts)}');
    expect(() => saltSplitPoints(reversed, { regionsPerBucket: 3 })).toThrow(
      expect.objectContaining({ code: 'SPLIT_REGIONS_INVALID', message: expect.stringContaining('"{reverseTs(ts)}" at template position 13, is a time') }),
    );
    // A yyyyMMdd date is below 33333333 until the year 3333.
    const dated = compileTemplate('{salt(id,4)}{date(ts,"yyyyMMdd")}_{id}');
    expect(() => saltSplitPoints(dated, { regionsPerBucket: 3 })).toThrow(/"\{date\(ts,"yyyyMMdd"\)\}" at template position 12, is a time/);
  });

  it('still gives one region per bucket, and cuts a part that is not a time', () => {
    expect(show(saltSplitPoints(compileTemplate('{salt(id,4)}_{reverseTs(ts)}')))).toEqual(['01_', '02_', '03_']);
    // md5(id,2): 256 values 00..ff, step 256 / 2 = 128 = 0x80.
    expect(show(saltSplitPoints(compileTemplate('{salt(id,2)}{md5(id,2)}_{reverseTs(ts)}'), { regionsPerBucket: 2 }))).toEqual(['0080', '01', '0180']);
  });
});

describe('saltSplitPoints over a number part', () => {
  it('refuses even cuts over a number whose range the template does not give, naming the part and --samples', () => {
    // {pad(id,19)} cut in 2 would split at 5000000000000000000, far above sequence ids: every key in the first region.
    const padded = compileTemplate('{salt(id,4)}_{pad(id,19)}');
    expect(() => saltSplitPoints(padded, { regionsPerBucket: 2 })).toThrow(
      expect.objectContaining({
        code: 'SPLIT_REGIONS_INVALID',
        message: '--regions-per-bucket 2: the part after the salt, "{pad(id,19)}" at template position 13, is a number whose range the ' +
          'template does not give: even cuts would treat its values as spread over all of its 19 digits, but ids fill a narrow slice ' +
          "of it (sequence ids only the low digits), so a bucket's keys would all land in one of its 2 regions: add --samples " +
          'keys.txt (sampled rowkeys) to cut each bucket where its keys lie, or use more salt buckets with 1 region each',
      }),
    );
    // {long(id)}: 8 bytes big-endian, cut in 2 at \x80, above every id below 2^63.
    expect(() => saltSplitPoints(compileTemplate('{salt(id,2)}{long(id)}'), { regionsPerBucket: 2 })).toThrow(/"\{long\(id\)\}" at template position 12, is a number .* all of its 8 bytes, .*only the low bytes/);
    // one region per bucket cuts nothing inside a bucket: still the bucket boundaries
    expect(show(saltSplitPoints(padded))).toEqual(['01_', '02_', '03_']);
    expect(evenCutCaveat(padded, 2)).toBeUndefined();
  });

  it('cuts a number part at sampled keys', () => {
    // ids 1..4 in bucket 00, 5..8 in bucket 01: the median of each falls between its 2nd and 3rd id.
    const id = (bucket: string, n: number) => utf8Bytes(`${bucket}_${String(n).padStart(19, '0')}`);
    const samples = [1, 2, 3, 4].map((n) => ({ key: id('00', n), weight: 1 })).concat([5, 6, 7, 8].map((n) => ({ key: id('01', n), weight: 1 })));
    const cut = saltSampleSplitPoints(compileTemplate('{salt(id,2)}_{pad(id,19)}'), 2, samples);
    expect(show(cut.splits)).toEqual(['00_0000000000000000003', '01_', '01_0000000000000000007']);
  });
});

describe('evenCutCaveat', () => {
  it('names the part and the alphabet even cuts assume for a text part; nothing for a digest or 1 region per bucket', () => {
    const t = compileTemplate('{salt(id,2)}_{id}');
    expect(evenCutCaveat(t, 3)).toBe(
      'each salt bucket is cut evenly into 3 regions over "{id}" at template position 13, as if its values were spread over every ' +
        'printable ASCII character (space to ~) in its first place; values that share their first characters (user-1, user-2, ...) ' +
        'all land in one region of each bucket: add --samples keys.txt (sampled rowkeys) to cut each bucket where its keys lie',
    );
    expect(evenCutCaveat(t, 1)).toBeUndefined();
    expect(evenCutCaveat(compileTemplate('{salt(id,2)}_{md5(id,4)}'), 4)).toBeUndefined();
    expect(() => evenCutCaveat(compileTemplate('{id}'), 2)).toThrow(expect.objectContaining({ code: 'SPLIT_TEMPLATE_NO_SALT' }));
  });
});

describe('saltSplitPoints region counts', () => {
  it('names --regions-per-bucket and the part when the part has fewer values than k', () => {
    // pad(n,2) writes 10^2 = 100 values (cut evenly only in a bucket short of samples); md5(id,1) writes 16.
    expect(() => saltSampleSplitPoints(compileTemplate('{salt(id,2)}{pad(n,2)}'), 101, [])).toThrow(
      expect.objectContaining({ code: 'SPLIT_TOO_MANY_REGIONS', message: expect.stringMatching(/^--regions-per-bucket 101 is more than the 100 values of "\{pad\(n,2\)\}" at template position 12 /) }),
    );
    expect(() => saltSplitPoints(compileTemplate('{salt(id,2)}_{md5(id,1)}'), { regionsPerBucket: 17 })).toThrow(/more than the 16 values of "\{md5\(id,1\)\}"/);
    expect(saltSplitPoints(compileTemplate('{salt(id,2)}_{md5(id,1)}'), { regionsPerBucket: 16 })).toHaveLength(2 * 16 - 1);
  });

  it('checkSaltRegionTotal refuses more than 100000 regions in all, as --regions does', () => {
    // 1000 buckets x 101 regions = 101000 > 100000; 1000 x 100 = 100000 is allowed.
    expect(() => checkSaltRegionTotal(compileTemplate('{salt(id,1000)}_{id}'), 101)).toThrow(
      expect.objectContaining({ code: 'SPLIT_REGIONS_INVALID', message: expect.stringContaining('--regions-per-bucket 101: 1000 buckets of "{salt(id,1000)}" x 101 regions each is 101000 regions') }),
    );
    expect(() => checkSaltRegionTotal(compileTemplate('{salt(id,1000)}_{id}'), 100)).not.toThrow();
    expect(saltSplitPoints(compileTemplate('{salt(id,1000)}_{id}'), { regionsPerBucket: 100 })).toHaveLength(99_999);
    expect(() => checkSaltRegionTotal(compileTemplate('{bucket(id,100001)}_{id}'), 1)).toThrow(/^template "\{bucket\(id,100001\)\}_\{id\}": 100001 buckets/);
    expect(() => checkSaltRegionTotal(compileTemplate('{id}'), 1)).toThrow(expect.objectContaining({ code: 'SPLIT_TEMPLATE_NO_SALT' }));
  });
});

describe('saltSampleSplitPoints', () => {
  const t = compileTemplate('{salt(id,2)}_{id}');
  const w = (key: string, weight = 1) => ({ key: utf8Bytes(key), weight });

  it('cuts a bucket at the median of its samples and a bucket without enough samples evenly, saying so', () => {
    // Bucket 00_: a, b, c, d weigh 1 each, half the weight is below the cut between 00_b and 00_c; the shortest key
    // separating them is 00_c. Bucket 01_: one distinct key, so the even text cut "O" (see above) and a note.
    const r = saltSampleSplitPoints(t, 2, [w('00_d'), w('00_a'), w('01_x'), w('00_c'), w('00_b'), w('01_x')]);
    expect(show(r.splits)).toEqual(['00_c', '01_', '01_O']);
    expect(r.bucketShares).toEqual([[0.5, 0.5], null]);
    expect(r.notes).toEqual(['bucket 1: 1 distinct sampled key for 2 regions; cut evenly over the next key part instead']);
  });

  it('follows the weights: one heavy key gets a region of its own', () => {
    // 00_a weighs 6 of 9: the cut between a and b leaves 6/9 below, the closest of the candidates to 4.5.
    const r = saltSampleSplitPoints(t, 2, [w('00_a', 6), w('00_b'), w('00_c'), w('00_d'), w('01_p'), w('01_q')]);
    expect(show(r.splits)).toEqual(['00_b', '01_', '01_q']);
    expect(r.bucketShares[0]).toEqual([6 / 9, 3 / 9]);
  });

  it('gives even regions on a narrow id space where the alphabet cut puts every key in one region', () => {
    const keys = Array.from({ length: 400 }, (_, i) => `sensor-${String(i).padStart(6, '0')}`);
    const samples = keys.map((id) => ({ key: t.encode({ id }), weight: 1 }));
    const even = saltSplitPoints(t, { regionsPerBucket: 4 });
    const inRegion = (splits: Uint8Array[]) => {
      const counts = new Array(splits.length + 1).fill(0) as number[];
      for (const s of samples) {
        const region = splits.filter((p) => Buffer.compare(Buffer.from(p), Buffer.from(s.key)) <= 0).length;
        counts[region] = (counts[region] ?? 0) + 1;
      }
      return counts;
    };
    // Over printable ASCII the cuts are 7, N, e: every "sensor-..." sorts after "e", so one region in four per bucket.
    expect(inRegion(even).filter((n) => n > 0)).toHaveLength(2);
    const sampled = saltSampleSplitPoints(t, 4, samples);
    const counts = inRegion(sampled.splits);
    expect(counts).toHaveLength(8);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(2);
    expect(sampled.notes).toEqual([]);
  });

  it('leaves out keys that start with no bucket, past the last one too, and says how many', () => {
    // Bucket 01_ holds 01_a, 01_b, 01_c, 01_d: its median cut is 01_c. 02_x and 03_y (keys of a 4-bucket salt) and
    // 00x (no separator) start with no bucket of 2. Before, the last bucket took every key from 01_ on, 02_x and 03_y
    // included, and cut at 01_d.
    const r = saltSampleSplitPoints(t, 2, [w('00_a'), w('00_b'), w('00x'), w('01_a'), w('01_b'), w('01_c'), w('01_d'), w('02_x'), w('03_y')]);
    expect(show(r.splits)).toEqual(['00_b', '01_', '01_c']);
    expect(r.bucketShares).toEqual([[0.5, 0.5], [0.5, 0.5]]);
    expect(r.notes).toEqual(['3 of 9 sampled keys start with no bucket of "{salt(id,2)}_{id}" ("00_" to "01_") and were left out: were they written with this template?']);
  });

  it('refuses fewer than 2 regions per bucket', () => {
    expect(() => saltSampleSplitPoints(t, 1, [w('00_a')])).toThrow(expect.objectContaining({ code: 'SPLIT_REGIONS_INVALID' }));
  });
});
