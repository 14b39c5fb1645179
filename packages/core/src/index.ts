// Public API of @tessera/core: named exports only; this list is the package's surface.
export {};
