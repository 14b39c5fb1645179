import ts from 'typescript';

/**
 * The relative module specifiers a source file loads at run time: an `import` or `export ... from` with at least
 * one value binding (or none at all: `import './x'`), a `require('./x')` and an `import('./x')`. Type-only forms
 * (`import type`, `import { type A }`, `typeof import('./x')`) are left out: they vanish from the compiled file.
 */
export function valueImports(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES2022, false);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!importsTypesOnly(node.importClause)) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!exportsTypesOnly(node)) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && isLoad(node.expression)) {
      const [specifier] = node.arguments;
      if (specifier && ts.isStringLiteralLike(specifier)) found.push(specifier.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found.filter((specifier) => specifier.startsWith('.'));
}

function importsTypesOnly(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return false; // `import './x'`: run for its effects
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    clause.name === undefined &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

function exportsTypesOnly(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return (
    clause !== undefined &&
    ts.isNamedExports(clause) &&
    clause.elements.length > 0 &&
    clause.elements.every((element) => element.isTypeOnly)
  );
}

function isLoad(callee: ts.Expression): boolean {
  return callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require');
}
