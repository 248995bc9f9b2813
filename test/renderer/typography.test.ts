// The panel's words use the typographic apostrophe (’) everywhere: a straight ' beside curly
// quotes (“…”) reads as a typewriter's. Every string the renderer writes (string literals,
// template text, JSX text) is read through the TypeScript parser, so comments and code are not
// words, and a straight apostrophe in prose (inside a word: "don't", "Glance's"; after a
// plural's s: "apps' names") fails the test with where it is.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../renderer/src');
/** The words main and the panel share (backends' hints, notices, marks): the panel shows them too. */
const CONTRACT = join(import.meta.dirname, '../../contract');
/**
 * A straight apostrophe in prose: inside a word, or after a plural's s before a space (a quoted
 * 'word' at the end is code's); in JSX text, also the entity React's lint asks for in its place.
 */
const STRAIGHT = /\p{L}'\p{L}|s'\s|&apos;|&#0*39;|&#x0*27;/iu;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every piece of text the file writes: string literals, the text of template literals, JSX text. */
function texts(path: string): { text: string; line: number }[] {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node): void => {
    // Import and export paths are not words.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) || ts.isJsxText(node)) {
      found.push({ text: node.text, line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('the panel’s typography', () => {
  it('writes every apostrophe in its words as ’, never a straight one (its own and those it shares with main)', () => {
    const files = [...sources(ROOT), ...sources(CONTRACT)];
    expect(files.length).toBeGreaterThan(50);
    const straight = files.flatMap((path) => texts(path).filter(({ text }) => STRAIGHT.test(text)).map(({ text, line }) => `${relative(join(ROOT, '../..'), path)}:${line}: ${text}`));
    expect(straight).toEqual([]);
  });

  it('catches a straight apostrophe where it would be one, and not in code-like text', () => {
    for (const prose of ["don't", "Glance's rules", "the apps' names", 'Glance&apos;s']) expect(STRAIGHT.test(prose), prose).toBe(true);
    for (const code of ["[aria-label='x']", "'none'", 'it’s fine', "a = 'b'"]) expect(STRAIGHT.test(code), code).toBe(false);
  });
});
