/** A constructor Tessera can instantiate or read metadata from. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Class<T = any> = abstract new (...args: any[]) => T;

/** A constructor that can actually be instantiated. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ConcreteClass<T = any> = new (...args: any[]) => T;
