// Public API of @tessera/client: named exports only; this list is the package's surface.
export {};
