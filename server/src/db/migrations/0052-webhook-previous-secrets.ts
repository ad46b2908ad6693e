import { sql, type Kysely } from 'kysely';

/**
 * A webhook endpoint keeps every secret it rotated out while that secret's own overlap lasts: rotating twice in
 * a day must not end the first old secret early, so one `previous_secret` column is not enough.
 * `previous_secrets` is a JSON list of `{secret, until}` (each secret sealed as `secret` is), written whole by
 * each rotation; an entry past its `until` signs no more and is dropped at the next rotation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('webhook_endpoints')
    .addColumn('previous_secrets', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  const { rows } = await sql<{ id: string; previous_secret: string; previous_secret_until: string }>`
    select id, previous_secret, previous_secret_until from webhook_endpoints
    where previous_secret is not null and previous_secret_until is not null`.execute(db);
  for (const row of rows) {
    const list = [{ secret: row.previous_secret, until: row.previous_secret_until }];
    await sql`update webhook_endpoints set previous_secrets = ${JSON.stringify(list)} where id = ${row.id}`.execute(
      db,
    );
  }
  await db.schema.alterTable('webhook_endpoints').dropColumn('previous_secret').execute();
  await db.schema.alterTable('webhook_endpoints').dropColumn('previous_secret_until').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_endpoints').addColumn('previous_secret', 'text').execute();
  await db.schema.alterTable('webhook_endpoints').addColumn('previous_secret_until', 'text').execute();
  const { rows } = await sql<{ id: string; previous_secrets: string }>`
    select id, previous_secrets from webhook_endpoints where previous_secrets <> '[]'`.execute(db);
  for (const row of rows) {
    const list = JSON.parse(row.previous_secrets) as { secret: string; until: string }[];
    const newest = list.reduce((a, b) => (b.until > a.until ? b : a));
    await sql`update webhook_endpoints set previous_secret = ${newest.secret}, previous_secret_until = ${newest.until}
      where id = ${row.id}`.execute(db);
  }
  await db.schema.alterTable('webhook_endpoints').dropColumn('previous_secrets').execute();
}
