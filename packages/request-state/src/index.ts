// Public API of @tessera/request-state: named exports only; this list is the package's surface.
export {};
