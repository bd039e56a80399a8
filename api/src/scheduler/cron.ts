/**
 * The cron expression (UTC) for "every `minutes` minutes", or null when the runs would not be evenly
 * spaced: minutes must divide an hour, or be whole hours that divide a day.
 */
export function cronEveryMinutes(minutes: number): string | null {
  if (!Number.isInteger(minutes) || minutes < 1) return null;
  if (minutes < 60) return 60 % minutes === 0 ? `*/${minutes} * * * *` : null;
  const hours = minutes / 60;
  if (!Number.isInteger(hours) || hours > 24 || 24 % hours !== 0) return null;
  return hours === 24 ? "0 0 * * *" : `0 */${hours} * * *`;
}
