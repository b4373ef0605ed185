/**
 * The figures of issue 33 read from the sources by TypeScript's compiler API: each function's line span, each
 * `as never` cast, and the lines of a set of files. tests/code-figures.test.ts prints and checks them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** The repository's root, which every path of a figure is relative to (`src/service/...`). */
export const ROOT = join(import.meta.dirname, '..', '..');

/** A function of the sources: where it is, its name among its enclosing functions, and how many lines it spans. */
export interface FunctionSpan {
  /** The file, from the repository's root (`src/service/batch-writes.ts`). */
  readonly file: string;
  /**
   * Its name, after those of the functions and classes around it (`createBatchWrites > run`, `Box > open`,
   * `cursorContract > describe callback`).
   */
  readonly name: string;
  /** The lines from its first to its last, both counted (blank and comment lines inside it too). */
  readonly lines: number;
}

/** An `as never` cast (or a `<never>` assertion): its file and the function it is in (`(top level)` outside any). */
export interface NeverCast {
  readonly file: string;
  readonly name: string;
}

/** The `.ts` files under a folder of the repository, as paths from the root, sorted. */
export function sourceFiles(folder: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((entry) => {
      const path = join(dir, entry);
      return statSync(path).isDirectory() ? walk(path) : path.endsWith('.ts') ? [relative(ROOT, path)] : [];
    });
  return walk(join(ROOT, folder)).sort();
}

/** A short name for the expression a callback is given to: `describe`, `it.each`, `items.map`; else `call`. */
function calleeName(call: ts.CallExpression, sourceFile: ts.SourceFile): string {
  let callee: ts.Expression = call.expression;
  while (ts.isCallExpression(callee)) callee = callee.expression;
  const text = callee.getText(sourceFile);
  return /^[\w$.]{1,40}$/.test(text) ? text : 'call';
}

/** A function's own name: its declaration's, the variable or property it is assigned to, or the call it is given to. */
function ownName(node: ts.SignatureDeclaration, sourceFile: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name !== undefined) return node.name.getText(sourceFile);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText(sourceFile);
  }
  if (ts.isCallExpression(parent)) return `${calleeName(parent, sourceFile)} callback`;
  return '(anonymous)';
}

/** Whether a node is a function with a body (a declaration, an expression, an arrow, a method, an accessor). */
function isFunctionWithBody(node: ts.Node): node is ts.FunctionLikeDeclaration & { body: ts.Node } {
  return (
    (ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)) &&
    node.body !== undefined
  );
}

/** Whether a node casts to `never` (`x as never` or `<never>x`). */
function isNeverCast(node: ts.Node): boolean {
  return (
    (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && node.type.kind === ts.SyntaxKind.NeverKeyword
  );
}

/** Every function (nested ones too) and every `as never` cast of the given files. */
export function readFigures(files: readonly string[]): { functions: FunctionSpan[]; casts: NeverCast[] } {
  const functions: FunctionSpan[] = [];
  const casts: NeverCast[] = [];
  for (const file of files) {
    const sourceFile = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const lineOf = (position: number): number => sourceFile.getLineAndCharacterOfPosition(position).line;
    const visit = (node: ts.Node, outer: string | undefined): void => {
      let name = outer;
      if (isFunctionWithBody(node)) {
        const own = ownName(node, sourceFile);
        name = outer === undefined ? own : `${outer} > ${own}`;
        functions.push({ file, name, lines: lineOf(node.getEnd()) - lineOf(node.getStart(sourceFile)) + 1 });
      } else if (ts.isClassLike(node) && node.name !== undefined) {
        name = outer === undefined ? node.name.text : `${outer} > ${node.name.text}`;
      }
      if (isNeverCast(node)) casts.push({ file, name: outer ?? '(top level)' });
      ts.forEachChild(node, (child) => {
        visit(child, name);
      });
    };
    visit(sourceFile, undefined);
  }
  return { functions, casts };
}

/** The lines of some files: all of them, and those that are code (neither blank nor only a comment). */
export function countLines(files: readonly string[]): { lines: number; code: number } {
  let lines = 0;
  let code = 0;
  for (const file of files) {
    const text = readFileSync(join(ROOT, file), 'utf8').split('\n');
    if (text.at(-1) === '') text.pop();
    lines += text.length;
    code += text.filter((line) => !/^\s*(?:$|\/\/|\/\*|\*)/.test(line)).length;
  }
  return { lines, code };
}
