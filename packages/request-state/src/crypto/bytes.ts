// Byte strings put together without @noble/hashes' utils, which a Node process would otherwise load at start
// (with node:crypto doing the hashing there, nothing else of it is used on Node).

const encoder = new TextEncoder();

/** A string's UTF-8 bytes (a lone surrogate is U+FFFD's three bytes), as @noble/hashes' `utf8ToBytes` gives them. */
export function utf8Bytes(text: string): Uint8Array {
  return encoder.encode(text);
}

/** The byte strings one after another, in a new array, as @noble/hashes' `concatBytes` gives them. */
export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const joined = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}
