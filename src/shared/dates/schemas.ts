import { z } from 'zod';

/** A calendar date as the date input gives it (YYYY-MM-DD), checked to be a real day. */
export const calendarDateSchema = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, 'Not a real date');
