// Public API of @tessera/testing: named exports only; this list is the package's surface.
export {};
