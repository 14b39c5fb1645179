/**
 * mulberry32: a small seeded generator of numbers in [0, 1), so a randomised test that fails can be replayed
 * from its printed seed (scan-agrees-with-parse, direct-tool-calls.fuzz).
 */
export function seededRandom(seed: number): () => number {
  const imul = Math.imul; // read once: a global read per call is slow under jest's vm context
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
