import type { Base64url } from './base64url.types';
import { nodeBase64url } from './node-base64url';
import { nodeCrypto } from './node-crypto';

export type { Base64url } from './base64url.types';

/** This runtime's: Buffer's on Node, btoa/atob elsewhere (the same text either way; the web one is required only there). */
export const base64url: Base64url = ((node = nodeCrypto()) =>
  node
    ? nodeBase64url(node)
    : // eslint-disable-next-line @typescript-eslint/no-require-imports
      (require('./web-base64url') as typeof import('./web-base64url')).webBase64url)();

export const encodeBase64url = (bytes: Uint8Array): string => base64url.encode(bytes);

/** The bytes, or undefined unless `text` is the one canonical unpadded base64url spelling of them. */
export const decodeCanonicalBase64url = (text: string): Uint8Array | undefined => base64url.decodeCanonical(text);
