/**
 * Checks a parsed YAML document before anything walks it or turns it into plain values: the `yaml` package converts
 * recursively (a deep enough document overflows the stack), stringifies a mapping used as a mapping key (each level
 * doubling the text: 50 nested `{}` exhaust memory) and throws a plain `ReferenceError` for an alias whose anchor is
 * not set before it. The walk here is iterative and linear in the document.
 *
 * @module
 */
import { type Document, type DocumentOptions, isAlias, isMap, isPair, isScalar, isSeq, type Node, type ParseOptions, parseDocument } from 'yaml';
import { HotspotError } from './errors.js';

/** Deepest nesting of mappings and lists a YAML input file may have (scenarios, families, wide-row files). */
export const YAML_MAX_DEPTH = 64;

/**
 * Longest YAML input, characters (4 Mi): scenarios, families, index definitions and wide-row files are a few
 * kilobytes, and the `yaml` package reads a quoted scalar at about 10 MB a second (a 50 MB scenario took 9.7 s and
 * 1.7 GB).
 */
export const YAML_MAX_CHARS = 4 * 1024 * 1024;

/**
 * `parseDocument` of the `yaml` package, whose parser recurses once per level of nesting: input nested deep enough
 * (thousands of compact mappings `a: b: c: ...` on one line) overflows the stack, sometimes as a document error and
 * sometimes as a thrown `RangeError`. Both are `YAML_TOO_DEEP` here. Errors raised while the package parses carry no
 * stack trace (they are read for their message and place only). A text past {@link YAML_MAX_CHARS} is not parsed.
 * @throws HotspotError `YAML_TOO_LARGE` or `YAML_TOO_DEEP` naming the file.
 */
export function parseYamlDocument(text: string, file: string, options: ParseOptions & DocumentOptions): Document.Parsed {
  if (text.length > YAML_MAX_CHARS) {
    throw new HotspotError('YAML_TOO_LARGE', `${text.length} characters, more than the ${YAML_MAX_CHARS} a YAML input may hold (scenarios, families, index definitions and wide-row files are a few kilobytes)`, { file });
  }
  const tooDeep = () => new HotspotError('YAML_TOO_DEEP', `nested too deep to read (past ${YAML_MAX_DEPTH} levels of mappings and lists are refused)`, { file });
  let doc: Document.Parsed;
  // The package builds an Error for every problem it meets and goes on reading; on broken input that is hundreds of
  // errors, and capturing each one's stack trace was most of the time. Nothing reads those traces.
  const traceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    doc = parseDocument(text, options);
  } catch (err) {
    if (err instanceof RangeError) throw tooDeep();
    throw err;
  } finally {
    Error.stackTraceLimit = traceLimit;
  }
  if (doc.errors.some((e) => e.message.includes('Maximum call stack size exceeded'))) throw tooDeep();
  return doc;
}

/** Where a YAML offset is, for errors: a line, and a column when the caller counts them. */
export type YamlPlace = (offset: number) => { line: number; column?: number };

/**
 * Refuses a document nested deeper than {@link YAML_MAX_DEPTH} (`YAML_TOO_DEEP`), a mapping key that is itself a
 * mapping or list, or an alias whose anchor is not set before it (`code`, the caller's YAML error code), each at its
 * line (and column, when `place` gives one).
 * @throws HotspotError as above.
 */
export function checkYamlDocument(doc: Document, file: string, place: YamlPlace, code: string): void {
  const anchors = new Set<string>();
  const at = (node: unknown) => {
    const offset = (node as { range?: [number, number, number] } | null)?.range?.[0];
    return { file, ...(offset === undefined ? {} : place(offset)) };
  };
  // Document order: a node's anchor is seen before the nodes after it, keys before their values.
  const stack: { node: unknown; depth: number }[] = [{ node: doc.contents, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    if (node === null || node === undefined) continue;
    const anchor = (node as { anchor?: string }).anchor;
    if (anchor) anchors.add(anchor);
    if (isAlias(node)) {
      if (!anchors.has(node.source)) {
        throw new HotspotError(code, `alias *${node.source} refers to no anchor &${node.source} set before it`, at(node));
      }
      continue;
    }
    if (isScalar(node)) continue;
    if (isMap(node) || isSeq(node)) {
      if (depth >= YAML_MAX_DEPTH) {
        throw new HotspotError('YAML_TOO_DEEP', `mappings and lists are nested more than ${YAML_MAX_DEPTH} deep; no input of this tool needs that`, at(node));
      }
      const children: { node: unknown; depth: number }[] = [];
      for (const item of node.items as unknown[]) {
        if (isPair(item)) {
          const key = item.key as Node | null;
          if (isMap(key) || isSeq(key)) throw new HotspotError(code, 'a mapping key must be plain text, not a mapping or a list', at(key));
          children.push({ node: key, depth: depth + 1 }, { node: item.value, depth: depth + 1 });
        } else children.push({ node: item, depth: depth + 1 });
      }
      for (let k = children.length - 1; k >= 0; k--) stack.push(children[k] as { node: unknown; depth: number });
    }
  }
}

/**
 * `doc.toJS()` with the `yaml` package's own refusals (an alias count that suggests a resource exhaustion attack)
 * as `code`. Call {@link checkYamlDocument} first.
 */
export function yamlToJs(doc: Document, file: string, code: string): unknown {
  try {
    return doc.toJS();
  } catch (cause) {
    if (cause instanceof HotspotError) throw cause;
    throw new HotspotError(code, `cannot read the YAML: ${String((cause as Error).message).split('\n')[0] ?? ''}`, { file, cause });
  }
}
