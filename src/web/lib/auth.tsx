// Placeholder for the accounts work, which replaces this file with the real provider
// (better-auth session -> POST /api/jwt -> `access-token` in localStorage; spec section 4).
// Until then nobody is signed in, so the navbar shows Login and Register.

export interface AuthUser {
  name: string;
  email: string;
  /** Image URL of the user's avatar; null when the user has none. */
  avatar: string | null;
}

export interface AuthState {
  user: AuthUser | null;
  /** True while the session is being restored; guards show a spinner meanwhile. */
  loading: boolean;
  /** Ends the session and removes the access token. */
  logout: () => Promise<void>;
}

const SIGNED_OUT: AuthState = { user: null, loading: false, logout: () => Promise.resolve() };

export function useAuth(): AuthState {
  return SIGNED_OUT;
}
