import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/*
 * The packages stand on the documented, exported API of their dependencies (issue #40). Outside an accelerator
 * folder (`packages/<name>/src/accelerators/`, where a shortcut lives with its start-up probe and its switch),
 * no source file may
 *  - import a dependency's internal path: a subpath its package.json `exports` does not list, or any subpath of a
 *    package without `exports` (`require('class-validator/cjs/...')`, `from 'x/dist/...'`, type imports included);
 *  - read or write a `_`-prefixed member (every such member in reach is a dependency's private one; `_meta` is
 *    MCP's wire field, `__esModule` the ES-module interop marker every compiler writes, neither a private member);
 *  - flip V8 flags (`setFlagsFromString`): a process-wide side effect is the host's to choose.
 * The last offenders moved into accelerator folders or onto public APIs; none may come back.
 */

const ROOT = path.resolve(__dirname, '../../..');
const WIRE_FIELDS = new Set(['_meta', '__esModule']);

interface Offence {
  file: string;
  what: string;
}

function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) files.push(full);
    }
  };
  for (const pkg of readdirSync(path.join(ROOT, 'packages'))) {
    const src = path.join(ROOT, 'packages', pkg, 'src');
    if (existsSync(src)) walk(src);
  }
  return files;
}

const exportsCache = new Map<string, Record<string, unknown> | null>();

/** The `exports` map of an installed package, or null when it has none (every subpath is then internal). */
function exportsOf(pkg: string): Record<string, unknown> | null {
  if (!exportsCache.has(pkg)) {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as {
      exports?: unknown;
    };
    const { exports } = manifest;
    exportsCache.set(pkg, exports && typeof exports === 'object' && !Array.isArray(exports) ? { ...exports } : null);
  }
  return exportsCache.get(pkg)!;
}

/** Whether `specifier` names an internal path of a dependency (a subpath its `exports` does not list). */
export function isDeepImport(specifier: string, exportsFor: (pkg: string) => Record<string, unknown> | null): boolean {
  if (specifier.startsWith('.') || specifier.startsWith('node:') || path.isAbsolute(specifier)) return false;
  const parts = specifier.split('/');
  const nameLength = specifier.startsWith('@') ? 2 : 1;
  if (parts.length <= nameLength) return false;
  const subpath = `./${parts.slice(nameLength).join('/')}`;
  const exports = exportsFor(parts.slice(0, nameLength).join('/'));
  if (!exports) return true;
  return !Object.keys(exports).some((key) => {
    if (key === subpath) return true;
    const star = key.indexOf('*');
    return star >= 0 && subpath.startsWith(key.slice(0, star)) && subpath.endsWith(key.slice(star + 1));
  });
}

/** What one file does of the three things above. */
export function offencesIn(file: string, text: string, exportsFor = exportsOf): Offence[] {
  const found: Offence[] = [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const specifier = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteral(node) && isDeepImport(node.text, exportsFor))
      found.push({ file, what: `imports ${node.text}` });
  };
  const member = (name: string) => {
    if (name.startsWith('_') && !WIRE_FIELDS.has(name)) found.push({ file, what: `reads ${name}` });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) specifier(node.moduleSpecifier);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) specifier(node.argument.literal);
    else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      if (isRequire || callee.kind === ts.SyntaxKind.ImportKeyword) specifier(node.arguments[0]);
      const name = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : ts.isIdentifier(callee)
          ? callee.text
          : '';
      if (name === 'setFlagsFromString') found.push({ file, what: 'sets V8 flags' });
    }
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.name)) member(node.name.text);
    if (ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression))
      member(node.argumentExpression.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const inAccelerators = (file: string) => file.split(path.sep).join('/').includes('/src/accelerators/');

describe('public APIs only, outside the accelerator folders', () => {
  const offences = sourceFiles()
    .filter((file) => !inAccelerators(file))
    .flatMap((file) => offencesIn(path.relative(ROOT, file).split(path.sep).join('/'), readFileSync(file, 'utf8')));

  test('no file imports an internal path, reads a private member or flips V8 flags', () => {
    expect(offences).toEqual([]);
  });
});

describe('what counts as an offence', () => {
  const exportsFor = (pkg: string) =>
    ({ sdk: { '.': {}, './stdio': {}, './ext/*': {} }, plain: null })[pkg] as Record<string, unknown> | null;
  const check = (text: string) => offencesIn('x.ts', text, exportsFor).map((o) => o.what);

  test('a subpath the exports map lists is public; another, or any of a package without exports, is not', () => {
    expect(
      check("import { a } from 'sdk'; import { b } from 'sdk/stdio'; import { c } from 'sdk/ext/skills';"),
    ).toEqual([]);
    expect(check("import { a } from 'sdk/dist/cjs/server';")).toEqual(['imports sdk/dist/cjs/server']);
    expect(check("const v = require('plain/cjs/decorator/IsString');")).toEqual([
      'imports plain/cjs/decorator/IsString',
    ]);
    expect(check("import type { M } from 'plain/types/metadata/M';")).toEqual(['imports plain/types/metadata/M']);
    expect(check("type T = import('plain/types/x').T;")).toEqual(['imports plain/types/x']);
    expect(check("import { p } from 'plain'; import { q } from './local/path'; import 'node:v8';")).toEqual([]);
  });

  test("a `_` member read or written is one (MCP's _meta is not); so is setting V8 flags", () => {
    expect(check("socket._httpMessage; x['_typeMetadatas']; p.params._meta; m.__esModule;")).toEqual([
      'reads _httpMessage',
      'reads _typeMetadatas',
    ]);
    expect(check('server._onrequest = handler;')).toEqual(['reads _onrequest']);
    expect(check("v8.setFlagsFromString('--expose-gc');")).toEqual(['sets V8 flags']);
  });
});
