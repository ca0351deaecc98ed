/**
 * `hbase-hotspot key encode '<template>' --record '<json>' [--json]` and `... --records file.ndjson [--json]`:
 * encodes records into rowkeys, printed as HBase prints keys (`Bytes.toStringBinary`), one per line. `--json` prints
 * `{"key": "<toStringBinary>", "hex": "<lower-case hex>"}` (one such object per line for `--records`). `--records -`
 * reads standard input. An error on a line names the file and the line.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { toHex, toStringBinary } from '../../bytes/index.js';
import { formatWhere, HotspotError, type InputLocation, isHotspotError } from '../../util/errors.js';
import { printJson, type CliIo } from '../io.js';
import { compileTemplateOption, TEMPLATE_ARGUMENT } from '../template-option.js';
import type { KeySubcommand } from './key.js';
import { parseRecord } from './key-record.js';
import { checkInputFile, checkInputText, systemReason } from '../../util/input-text.js';

interface EncodeOptions {
  record?: string;
  records?: string;
  json?: boolean;
}

async function readRecordsFile(path: string, io: CliIo): Promise<string> {
  if (path === '-') return checkInputText(await io.readStdin(), '<stdin>', 'records file');
  checkInputFile(path, 'records file');
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (cause) {
    throw new HotspotError('FILE_READ', `cannot read --records (${systemReason(cause)})`, { file: path, cause });
  }
  return checkInputText(text, path, 'records file');
}

/** HBase's longest rowkey, bytes (`HConstants.MAX_ROW_LENGTH`, `Short.MAX_VALUE`): a longer row fails every write. */
export const MAX_ROW_LENGTH = 32_767;

/**
 * `key` when HBase can write it.
 * @throws HotspotError `KEY_TOO_LONG` at `where` for a key longer than {@link MAX_ROW_LENGTH} (HBase's `Mutation`
 *   checks it: "Row length N is > 32767").
 */
function writableKey(key: Uint8Array, where: InputLocation): Uint8Array {
  if (key.length <= MAX_ROW_LENGTH) return key;
  throw new HotspotError('KEY_TOO_LONG', `the rowkey is ${key.length} bytes, longer than HBase's longest (HConstants.MAX_ROW_LENGTH, ${MAX_ROW_LENGTH} bytes), which every write refuses; shorten the fields the template writes`, where);
}

/**
 * Runs `key encode`.
 * @throws HotspotError the template compiler's codes naming {@link TEMPLATE_ARGUMENT}; `CLI_RECORD_INVALID`,
 *   `KEY_TOO_LONG` and the encoder's codes for a record.
 */
export async function runKeyEncode(template: string, options: EncodeOptions, io: CliIo): Promise<void> {
  if ((options.record === undefined) === (options.records === undefined)) {
    throw new HotspotError('CLI_RECORD_INVALID', `give exactly one of --record '<json>' or --records file.ndjson`);
  }
  const compiled = compileTemplateOption(template, TEMPLATE_ARGUMENT);
  const render = (key: Uint8Array) => (options.json ? JSON.stringify({ key: toStringBinary(key), hex: toHex(key) }) : toStringBinary(key));
  if (options.record !== undefined) {
    const key = writableKey(compiled.encode(parseRecord(options.record, { what: '--record', field: '--record' })), { field: '--record' });
    if (options.json) printJson(io, { key: toStringBinary(key), hex: toHex(key) });
    else io.stdout(`${toStringBinary(key)}\n`);
    return;
  }
  const file = options.records as string;
  const lines = (await readRecordsFile(file, io)).split('\n');
  let out = '';
  lines.forEach((text, i) => {
    if (text.trim() === '') return;
    const where = { file: file === '-' ? 'stdin' : file, line: i + 1 };
    try {
      out += `${render(writableKey(compiled.encode(parseRecord(text, { ...where, what: 'the record' })), where))}\n`;
    } catch (err) {
      io.stdout(out);
      if (!isHotspotError(err) || err.where.line !== undefined) throw err;
      // Re-place the error at the file and line, keeping its field.
      const prefix = formatWhere(err.where);
      const message = prefix && err.message.startsWith(`${prefix}: `) ? err.message.slice(prefix.length + 2) : err.message;
      throw new HotspotError(err.code, message, { ...where, ...(err.where.field !== undefined && { field: err.where.field }), cause: err });
    }
    if (out.length > 1 << 16) {
      io.stdout(out);
      out = '';
    }
  });
  io.stdout(out);
}

/** The `key encode` sub-command. */
export const keyEncodeCommand: KeySubcommand = {
  register(key: Command, io: CliIo): void {
    key
      .command('encode')
      .description('encode records into rowkeys, printed as Bytes.toStringBinary')
      .argument('<template>', "rowkey template, e.g. '{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}'")
      .option('--record <json>', 'one record as a JSON object, e.g. \'{"deviceId": "d1", "ts": 1709856000000}\'')
      .option('--records <file>', 'NDJSON file of records, one per line ("-" for standard input)')
      .option('--json', 'print {"key": "<toStringBinary>", "hex": "<hex>"} (one per line for --records)')
      .action((template: string, options: EncodeOptions) => runKeyEncode(template, options, io));
  },
};
