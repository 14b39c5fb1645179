// Resolve hook: the conformance package's 'fs' imports get the globSync-capable facade.
const FACADE = new URL('./fs-globsync.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (
    (specifier === 'fs' || specifier === 'node:fs') &&
    context.parentURL?.includes('/@modelcontextprotocol/conformance/')
  ) {
    return { url: FACADE, shortCircuit: true };
  }
  return next(specifier, context);
}
