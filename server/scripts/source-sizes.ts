import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { filesOver, maxFileLines, maxFunctionLines, repoRoot, sourceFiles } from './source-files';

// `npm run sizes`: a report, not a check (the check of file sizes is source-sizes.test.ts). Lists the
// source files over 400 lines and the functions over 80 lines, longest first, so a reader can see
// where a function mixes concerns. Exits 0 whatever it finds.

interface LongFunction {
  file: string;
  line: number;
  name: string;
  lines: number;
}

function functionName(node: ts.Node, source: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name) return named.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText(source);
  if (ts.isCallExpression(parent)) {
    // A callback: name it after the call and its first argument when that is a string (it('…', …)).
    const callee = parent.expression.getText(source);
    const first = parent.arguments[0];
    const label = first && ts.isStringLiteralLike(first) ? ` '${first.text.slice(0, 50)}'` : '';
    return `${callee.length > 40 ? `${callee.slice(0, 40)}…` : callee}(${label.trim()}) callback`;
  }
  if (ts.isJsxExpression(parent)) return '(render function in JSX)';
  return '(anonymous)';
}

export function longFunctions(file: string, text: string, limit = maxFunctionLines): LongFunction[] {
  const kind = file.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : file.endsWith('.ts')
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > limit) found.push({ file, line: start + 1, name: functionName(node, source), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = filesOver(maxFileLines);
console.log(`Source files over ${maxFileLines} lines: ${files.length}`);
for (const { file, lines } of files) console.log(`  ${String(lines).padStart(5)}  ${file}`);

const functions = sourceFiles()
  .flatMap((file) => longFunctions(file, readFileSync(join(repoRoot, file), 'utf8')))
  .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
console.log(`\nFunctions over ${maxFunctionLines} lines: ${functions.length}`);
for (const { file, line, name, lines } of functions)
  console.log(`  ${String(lines).padStart(5)}  ${file}:${line}  ${name}`);
