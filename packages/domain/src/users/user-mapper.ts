import type { User } from '@compliance/contracts/auth';
import type { PublicUserRow } from '../access/caller';

export function toUser(row: Pick<PublicUserRow, 'id' | 'username' | 'email' | 'full_name' | 'role' | 'is_product_admin' | 'is_active' | 'created_at'>): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    full_name: row.full_name,
    role: row.role,
    is_product_admin: row.is_product_admin,
    is_active: row.is_active,
    created_at: new Date(row.created_at).toISOString(),
  };
}
