/** Fired on window after a successful login; the tenant context reloads on it. */
export const USER_LOGGED_IN_EVENT = 'user-logged-in';

export function announceLogin() {
  window.dispatchEvent(new Event(USER_LOGGED_IN_EVENT));
}
