/**
 * The settings health thresholds read from an `hbase-site.xml`: `hbase.hregion.memstore.flush.size` and
 * `hbase.hstore.blockingStoreFiles`, each falling back to HBase's default when the file does not set it.
 *
 * @module
 */
import { parseSiteXml, readHadoopLong } from '../lint/site/site-xml.js';
import { HotspotError } from '../util/errors.js';
import { HBASE_DEFAULT_SETTINGS, type HealthSettings, type SettingValue } from './evaluate.js';

/**
 * The settings of a site file.
 * @param file - its name, for messages and the settings' `from`.
 * @throws {@link HotspotError} the site parser's `LINT_XML_SYNTAX`, `LINT_SITE_SHAPE`, `LINT_SITE_VALUE`; and
 *   `HEALTH_SITE_VALUE` (file:line:column) for a flush size of 0 or a `hbase.hstore.blockingStoreFiles` that is not
 *   a whole number ≥ 1.
 */
export function healthSettingsFromSite(text: string, file: string): HealthSettings {
  const properties = parseSiteXml(text, file);
  const setting = (name: string, fallback: SettingValue): SettingValue => {
    const p = properties.filter((q) => q.name === name).pop();
    if (p === undefined) return { value: fallback.value, from: `hbase-default.xml (${file} does not set ${name})` };
    // Configuration.getLong / getInt: decimal digits, or hex after 0x
    const n = readHadoopLong(p.value);
    if (n === undefined || n < 1) {
      throw new HotspotError('HEALTH_SITE_VALUE', `${name} = '${p.value}' is not a whole number ≥ 1`, { file, line: p.place.line, column: p.place.column });
    }
    return { value: n, from: `${file}:${p.place.line}` };
  };
  return {
    flushSizeBytes: setting('hbase.hregion.memstore.flush.size', HBASE_DEFAULT_SETTINGS.flushSizeBytes),
    blockingStoreFiles: setting('hbase.hstore.blockingStoreFiles', HBASE_DEFAULT_SETTINGS.blockingStoreFiles),
  };
}
