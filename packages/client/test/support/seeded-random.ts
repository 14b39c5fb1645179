/**
 * mulberry32: a small seeded generator of numbers in [0, 1), and a pick from a list with it, so a randomised
 * test that fails names the seed that replays it (leg-headers, leg-sockets.fuzz).
 */
export function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  return { next, pick };
}

export type Random = ReturnType<typeof random>;
