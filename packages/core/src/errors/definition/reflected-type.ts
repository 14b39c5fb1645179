/**
 * What a `design:paramtypes` entry says about the declaration, in words an author can act on. TypeScript writes
 * `Function` for a class imported with `import type` (the class is erased, so the metadata cannot point at it)
 * and `Object` for an interface, a type alias, a union or `any`; a compiler that sees one file at a time
 * (isolatedModules, esbuild, swc) writes `Object` for a type-only import too.
 */
export function reflectedTypeStory(seen: unknown): string {
  if (seen === Function)
    return (
      'reflection sees Function: the type was erased, which is what TypeScript writes for a class imported ' +
      'only as a type (`import type { X }` or `import { type X }`)'
    );
  if (seen === Object || seen === undefined)
    return (
      `reflection sees ${seen === Object ? 'Object' : 'no type'}: an interface, a type alias, a union ` +
      '(`X | undefined` too) or any, or a type-only import compiled file by file (isolatedModules, esbuild, swc)'
    );
  return `reflection sees ${typeof seen === 'function' && seen.name ? seen.name : String(seen)}`;
}
