import type * as NodeBufferModule from 'node:buffer';
import type * as NodeCryptoModule from 'node:crypto';

/** The parts of node:crypto and node:buffer the Node codec uses. */
export type NodeCrypto = Pick<
  typeof NodeCryptoModule,
  'createCipheriv' | 'createDecipheriv' | 'createSecretKey' | 'createHash' | 'randomFillSync'
> & {
  /** The one-shot digest, Node 20.12+. */
  readonly hash: typeof NodeCryptoModule.hash | undefined;
  /** Native HKDF (Node 15+); absent from a stand-in that does not lend it. */
  readonly hkdfSync?: typeof NodeCryptoModule.hkdfSync;
  readonly Buffer: typeof NodeBufferModule.Buffer;
};

type NodeProcess = {
  release?: { name?: string };
  getBuiltinModule?: (id: string) => unknown;
};

let found: NodeCrypto | null | undefined;

/**
 * node:crypto (and node:buffer) when this is Node itself, else undefined (then Web Crypto is the codec). Bun, Deno and
 * Workers with Node compatibility also answer `process.release.name === 'node'` and may lend a node:crypto
 * of their own, so they are told apart by their globals and user agent: the tokens are the same either
 * way, but only Node's has been measured to be faster. `process.getBuiltinModule` (Node 20.16+) loads the
 * module without an import a bundler for Workers would try to resolve. Looked up once per process.
 */
export function nodeCrypto(): NodeCrypto | undefined {
  if (found === undefined) found = lookUp() ?? null;
  return found ?? undefined;
}

function lookUp(): NodeCrypto | undefined {
  const global = globalThis as { process?: NodeProcess; Bun?: unknown; Deno?: unknown; navigator?: Navigator };
  if (global.Bun !== undefined || global.Deno !== undefined) return undefined;
  const agent = global.navigator?.userAgent;
  if (agent !== undefined && !agent.startsWith('Node.js/')) return undefined;
  const proc = global.process;
  if (proc?.release?.name !== 'node' || typeof proc.getBuiltinModule !== 'function') return undefined;
  const crypto = proc.getBuiltinModule('node:crypto') as typeof NodeCryptoModule | undefined;
  const buffer = proc.getBuiltinModule('node:buffer') as typeof NodeBufferModule | undefined;
  if (typeof crypto?.createCipheriv !== 'function' || typeof buffer?.Buffer?.from !== 'function') return undefined;
  const { createCipheriv, createDecipheriv, createSecretKey, createHash, randomFillSync } = crypto;
  const hash = typeof crypto.hash === 'function' ? crypto.hash : undefined;
  const hkdfSync = typeof crypto.hkdfSync === 'function' ? crypto.hkdfSync : undefined;
  return {
    createCipheriv,
    createDecipheriv,
    createSecretKey,
    createHash,
    hash,
    hkdfSync,
    randomFillSync,
    Buffer: buffer.Buffer,
  };
}
