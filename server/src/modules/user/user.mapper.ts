import type { User } from '@contract/auth';
import type { UserRow } from '../../db/schema';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    isDemo: Number(row.is_demo) === 1,
    emailVerified: row.email_verified_at !== null,
    homeCurrency: row.home_currency,
    createdAt: row.created_at,
  };
}
