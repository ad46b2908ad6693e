/**
 * JSON for a jsonb parameter of a PostgreSQL function, with bigint (money, counts) as decimal text: the
 * function reads it back by the column's type (jsonb_populate_recordset), so an amount never becomes a JSON
 * number, which would lose precision past 2^53.
 */
export const jsonbText = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item));
