import { z } from 'zod';

/**
 * Calendar days ("2027-06-30") as the API carries them: a due date, a target date, a birthday. They are days,
 * not moments, so they are read and shown in UTC and never shift with the reader's time zone.
 */
export function isoDateSchema(label: string) {
  return z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date such as 2027-06-30`)
    .refine((text) => {
      // Date parsing rolls 2027-02-30 over to March: a real day reads back as itself.
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
    }, `${label} must be a real date`);
}

const dayFormats = {
  long: new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }),
  short: new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }),
};

/** The day of an ISO date or timestamp, in UTC: "November 19, 2026" (long) or "Nov 19, 2026" (short). */
export const formatDay = (iso: string, style: keyof typeof dayFormats = 'long') =>
  dayFormats[style].format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
