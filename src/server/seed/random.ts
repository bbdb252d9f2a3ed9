// A small seeded generator for the seed data: the same (seed, stream) always gives the same sequence, so a
// given --seed makes the same people and outcomes. Not for anything secret.

export type Rng = {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max], both included. */
  int: (min: number, max: number) => number;
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** One of the entries, with the chance of each proportional to its weight. */
  weighted: <T>(entries: readonly (readonly [T, number])[]) => T;
  shuffle: <T>(items: readonly T[]) => T[];
  /** A string of `length` decimal digits (the first may be 0). */
  digits: (length: number) => string;
};

/** FNV-1a over the parts: mixes a seed and a stream number into one 32-bit state. */
function mix(...parts: number[]): number {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    for (const byte of String(part)) {
      hash ^= byte.charCodeAt(0);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    hash ^= 0x7c;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** mulberry32: fast, 32-bit state, good enough spread for made-up data. */
export function createRng(seed: number, ...stream: number[]): Rng {
  let state = mix(seed, ...stream);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[int(0, items.length - 1)]!;
  };
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    weighted: (entries) => {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return entries.at(-1)![0];
    },
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
    digits: (length) => Array.from({ length }, () => String(int(0, 9))).join(''),
  };
}
