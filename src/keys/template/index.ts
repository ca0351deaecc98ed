/** Rowkey templates: the syntax, the compiler, and `key explain`'s analysis. */
export { compileTemplate, type CompileOptions, type CompiledTemplate } from './compile.js';
export { parseTemplate, type Expr, type TemplateNode } from './parse.js';
export type { CompiledPart } from './parts.js';
export { explainTemplate, type KeyExplanation, type AccessVerdict, type AntiPattern, type AntiPatternCode, type ExplainedPart } from './explain.js';
