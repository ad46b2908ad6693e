const HOUR_MS = 3_600_000;

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * Under 1 hour "Just now"; under 24 hours "N hours ago"; under 48 hours
 * "Yesterday"; otherwise the date. A time in the future (clock skew) counts as just now.
 */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const elapsed = now.getTime() - at.getTime();
  if (elapsed < HOUR_MS) return 'Just now';
  if (elapsed < 24 * HOUR_MS) {
    const hours = Math.floor(elapsed / HOUR_MS);
    return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  }
  if (elapsed < 48 * HOUR_MS) return 'Yesterday';
  return dateFormat.format(at);
}
