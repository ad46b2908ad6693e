import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export async function findSecuritySettings(db: Db, userId: string) {
  return db
    .selectFrom('security_settings')
    .select(['login_alerts'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function upsertSecuritySettings(db: Db, userId: string, values: { login_alerts: number; at: string }) {
  return db
    .insertInto('security_settings')
    .values({ user_id: userId, login_alerts: values.login_alerts, updated_at: values.at })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({ login_alerts: values.login_alerts, updated_at: values.at }),
    )
    .execute();
}
