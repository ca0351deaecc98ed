import { describe, expect, it } from 'vitest';
import { parseSiteXml, readSiteXmlEntries, readStorageBytes } from '../../src/lint/site/site-xml.js';
import { mergeSubjects } from '../../src/lint/load.js';
import type { HotspotError } from '../../src/util/errors.js';
import { errorOf as errorOfRun, fixture } from './helpers.js';
import { lintSubject } from '../../src/lint/run.js';
import { subject } from './subjects.js';

const errorOf = (text: string): HotspotError => errorOfRun(() => parseSiteXml(text, 'site.xml'));

/**
 * a.xml: block cache 0.3, then marked final without a value, then 0.6 (ignored); memstore marked final without a value.
 * b.xml: memstore 0.6, ignored.
 */
const LOCKED_FIRST = [
  '<configuration>',
  '  <property><name>hfile.block.cache.size</name><value>0.3</value></property>',
  '  <property><name>hfile.block.cache.size</name><value></value><final>true</final></property>',
  '  <property><name>hfile.block.cache.size</name><value>0.6</value></property>',
  '  <property name="hbase.regionserver.global.memstore.size" final="true"/>',
  '</configuration>',
].join('\n');
const LOCKED_SECOND = '<configuration><property><name>hbase.regionserver.global.memstore.size</name><value>0.6</value></property></configuration>';

describe('parseSiteXml', () => {
  it('reads properties with the place of their value', () => {
    const props = parseSiteXml(fixture('ttl-site.xml'), 'ttl-site.xml');
    expect(props).toEqual([
      { name: 'hbase.hstore.compaction.min', value: '3', place: { file: 'ttl-site.xml', line: 6, column: 5 }, number: 3 },
      { name: 'hbase.hregion.majorcompaction', value: '86400000', place: { file: 'ttl-site.xml', line: 10, column: 5 }, number: 86_400_000 },
    ]);
  });

  it('resolves entities, CDATA and comments inside values', () => {
    const props = parseSiteXml(
      '<configuration><property><name>a&amp;b</name><value><![CDATA[x<y]]><!-- c -->&#65;&#x42;</value></property></configuration>',
      's.xml',
    );
    expect(props.map((p) => [p.name, p.value])).toEqual([['a&b', 'x<yAB']]);
  });

  it('keeps a final property against later ones of its name, unchecked, as Hadoop Configuration does', () => {
    const text = [
      '<configuration>',
      '  <property><name>hfile.block.cache.size</name><value>0.4</value><final>true</final></property>',
      '  <property><name>hfile.block.cache.size</name><value>0.5</value></property>',
      '  <property><name>hfile.block.cache.size</name><value>40%</value></property>',
      '  <property><name>hbase.hregion.majorcompaction</name><value>0</value><final> true </final></property>',
      '  <property><name>hbase.hregion.majorcompaction</name><value>86400000</value></property>',
      '</configuration>',
    ].join('\n');
    // only the exact text "true" marks a property final (Configuration.Parser: "true".equals(token))
    expect(parseSiteXml(text, 's.xml').map((p) => [p.name, p.value, p.place.line, p.final ?? false])).toEqual([
      ['hfile.block.cache.size', '0.4', 2, true],
      ['hbase.hregion.majorcompaction', '0', 5, false],
      ['hbase.hregion.majorcompaction', '86400000', 6, false],
    ]);
  });

  it('notes each property a final one keeps out (SITE_FINAL_IGNORED), with the value that stays', () => {
    const text = [
      '<configuration>',
      '  <property><name>hfile.block.cache.size</name><value>0.4</value><final>true</final></property>',
      '  <property><name>hfile.block.cache.size</name><value>0.5</value></property>',
      '  <property><name>hfile.block.cache.size</name><value>40%</value></property>',
      '</configuration>',
    ].join('\n');
    const merged = mergeSubjects([{ site: readSiteXmlEntries(text, 's.xml') }]);
    expect(merged.siteIgnored?.map((p) => [p.value, p.place.line])).toEqual([['0.5', 3], ['40%', 4]]);
    // each <value> is at column 48: 2 spaces, <property> 10, <name> 6, the name 22 and </name> 7 characters before it
    expect(lintSubject(merged).map((f) => [f.code, f.severity, f.location, f.message])).toEqual([
      ['SITE_FINAL_IGNORED', 'info', 's.xml:3:48', "hfile.block.cache.size = '0.5' is ignored: s.xml:2 marks it final with '0.4', which stays"],
      ['SITE_FINAL_IGNORED', 'info', 's.xml:4:48', "hfile.block.cache.size = '40%' is ignored: s.xml:2 marks it final with '0.4', which stays"],
    ]);
    // a final mark without a value: the name keeps an earlier value, or HBase's default
    const locked = mergeSubjects([{ site: readSiteXmlEntries(LOCKED_FIRST, 'a.xml') }, { site: readSiteXmlEntries(LOCKED_SECOND, 'b.xml') }]);
    // b.xml's <value> at column 78: <configuration> 15, <property> 10, <name> 6, the name 39, </name> 7
    expect(lintSubject(locked).map((f) => [f.code, f.location, f.message])).toEqual([
      ['SITE_FINAL_IGNORED', 'a.xml:4:48', "hfile.block.cache.size = '0.6' is ignored: an earlier property marks it final without a value, so it keeps '0.3' (a.xml:2)"],
      ['SITE_FINAL_IGNORED', 'b.xml:1:78', "hbase.regionserver.global.memstore.size = '0.6' is ignored: an earlier property marks it final without a value, so it keeps HBase's default"],
    ]);
  });

  it('reads the short form <property name="..." value="..."/> that Hadoop Configuration reads', () => {
    const text = [
      '<configuration>',
      '  <property name="hfile.block.cache.size" value="0.5"/>',
      '  <property name="hbase.regionserver.global.memstore.size" value="0.4" final="true"></property>',
      "  <property name='hbase.regionserver.global.memstore.size' value='0.45'/>",
      '  <property name="hbase.hregion.majorcompaction" value="604800000"><value>0</value></property>',
      '</configuration>',
    ].join('\n');
    expect(parseSiteXml(text, 's.xml')).toEqual([
      { name: 'hfile.block.cache.size', value: '0.5', place: { file: 's.xml', line: 2, column: 3 }, number: 0.5 },
      { name: 'hbase.regionserver.global.memstore.size', value: '0.4', place: { file: 's.xml', line: 3, column: 3 }, final: true, number: Math.fround(0.4) },
      { name: 'hbase.hregion.majorcompaction', value: '0', place: { file: 's.xml', line: 5, column: 68 }, number: 0 },
    ]);
    // an attribute value is checked like an element's, at the <property>
    const err = errorOf('<configuration>\n <property name="hfile.block.cache.size" value="40%"/>\n</configuration>');
    expect([err.code, err.where, err.message]).toEqual(['LINT_SITE_VALUE', { file: 'site.xml', line: 2, column: 2 }, "site.xml:2:2: hfile.block.cache.size = '40%' is not a heap fraction between 0 and 1 (e.g. 0.4)"]);
  });

  it('leaves out a property with an empty value, which Hadoop Configuration leaves unset', () => {
    const text = [
      '<configuration>',
      '  <property><name>hbase.hregion.majorcompaction</name><value>0</value></property>',
      '  <property><name>hbase.hregion.majorcompaction</name><value></value></property>',
      '  <property><name>hfile.block.cache.size</name><value/></property>',
      '  <property><name>hbase.regionserver.global.memstore.size</name></property>',
      '</configuration>',
    ].join('\n');
    // the empty majorcompaction does not replace 0; the others (one with no value at all) stay at HBase's defaults
    expect(parseSiteXml(text, 's.xml')).toEqual([{ name: 'hbase.hregion.majorcompaction', value: '0', place: { file: 's.xml', line: 2, column: 55 }, number: 0 }]);
    // a value="" attribute is a value, the empty string (Configuration.Parser takes attribute values as they are),
    // which getFloat cannot read: HBase fails to start, so lint refuses it
    const attr = errorOf('<configuration>\n <property name="hfile.block.cache.size" value=""/>\n</configuration>');
    expect([attr.code, attr.where]).toEqual(['LINT_SITE_VALUE', { file: 'site.xml', line: 2, column: 2 }]);
    // blanks are a value: Configuration.getLong trims them to '' and fails, so lint refuses them
    const err = errorOf('<configuration><property><name>hbase.hregion.majorcompaction</name><value> </value></property></configuration>');
    expect([err.code, err.where]).toEqual(['LINT_SITE_VALUE', { file: 'site.xml', line: 1, column: 68 }]);
  });

  it('keeps later properties out of a name marked final without a value, in the same file and in later files', () => {
    // Configuration.loadProperty records the final flag whatever the value: the name keeps what it had (0.3 here, or
    // HBase's default) and a later 0.6 is ignored
    expect(parseSiteXml(LOCKED_FIRST, 'a.xml').map((p) => [p.name, p.value, p.place.line])).toEqual([['hfile.block.cache.size', '0.3', 2]]);
    const merged = mergeSubjects([{ site: readSiteXmlEntries(LOCKED_FIRST, 'a.xml') }, { site: readSiteXmlEntries(LOCKED_SECOND, 'b.xml') }]);
    // memstore stays at its default (0.4), not b.xml's 0.6: 0.3 + 0.4 is within 80% of the heap, so no finding
    expect(merged.site.map((p) => [p.name, p.value, p.place.file])).toEqual([['hfile.block.cache.size', '0.3', 'a.xml']]);
    expect(lintSubject(subject({ site: merged.site })).map((f) => f.code)).toEqual([]);
  });

  it('reads numbers as Hadoop Configuration does: getFloat takes 0.4f, getLong takes 0x10 but not 1.0 or 1e3', () => {
    // Values from Java 17: Float.parseFloat("0.4f") = 0.4f, Float.parseFloat("0x1.8p-1") = 0.75, Long.parseLong of
    // the hex digits after 0x; Long.parseLong("1.0") and ("1e3") and Float.parseFloat("0x10") throw NumberFormatException.
    const props = (pairs: Record<string, string>) =>
      parseSiteXml(`<configuration>${Object.entries(pairs).map(([n, v]) => `<property><name>${n}</name><value>${v}</value></property>`).join('')}</configuration>`, 'site.xml');
    expect(props({ 'hfile.block.cache.size': '0.4f', 'hbase.regionserver.global.memstore.size': '0x1.8p-2', 'hbase.hregion.majorcompaction': '0x10', 'hbase.hregion.max.filesize': '+5' }).map((p) => [p.value, p.number])).toEqual([
      ['0.4f', Math.fround(0.4)],
      ['0x1.8p-2', 0.375],
      ['0x10', 16],
      ['+5', 5],
    ]);
    for (const [name, value] of [['hbase.hregion.majorcompaction', '1.0'], ['hbase.hregion.memstore.flush.size', '1e3'], ['hbase.bucketcache.size', '0x10']] as const) {
      expect(errorOf(`<configuration><property><name>${name}</name><value>${value}</value></property></configuration>`).code).toBe('LINT_SITE_VALUE');
    }
    // the heap check reads 0.45f as 0.45: 45% + 40% = 85%, over HBase's 80%
    const s = subject({ site: props({ 'hfile.block.cache.size': '0.45f', 'hbase.regionserver.global.memstore.size': '0.4' }) });
    expect(lintSubject(s).map((f) => f.message)).toEqual(['block cache 0.45f + global memstore 0.4 take 85% of the heap (limit 80%)']);
  });

  it('reads HBase 2.6 heap sizes as MemorySizeUtil does: Long.parseLong, else StorageSize (a number then a unit, powers of 1024)', () => {
    // 10g = 10 × 1024^3; 512mb = 512 × 1024^2; 1.5g = 1.5 × 1024^3; "2 kilobytes": the long name, then the blank parsed
    // away as Double.parseDouble does; 100b: bytes. 10.5 (no unit) and 10x throw in HBase: refused.
    expect(readStorageBytes('10737418240')).toBe(10737418240);
    expect(readStorageBytes('10g')).toBe(10737418240);
    expect(readStorageBytes('10GB')).toBe(10737418240);
    expect(readStorageBytes('512mb')).toBe(536870912);
    expect(readStorageBytes('1.5g')).toBe(1610612736);
    expect(readStorageBytes('2 kilobytes')).toBe(2048);
    expect(readStorageBytes('100b')).toBe(100);
    expect(readStorageBytes('-1')).toBe(-1);
    for (const bad of ['10.5', '10x', 'g', '0x10', 'ten gb']) expect(readStorageBytes(bad)).toBeUndefined();
    const e = errorOf('<configuration>\n<property><name>hfile.block.cache.memory.size</name><value>10x</value></property></configuration>');
    expect([e.code, e.message]).toEqual([
      'LINT_SITE_VALUE', "site.xml:2:53: hfile.block.cache.memory.size = '10x' is not a size HBase reads: bytes (10737418240) or a number and unit (10g, 512mb)",
    ]);
  });

  it.each([
    ['<configuration>\n  <property>\n    <name>x</name>\n  </property>\n', 1, 1, 'LINT_XML_SYNTAX', '<configuration> is never closed'],
    ['<configuration>\n<property><name>x</nam></property>\n</configuration>', 2, 18, 'LINT_XML_SYNTAX', 'does not match <name>'],
    ['<configuration>\n<!-- open\n', 2, 1, 'LINT_XML_SYNTAX', 'unterminated comment'],
    ['<configuration><property><name>a & b</name><value>1</value></property></configuration>', 1, 34, 'LINT_XML_SYNTAX', "'&' must start an entity"],
    ['oops<configuration/>', 1, 1, 'LINT_XML_SYNTAX', 'text outside the root'],
    ['<configuration/><configuration/>', 1, 17, 'LINT_XML_SYNTAX', 'second root'],
    ['  ', 1, 1, 'LINT_XML_SYNTAX', 'no root element'],
    ['<config/>', 1, 1, 'LINT_SITE_SHAPE', 'needs <configuration>'],
    ['<configuration>\n <property><value>1</value></property></configuration>', 2, 2, 'LINT_SITE_SHAPE', 'without a <name>'],
    ['<configuration><include/></configuration>', 1, 16, 'LINT_SITE_SHAPE', 'unexpected <include>'],
    ['<configuration><property><name>hfile.block.cache.size</name><value>40%</value></property></configuration>', 1, 61, 'LINT_SITE_VALUE', 'heap fraction'],
    ['<configuration><property><name>hbase.hregion.majorcompaction</name><value>7d</value></property></configuration>', 1, 68, 'LINT_SITE_VALUE', 'whole non-negative'],
  ])('rejects %j at %i:%i', (text, line, column, code, words) => {
    const err = errorOf(text);
    expect(err.code).toBe(code);
    expect(err.where).toEqual({ file: 'site.xml', line, column });
    expect(err.message).toContain(words);
  });
});
