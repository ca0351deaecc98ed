package hbasehotspot.migrate;

import hbasehotspot.keys.RowkeyTemplate;
import hbasehotspot.keys.TemplateException;
import java.io.IOException;
import java.util.Base64;
import java.util.Map;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.TableMapper;
import org.apache.hadoop.hbase.util.MapReduceExtendedCell;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.lib.output.MultipleOutputs;

/**
 * The backfill's map step: one old row (every version of every cell, as a snapshot scan returns it) in, the same cells
 * under the new key out, each with its own family, qualifier, timestamp, type and value, as HBase's {@code Import}
 * tool emits them ({@link MapReduceExtendedCell} around a {@link KeyValue}). The new key is the new template's
 * encoding of the fields the old template decodes from the old key.
 *
 * <p>A row whose key does not decode (or whose fields do not encode) is written to the named output
 * {@value BackfillJob#REJECTS_OUTPUT} as one JSON line ({@code {"key": base64, "cells": n, "code": ..., "message":
 * ...}}) and counted in {@link BackfillJob.Counter#REJECTED_ROWS} / {@link BackfillJob.Counter#REJECTED_CELLS}; it is
 * never dropped silently.
 */
public class BackfillMapper extends TableMapper<ImmutableBytesWritable, MapReduceExtendedCell> {
  private RowkeyTemplate oldTemplate;
  private RowkeyTemplate newTemplate;
  private MultipleOutputs<ImmutableBytesWritable, MapReduceExtendedCell> rejects;

  @Override
  protected void setup(Context context) {
    oldTemplate = RowkeyTemplate.compile(context.getConfiguration().get(BackfillJob.OLD_TEMPLATE_KEY));
    newTemplate = RowkeyTemplate.compile(context.getConfiguration().get(BackfillJob.NEW_TEMPLATE_KEY));
    rejects = new MultipleOutputs<>(context);
  }

  @Override
  protected void map(ImmutableBytesWritable key, Result row, Context context) throws IOException, InterruptedException {
    Cell[] cells = row.rawCells();
    byte[] oldRow = row.getRow();
    byte[] newRow;
    try {
      Map<String, Object> fields = oldTemplate.decode(oldRow);
      newRow = newTemplate.encode(fields);
    } catch (TemplateException e) {
      context.getCounter(BackfillJob.Counter.REJECTED_ROWS).increment(1);
      context.getCounter(BackfillJob.Counter.REJECTED_CELLS).increment(cells.length);
      rejects.write(BackfillJob.REJECTS_OUTPUT, NullWritable.get(), new Text(rejectLine(oldRow, cells.length, e)));
      return;
    }
    ImmutableBytesWritable outKey = new ImmutableBytesWritable(newRow);
    for (Cell cell : cells) {
      KeyValue kv = new KeyValue(newRow, 0, newRow.length,
          cell.getFamilyArray(), cell.getFamilyOffset(), cell.getFamilyLength(),
          cell.getQualifierArray(), cell.getQualifierOffset(), cell.getQualifierLength(),
          cell.getTimestamp(), KeyValue.Type.codeToType(cell.getTypeByte()),
          cell.getValueArray(), cell.getValueOffset(), cell.getValueLength());
      context.write(outKey, new MapReduceExtendedCell(kv));
    }
    context.getCounter(BackfillJob.Counter.ROWS).increment(1);
    context.getCounter(BackfillJob.Counter.CELLS).increment(cells.length);
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    rejects.close();
  }

  /** One reject as a JSON line: the old key in base64, its cell count, the template error's code and message. */
  static String rejectLine(byte[] oldRow, int cells, TemplateException e) {
    return "{\"key\":\"" + Base64.getEncoder().encodeToString(oldRow) + "\",\"cells\":" + cells
        + ",\"code\":\"" + json(e.code()) + "\",\"message\":\"" + json(e.getMessage()) + "\"}";
  }

  /** {@code s} escaped for the inside of a JSON string (quote, backslash, control characters); null as empty. */
  static String json(String s) {
    if (s == null) return "";
    StringBuilder b = new StringBuilder(s.length() + 8);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') b.append('\\').append(c);
      else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
      else b.append(c);
    }
    return b.toString();
  }
}
