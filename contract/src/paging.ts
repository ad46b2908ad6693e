import { z } from 'zod';

/** The `limit` of a keyset-paged list: a whole number from 1 to `max`, `fallback` when absent. */
export const pageLimitSchema = (fallback: number, max: number) =>
  z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(max, `limit can be at most ${max}`)
    .default(fallback);

/** The `cursor` of a keyset-paged list: opaque, from the previous page's X-Next-Cursor header. */
export const pageCursorSchema = z.string().max(200, 'cursor is not valid').optional();
