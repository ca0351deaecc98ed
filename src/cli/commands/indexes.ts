/**
 * `hbase-hotspot index check --table T --index NAME [--indexes FILE] (--rest URL | --zk QUORUM [--zk-znode Z] |
 * --hbase-conf DIR) [--json] [--samples N] [--repair [--yes] [--min-age 60s]] [--family F]`: compares a main table with one index table (Phoenix
 * `IndexTool -v ONLY`), and with `--repair` plans the fixes, or makes them with `--yes`, each by a check-and-mutate
 * conditioned on what was read (`src/index-tables/check.ts`). Exit 1 when orphans or missing entries are found and not
 * repaired, or main rows share a value of a unique index.
 */
import type { Command } from 'commander';
import { nativeTableClient } from '../../hbase/native/table-client.js';
import { createRestClient } from '../../hbase/rest/index.js';
import { checkIndex, type IndexCheckClient, type IndexCheckReport, missingMainTable, readTableSchema, renderIndexCheck } from '../../index-tables/check.js';
import { compileIndex, decodeIndexMetadata, type IndexDefinition, INDEX_METADATA_KEY, parseIndexDefinitions } from '../../index-tables/index.js';
import { isLegalTableName, plainTableName } from '../../regions/index.js';
import { parseDurationMs } from '../../util/duration.js';
import { HotspotError } from '../../util/errors.js';
import { EXIT_FINDING } from '../exit.js';
import { type CliIo, printJson } from '../io.js';
import { checkUrl, type LiveFlags, nativeOptions, refuseOtherSources, wantsNative, withNativeCatalog } from '../live-source.js';
import type { CliCommand } from '../program.js';
import { readTextFile } from '../read-text.js';
import { parseCount } from './lint.js';

interface IndexCheckFlags extends LiveFlags {
  table: string;
  index: string;
  indexes?: string;
  json?: boolean;
  samples: string;
  repair?: boolean;
  yes?: boolean;
  minAge: string;
  family?: string;
}

/**
 * The definition of index `name` on `table`: from `file` when given, else from the table's descriptor `METADATA`.
 * @throws HotspotError `INDEX_NOT_FOUND` naming where it looked and the indexes found there; the parse codes;
 *   `SOURCE_TABLE_NOT_FOUND` when the definition is read from a main table that does not exist.
 */
async function findDefinition(client: IndexCheckClient, table: string, name: string, file: string | undefined): Promise<IndexDefinition> {
  let found: IndexDefinition[];
  let where: string;
  if (file !== undefined) {
    found = parseIndexDefinitions(await readTextFile(file, 'index file'), file).filter((d) => d.table === table);
    where = file;
  } else {
    const value = (await readTableSchema(client, table, missingMainTable(table))).attributes[INDEX_METADATA_KEY];
    where = `METADATA ${INDEX_METADATA_KEY} of ${table}`;
    if (value === undefined) throw new HotspotError('INDEX_NOT_FOUND', `table ${table} has no ${INDEX_METADATA_KEY} in its descriptor METADATA; give the definitions with --indexes FILE`, { field: '--indexes' });
    found = decodeIndexMetadata(table, value);
  }
  const def = found.find((d) => d.name === name);
  if (!def) throw new HotspotError('INDEX_NOT_FOUND', `${where} defines no index ${JSON.stringify(name)} on ${table}; it defines ${found.map((d) => d.name).join(', ') || 'none'}`, { field: '--index' });
  return def;
}

/** Index names as index definitions allow them (`definition.ts`). */
const INDEX_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/**
 * Refuses a `--table` that is not a legal HBase table name (`TableName.isLegalFullyQualifiedTableName`) and an
 * `--index` that is not a legal index name, before anything is read.
 * @throws HotspotError `INDEX_OPTION_INVALID` naming the option.
 */
function checkNames(table: string, index: string): void {
  if (!isLegalTableName(table)) {
    throw new HotspotError('INDEX_OPTION_INVALID', `--table ${JSON.stringify(table)} is not a valid HBase table name; use letters, digits, '_', '-' and '.', as ns:name or name`, { field: '--table' });
  }
  if (!INDEX_NAME.test(index)) {
    throw new HotspotError('INDEX_OPTION_INVALID', `--index ${JSON.stringify(index)} is not a valid index name; use letters, digits, '_', '-' and '.'`, { field: '--index' });
  }
}

/** `index check`. */
export const indexCommand: CliCommand = {
  register(program: Command, io: CliIo): void {
    const index = program.command('index').description('secondary index tables: check an index against its main table and repair it');
    nativeOptions(index
      .command('check')
      .description('scan a main table and one index table, through the REST gateway (--rest) or the native client (--zk / --hbase-conf); report valid, orphan, missing and expired entries, main rows sharing a unique value, and main rows whose entry cannot be built (exit 1 for orphans, missing, conflicts or unindexable rows); --repair fixes them with check-and-mutate (dry run without --yes)')
      .requiredOption('--table <table>', 'the main table', plainTableName)
      .requiredOption('--index <name>', 'the index name')
      .option('--indexes <file>', 'index definitions (YAML); default: the main table\'s descriptor METADATA hbase-hotspot.indexes')
      .option('--rest <url>', 'REST gateway, e.g. http://rest-host:8080 (or the native client: --zk / --hbase-conf)')
      .option('--json', 'print the report as JSON')
      .option('--samples <n>', 'entries shown per state', '10')
      .option('--family <family>', 'the main table\'s family holding the fields (default: every family)')
      .option('--repair', 'delete orphans and put missing entries, each conditioned on what was read; a dry run unless --yes')
      .option('--yes', 'with --repair: make the changes')
      .option('--min-age <duration>', 'with --repair: leave orphans younger than this (a write may be in flight between its index and main puts)', '60s'))
      .action(async (flags: IndexCheckFlags) => {
        checkNames(flags.table, flags.index);
        const native = wantsNative(flags);
        if (native) refuseOtherSources(flags);
        else if (flags.rest === undefined) throw new HotspotError('LIVE_REST_REQUIRED', 'give the REST gateway with --rest http://host:8080, or the native client with --zk host[:port] / --hbase-conf DIR', { field: '--rest' });
        if (flags.yes && !flags.repair) throw new HotspotError('INDEX_OPTION_INVALID', '--yes applies a repair: give --repair too', { field: '--yes' });
        const samples = parseCount(flags.samples, '--samples');
        const minAgeMs = parseDurationMs(flags.minAge, '--min-age');
        const run = async (client: IndexCheckClient): Promise<IndexCheckReport> => {
          const compiled = compileIndex(await findDefinition(client, flags.table, flags.index, flags.indexes), flags.indexes !== undefined ? { file: flags.indexes } : {});
          return checkIndex(client, compiled, {
            samples, now: io.now, source: flags.indexes ?? `METADATA ${INDEX_METADATA_KEY} of ${flags.table}`,
            ...(flags.family !== undefined ? { family: flags.family } : {}),
            ...(flags.repair ? { repair: { apply: Boolean(flags.yes), minAgeMs } } : {}),
          });
        };
        const report = native
          ? await withNativeCatalog(flags, (reader) => run(nativeTableClient(reader)))
          : await run(createRestClient({ baseUrl: checkUrl(flags.rest ?? '', '--rest') }));
        if (flags.json) printJson(io, report);
        else io.stdout(renderIndexCheck(report));
        const unrepaired = report.orphan + report.missing + report.conflict + report.unindexable - (report.repair ? report.repair.deleted + report.repair.put : 0);
        if (unrepaired > 0) process.exitCode = EXIT_FINDING;
      });
  },
};
