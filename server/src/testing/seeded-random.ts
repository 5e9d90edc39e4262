// A small seeded pseudo-random generator (mulberry32) for tests that draw their work at random: the
// same seed draws the same choices, so a failing run can be repeated with its printed seed.

export interface Random {
  /** In [0, 1). */
  next(): number;
  /** A whole number from min to max, both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** One key of the weights, drawn in proportion to its weight. */
  weighted<K extends string>(weights: Record<K, number>): K;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => {
      if (!items.length) throw new Error('pick from nothing');
      return items[int(0, items.length - 1)];
    },
    chance: (probability) => next() < probability,
    weighted(weights) {
      const entries = Object.entries(weights) as [keyof typeof weights, number][];
      let draw = next() * entries.reduce((sum, [, w]) => sum + w, 0);
      for (const [key, w] of entries) {
        draw -= w;
        if (draw < 0) return key;
      }
      return entries[entries.length - 1][0];
    },
  };
}

/** The seed a test runs with: the environment variable when set (to repeat a run), else a new one. */
export function testSeed(variable: string): number {
  const given = process.env[variable];
  if (given !== undefined && given !== '') {
    const seed = Number(given);
    if (!Number.isSafeInteger(seed)) throw new Error(`${variable} must be a whole number, got ${given}`);
    return seed;
  }
  return Math.floor(Math.random() * 2 ** 31);
}
