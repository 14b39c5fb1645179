/**
 * The one property every Tessera error carries, holding the name of the package that threw it. Registered
 * with `Symbol.for`, so two loaded copies of a package (two bundles, a module loaded twice) still agree.
 */
export const TESSERA_ERROR_BRAND: unique symbol = Symbol.for('tessera.error');

/** How a package marks its errors and recognises them, whichever copy of the package built them. */
export interface ErrorBrand<C extends string | number> {
  /** The package whose errors this brand recognises, e.g. `@tessera/core`. */
  readonly owner: string;
  /** Puts the brand on an error the package builds (its base class calls this in its constructor). */
  mark(error: Error): void;
  /** The brand names this package and the code is one of its table: `instanceof` would fail across copies. */
  isInstance(value: unknown): value is Error & { readonly code: C };
}

/**
 * The brand of one package's errors: an error is the package's when it carries {@link TESSERA_ERROR_BRAND}
 * naming the package and a `code` from the package's own table, so a look-alike with a foreign code is not.
 * The brand is not enumerable, so serialising an error never carries it.
 */
export function errorBrand<C extends string | number>(
  owner: string,
  codes: Readonly<Record<string, C>>,
): ErrorBrand<C> {
  const known: ReadonlySet<unknown> = new Set(Object.values(codes));
  return {
    owner,
    mark(error) {
      Object.defineProperty(error, TESSERA_ERROR_BRAND, { value: owner, enumerable: false });
    },
    isInstance(value): value is Error & { readonly code: C } {
      return (
        typeof value === 'object' &&
        value !== null &&
        (value as Record<symbol, unknown>)[TESSERA_ERROR_BRAND] === owner &&
        known.has((value as { code?: unknown }).code)
      );
    },
  };
}
