/**
 * How many times a race test repeats its race. On PostgreSQL (`DATABASE_URL=… npm test`, as CI runs it) the two
 * actions really run at once, so every round can find a lost rule: all of them run there. On the embedded PGlite
 * they interleave between statements, and a quarter of the rounds (at least two) finds what those orders can, in
 * a quarter of the time; `LONG_TESTS=true` runs them all there too.
 */
export function raceRounds(rounds: number): number {
  if (process.env.DATABASE_URL || process.env.LONG_TESTS) return rounds;
  return Math.max(2, Math.ceil(rounds / 4));
}
