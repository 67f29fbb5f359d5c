// Helpers for the packages' tests and benchmarks, not part of the API (imported as
// "@cpd/contract/testing"): a seeded random generator, so a failure can be replayed, and NHS
// numbers built with their modulus 11 check digit by a small implementation of their own, so no
// test copies a number from a list.

/** mulberry32: the same numbers in [0, 1) for the same seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Nine digits and their NHS modulus 11 check digit; throws where the check would be 10. */
export function withNhsCheckDigit(first9: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(first9[i]) * (10 - i);
  const check = (11 - (sum % 11)) % 11;
  if (check === 10) throw new Error(`${first9} has no NHS check digit`);
  return `${first9}${check}`;
}
