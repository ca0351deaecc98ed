/**
 * A small XML reader for Hadoop-style configuration files: elements, attributes, text, comments, CDATA, the
 * `<?xml ?>` declaration, a DOCTYPE line and the five predefined entities plus numeric references. Every element
 * remembers its line and column; every syntax error names them.
 *
 * @module
 */
import { HotspotError } from '../../util/errors.js';
import { own } from '../../util/own.js';

/** An element with its children and the text directly inside it. */
export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  /** Concatenated text and CDATA directly inside the element (entities resolved). */
  text: string;
  readonly line: number;
  readonly column: number;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * Parses `text` into its root element.
 * @throws HotspotError `LINT_XML_SYNTAX` at file:line:column for unclosed or mismatched tags, unterminated comments,
 *   bad entities, text outside the root or a missing root.
 */
export function parseXml(text: string, file: string): XmlElement {
  let i = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const lineStarts = [0];
  for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', nl + 1)) lineStarts.push(nl + 1);
  const position = (at: number): { line: number; column: number } => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] as number) <= at) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: at - (lineStarts[lo] as number) + 1 };
  };
  const fail = (message: string, at = i): never => {
    throw new HotspotError('LINT_XML_SYNTAX', message, { file, ...position(at) });
  };
  const skipPast = (close: string, what: string): void => {
    const end = text.indexOf(close, i);
    if (end < 0) fail(`unterminated ${what}: add '${close}'`);
    i = end + close.length;
  };
  const decode = (raw: string, at: number): string =>
    raw.replace(/&([^;\s<&]*);?/g, (whole, name: string, offset: number) => {
      if (!whole.endsWith(';')) fail(`'&' must start an entity such as &amp; (write &amp; for a literal &)`, at + offset);
      const entity = own(ENTITIES, name);
      if (entity !== undefined) return entity;
      const m = /^#(x[0-9a-fA-F]+|[0-9]+)$/.exec(name);
      if (m === null) return fail(`unknown entity &${name};`, at + offset);
      const code = m[1]?.startsWith('x') ? parseInt(m[1].slice(1), 16) : Number(m[1]);
      if (!(code <= 0x10ffff)) return fail(`character reference &${name.length > 20 ? `${name.slice(0, 20)}...` : name}; is past U+10FFFF, the last Unicode character`, at + offset);
      return String.fromCodePoint(code);
    });

  while (i < text.length) {
    const top = stack[stack.length - 1];
    if (text.startsWith('<!--', i)) skipPast('-->', 'comment');
    else if (text.startsWith('<![CDATA[', i)) {
      if (top === undefined) fail('CDATA outside the root element');
      const start = i + 9;
      skipPast(']]>', 'CDATA section');
      (top as XmlElement).text += text.slice(start, i - 3);
    } else if (text.startsWith('<?', i)) skipPast('?>', 'processing instruction');
    else if (text.startsWith('<!', i)) skipPast('>', 'declaration');
    else if (text.startsWith('</', i)) {
      const m = /^<\/([A-Za-z_][\w.:-]*)\s*>/.exec(text.slice(i, i + 300));
      if (m === null) fail("malformed closing tag: expected '</name>'");
      const name = (m as RegExpExecArray)[1] as string;
      const open = stack.pop();
      if (open === undefined) fail(`closing tag </${name}> has no matching opening tag`);
      else if (open.name !== name) fail(`closing tag </${name}> does not match <${open.name}> opened at line ${open.line} column ${open.column}`);
      i += (m as RegExpExecArray)[0].length;
    } else if (text[i] === '<') {
      const m = /^<([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/.exec(text.slice(i, i + 2000));
      if (m === null) fail("malformed tag: expected '<name attr=\"value\">'");
      const [whole, name, attrText, selfClosing] = m as RegExpExecArray;
      if (top === undefined && root !== undefined) fail(`a second root element <${name}>: a configuration file has one root`);
      const attributes: Record<string, string> = {};
      for (const a of (attrText ?? '').matchAll(/([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
        attributes[a[1] as string] = decode(a[2] ?? a[3] ?? '', i);
      }
      const el: XmlElement = { name: name as string, attributes, children: [], text: '', ...position(i) };
      if (top === undefined) root = el;
      else top.children.push(el);
      if (selfClosing !== '/') stack.push(el);
      i += (whole as string).length;
    } else {
      const end = text.indexOf('<', i);
      const raw = text.slice(i, end < 0 ? text.length : end);
      if (top === undefined) {
        if (raw.trim() !== '') fail('text outside the root element', i + raw.search(/\S/));
      } else top.text += decode(raw, i);
      i += raw.length;
    }
  }
  const unclosed = stack.pop();
  if (unclosed !== undefined) fail(`<${unclosed.name}> is never closed: add </${unclosed.name}>`, (lineStarts[unclosed.line - 1] as number) + unclosed.column - 1);
  if (root === undefined) return fail('no root element: expected <configuration>', 0);
  return root;
}
