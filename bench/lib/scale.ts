/** SCALE=n multiplies every default size of the list benches by n (ten times today's history: SCALE=10). */
export const SCALE = Number(process.env.SCALE ?? 1);
if (!Number.isInteger(SCALE) || SCALE < 1)
  throw new Error(`SCALE must be a whole number from 1, not ${process.env.SCALE}`);

/** The size `name` from the environment, else `base` times SCALE. */
export const sizeOf = (name: string, base: number) => Number(process.env[name] ?? base * SCALE);
