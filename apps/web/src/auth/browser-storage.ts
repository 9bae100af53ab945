import type { User } from '@compliance/contracts/auth';

/**
 * The spec's browser storage keys. They hold UI state only: who is signed in is decided by the
 * server from the httpOnly session cookie, never from these values.
 */
const KEYS = {
  username: 'username',
  user: 'user',
  tenantId: 'selectedTenantId',
  legacyTenantId: 'selected_tenant_id',
  organizationId: 'selectedOrganizationId',
} as const;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the UI state simply is not remembered.
  }
}

export function storeSignedInUser(user: User) {
  write(KEYS.username, user.username);
  write(KEYS.user, JSON.stringify(user));
}

export function clearSignedInUser() {
  write(KEYS.username, null);
  write(KEYS.user, null);
}

export function readStoredUsername(): string | null {
  return read(KEYS.username);
}

/** The remembered tenant: the current key first, else the legacy key, which is migrated and removed. */
export function readStoredTenantId(): string | null {
  const current = read(KEYS.tenantId);
  if (current) return current;
  const legacy = read(KEYS.legacyTenantId);
  if (legacy) {
    write(KEYS.tenantId, legacy);
    write(KEYS.legacyTenantId, null);
  }
  return legacy;
}

export function storeTenantId(id: string | null) {
  write(KEYS.tenantId, id);
}

export function readStoredOrganizationId(): string | null {
  return read(KEYS.organizationId);
}

export function storeOrganizationId(id: string | null) {
  write(KEYS.organizationId, id);
}

/** The assistant's conversations, one per tenant, in sessionStorage: `assistant:conversation:<tenant id>`. */
export const ASSISTANT_CONVERSATION_PREFIX = 'assistant:conversation:';

/** Forgets every tenant's assistant conversation (at logout and at login: never shown to the next person). */
export function clearAssistantConversations() {
  try {
    const storage = window.sessionStorage;
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
    for (const key of keys) if (key?.startsWith(ASSISTANT_CONVERSATION_PREFIX)) storage.removeItem(key);
  } catch {
    // No session storage: nothing was remembered.
  }
}
