/**
 * The few THBaseService structs this client sends and receives, with their encoders and decoders. Field ids are those
 * of HBase's Thrift2 IDL (`hbase-thrift/src/main/resources/org/apache/hadoop/hbase/thrift2/hbase.thrift`).
 *
 * @module
 */
import type { BinaryReader } from './binary-reader.js';
import type { BinaryWriter } from './binary-writer.js';
import { TType } from './protocol.js';

/** `struct TColumn { 1: required binary family, 2: optional binary qualifier, 3: optional i64 timestamp }`. */
export interface TColumn {
  readonly family: Uint8Array;
  /** Omitted: the whole column family. */
  readonly qualifier?: Uint8Array;
}

/**
 * `struct TColumnValue` (read side): 1 family, 2 qualifier, 3 value, 4 timestamp (ms since the epoch), 5 tags,
 * 6 type. One cell.
 */
export interface TColumnValue {
  readonly family: Uint8Array;
  readonly qualifier: Uint8Array;
  readonly value: Uint8Array;
  /** Cell timestamp in ms since the epoch (field 4), when sent. */
  readonly timestamp?: bigint;
}

/** `struct TResult { 1: optional binary row, 2: required list<TColumnValue> columnValues, 3: stale, 4: partial }`. */
export interface TResult {
  /** Rowkey (field 1); absent for a row that has no cells. */
  readonly row?: Uint8Array;
  /** Cells in HBase order (field 2); empty for a missing row. */
  readonly columnValues: readonly TColumnValue[];
}

/** `struct TColumnIncrement { 1: required binary family, 2: required binary qualifier, 3: optional i64 amount = 1 }`. */
export interface TColumnIncrement {
  readonly family: Uint8Array;
  readonly qualifier: Uint8Array;
  /** Signed 64-bit amount added to the cell's 8-byte big-endian long (field 3). */
  readonly amount: bigint;
}

/** `struct TIncrement { 1: required binary row, 2: required list<TColumnIncrement> columns, ... }`. */
export interface TIncrement {
  readonly row: Uint8Array;
  readonly columns: readonly TColumnIncrement[];
}

/** `struct TGet { 1: required binary row, 2: optional list<TColumn> columns, ... }`. */
export interface TGet {
  readonly row: Uint8Array;
  /** Omitted or empty: every column of the row. */
  readonly columns?: readonly TColumn[];
}

/** `struct TColumnValue` (write side of a put): 1 family, 2 qualifier, 3 value, 4 optional timestamp (ms). */
export interface TPutCell {
  readonly family: Uint8Array;
  readonly qualifier: Uint8Array;
  readonly value: Uint8Array;
  /** Cell timestamp in ms since the epoch; omitted: the RegionServer's clock. */
  readonly timestamp?: bigint;
}

/** `struct TPut { 1: required binary row, 2: required list<TColumnValue> columnValues, 3: optional i64 timestamp }`. */
export interface TPut {
  readonly row: Uint8Array;
  readonly columnValues: readonly TPutCell[];
}

function writeList<T>(w: BinaryWriter, id: number, items: readonly T[], each: (item: T) => void): void {
  w.fieldBegin(TType.LIST, id).listBegin(TType.STRUCT, items.length);
  for (const item of items) each(item);
}

/** Writes a {@link TColumn} struct. */
export function writeTColumn(w: BinaryWriter, c: TColumn): void {
  w.fieldBegin(TType.STRING, 1).binary(c.family);
  if (c.qualifier !== undefined) w.fieldBegin(TType.STRING, 2).binary(c.qualifier);
  w.fieldStop();
}

/** Writes a {@link TGet} struct (fields 1 and, when columns are given, 2). */
export function writeTGet(w: BinaryWriter, g: TGet): void {
  w.fieldBegin(TType.STRING, 1).binary(g.row);
  if (g.columns !== undefined && g.columns.length > 0) writeList(w, 2, g.columns, (c) => writeTColumn(w, c));
  w.fieldStop();
}

/** Writes a {@link TIncrement} struct (fields 1 and 2; `amount` always sent, even when 1). */
export function writeTIncrement(w: BinaryWriter, inc: TIncrement): void {
  w.fieldBegin(TType.STRING, 1).binary(inc.row);
  writeList(w, 2, inc.columns, (c) => {
    w.fieldBegin(TType.STRING, 1).binary(c.family);
    w.fieldBegin(TType.STRING, 2).binary(c.qualifier);
    w.fieldBegin(TType.I64, 3).i64(c.amount);
    w.fieldStop();
  });
  w.fieldStop();
}

/** Writes a {@link TPut} struct (fields 1 and 2). */
export function writeTPut(w: BinaryWriter, p: TPut): void {
  w.fieldBegin(TType.STRING, 1).binary(p.row);
  writeList(w, 2, p.columnValues, (c) => {
    w.fieldBegin(TType.STRING, 1).binary(c.family);
    w.fieldBegin(TType.STRING, 2).binary(c.qualifier);
    w.fieldBegin(TType.STRING, 3).binary(c.value);
    if (c.timestamp !== undefined) w.fieldBegin(TType.I64, 4).i64(c.timestamp);
    w.fieldStop();
  });
  w.fieldStop();
}

/** Reads fields of a struct, calling `on(type, id)` for each; `on` returns false to have the value skipped. */
export function readStruct(r: BinaryReader, on: (type: number, id: number) => boolean): void {
  for (let f = r.fieldBegin(); f.type !== TType.STOP; f = r.fieldBegin()) {
    if (!on(f.type, f.id)) r.skip(f.type);
  }
}

function readTColumnValue(r: BinaryReader): TColumnValue {
  let family: Uint8Array | undefined;
  let qualifier: Uint8Array | undefined;
  let value: Uint8Array | undefined;
  let timestamp: bigint | undefined;
  readStruct(r, (type, id) => {
    if (type === TType.STRING && id === 1) family = r.binary();
    else if (type === TType.STRING && id === 2) qualifier = r.binary();
    else if (type === TType.STRING && id === 3) value = r.binary();
    else if (type === TType.I64 && id === 4) timestamp = r.i64();
    else return false;
    return true;
  });
  if (!family || !qualifier || !value) throw new RangeError('TColumnValue without its required family (1), qualifier (2) or value (3)');
  return timestamp === undefined ? { family, qualifier, value } : { family, qualifier, value, timestamp };
}

/** Reads a {@link TResult} struct; RangeError when the required `columnValues` (field 2) is missing. */
export function readTResult(r: BinaryReader): TResult {
  let row: Uint8Array | undefined;
  let cells: TColumnValue[] | undefined;
  readStruct(r, (type, id) => {
    if (type === TType.STRING && id === 1) row = r.binary();
    else if (type === TType.LIST && id === 2) {
      const l = r.listBegin();
      if (l.elemType !== TType.STRUCT) return skipList(r, l);
      cells = [];
      for (let i = 0; i < l.size; i++) cells.push(readTColumnValue(r));
    } else return false;
    return true;
  });
  if (!cells) throw new RangeError('TResult without its required columnValues (field 2)');
  return row === undefined ? { columnValues: cells } : { row, columnValues: cells };
}

function skipList(r: BinaryReader, l: { elemType: number; size: number }): true {
  for (let i = 0; i < l.size; i++) r.skip(l.elemType);
  return true;
}

/** Reads `list<TResult>` (the success value of `getMultiple`). */
export function readTResultList(r: BinaryReader): TResult[] {
  const l = r.listBegin();
  if (l.elemType !== TType.STRUCT) throw new RangeError(`list<TResult> with element type ${l.elemType}, expected STRUCT (12)`);
  const out: TResult[] = [];
  for (let i = 0; i < l.size; i++) out.push(readTResult(r));
  return out;
}
