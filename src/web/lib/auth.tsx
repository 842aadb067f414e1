import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { AUTH_ENDPOINTS, SESSION_ENDPOINTS } from '../../shared/api/session-endpoints';
import { ACCESS_TOKEN_STORAGE_KEY } from '../../shared/site/model';
import { pathTo } from '../../shared/routing/routes';
import { accountKey, isPhoneOnlyEmail } from '../../shared/users/model';
import type { PhoneRegistrationInput, RegisterUserInput, User } from '../../shared/users/schemas';
import { configureSecureApi, publicApi, secureApi } from './api-client';
import { isReusableToken } from './auth-token';
import { navigate } from './navigation';

/**
 * Auth state (spec section 4): signed out or signed in, with a loading flag. The session is
 * better-auth's HttpOnly cookie; on sign-in the client exchanges it for an access token
 * (POST /api/jwt) kept in localStorage under `access-token`. Loading ends only once the token is
 * stored, or at once when signed out. A page load reuses a stored token that is still good for
 * the signed-in email instead of exchanging again (decision 062). The profile itself is server
 * state, in TanStack Query.
 */

export type AuthUser = User;
export type SocialProvider = 'google' | 'github';

export const userKeys = {
  all: ['users'] as const,
  detail: (email: string) => ['users', 'detail', email] as const,
  isAdmin: (email: string) => ['isAdmin', email] as const,
};

interface Session {
  /** The signed-in email, or null; undefined while the session is being restored. */
  email: string | null | undefined;
  /** What names the account in `/users/{email}`: the email, or the id of a phone-only account (issue 32). */
  key?: string;
}

/** The session's account as better-auth's get-session and phone sign-in answer it. */
interface SessionUser {
  id: string;
  email: string;
}

const keyOf = (who: SessionUser) => (isPhoneOnlyEmail(who.email) ? who.id : who.email.toLowerCase());

interface AuthContextValue {
  session: Session;
  signIn(email: string, password: string): Promise<void>;
  /** Signs in the account that verified this phone, with the code the SMS brought (issue 32). */
  signInWithPhone(phoneNumber: string, code: string): Promise<void>;
  register(body: RegisterUserInput): Promise<void>;
  /** Registration with a phone and the code the SMS brought, no email (issue 32). */
  registerWithPhone(body: PhoneRegistrationInput): Promise<void>;
  signInSocial(provider: SocialProvider, returnTo: string): Promise<void>;
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

async function fetchToken(email: string): Promise<void> {
  const { token } = await publicApi.call(SESSION_ENDPOINTS.token, { body: { email } });
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
}

async function currentSessionUser(): Promise<SessionUser | null> {
  const session = await publicApi.get<{ user?: SessionUser } | null>(AUTH_ENDPOINTS.session.path);
  return session?.user ?? null;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session>({ email: undefined });

  /** No session: forget the token. `clearData` after a real sign-out drops the previous user's data. */
  const signedOut = useCallback(
    (clearData: boolean) => {
      localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
      // On the first check nothing of a user is cached, and clearing would cancel the public
      // queries the page has already started (leaving it on its spinner).
      if (clearData) queryClient.clear();
      setSession({ email: null });
    },
    [queryClient],
  );

  /** After any sign-in: token first, then the session is "signed in". */
  const establish = useCallback(async (who: SessionUser) => {
    const email = who.email.trim().toLowerCase();
    await fetchToken(email);
    setSession({ email, key: keyOf(who) });
  }, []);

  /** A page load: the stored token when it is still good for this email, else a new one. */
  const restore = useCallback(
    async (who: SessionUser) => {
      if (isReusableToken(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY), who.email)) setSession({ email: who.email.toLowerCase(), key: keyOf(who) });
      else await establish(who);
    },
    [establish],
  );

  /** After a registration whose answer does not say the account's address: the session does. */
  const establishFromSession = useCallback(async () => {
    const who = await currentSessionUser();
    if (who) await establish(who);
  }, [establish]);

  useEffect(() => {
    let cancelled = false;
    currentSessionUser()
      .then(async (who) => {
        if (cancelled) return;
        if (who) await restore(who);
        else signedOut(false);
      })
      .catch(() => !cancelled && signedOut(false));
    return () => {
      cancelled = true;
    };
  }, [restore, signedOut]);

  const logout = useCallback(async () => {
    // Signed out on this page first, so what polls for the signed-in user (the bell) unmounts and
    // its call in flight is cancelled: one sent while the session ends would come back 401.
    setSession({ email: null });
    await queryClient.cancelQueries();
    await publicApi.post(AUTH_ENDPOINTS.signOut.path, {}).catch(() => undefined);
    signedOut(true);
  }, [queryClient, signedOut]);

  useEffect(() => {
    configureSecureApi({
      refreshToken: async () => {
        const who = await currentSessionUser();
        if (!who) return false;
        await fetchToken(who.email.toLowerCase());
        return true;
      },
      onUnauthorized: () => {
        void logout().then(() => navigate(pathTo('login')));
      },
    });
    return () => configureSecureApi(null);
  }, [logout]);

  const value = useMemo<AuthContextValue>(
    () => ({
      session,
      async signIn(email, password) {
        const { user: who } = await publicApi.post<{ user: SessionUser }>(AUTH_ENDPOINTS.signInEmail.path, { email, password });
        await establish(who);
      },
      async signInWithPhone(phoneNumber, code) {
        const { user: who } = await publicApi.post<{ user: SessionUser }>(AUTH_ENDPOINTS.verifyPhoneCode.path, { phoneNumber, code });
        await establish(who);
      },
      async register(body) {
        const { insertedId } = await publicApi.call(SESSION_ENDPOINTS.register, { body });
        await establish({ id: insertedId, email: body.email });
      },
      async registerWithPhone(body) {
        await publicApi.call(SESSION_ENDPOINTS.registerWithPhone, { body });
        await establishFromSession();
      },
      async signInSocial(provider, returnTo) {
        const origin = window.location.origin;
        const { url } = await publicApi.post<{ url: string }>(AUTH_ENDPOINTS.signInSocial.path, {
          provider,
          callbackURL: `${origin}${returnTo}`,
          newUserCallbackURL: `${origin}/dashboard/profile`,
          errorCallbackURL: `${origin}/login?error=social`,
        });
        window.location.assign(url);
      },
      logout,
    }),
    [session, establish, establishFromSession, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

function useAuthContext(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}

/** The signed-in user's profile (GET /api/users/{email}, or by its id for a phone-only account). */
function useCurrentUserQuery(key: string | undefined) {
  return useQuery({
    queryKey: userKeys.detail(key ?? ''),
    queryFn: ({ signal }) => secureApi.call(SESSION_ENDPOINTS.user, { args: { email: key! }, signal }),
    enabled: Boolean(key),
  });
}

export interface AuthState {
  user: AuthUser | null;
  /** True while the session, its token and the profile are being loaded. */
  loading: boolean;
  signIn: AuthContextValue['signIn'];
  signInWithPhone: AuthContextValue['signInWithPhone'];
  register: AuthContextValue['register'];
  registerWithPhone: AuthContextValue['registerWithPhone'];
  signInSocial: AuthContextValue['signInSocial'];
  logout: AuthContextValue['logout'];
}

export function useAuth(): AuthState {
  const { session, ...actions } = useAuthContext();
  const profile = useCurrentUserQuery(session.email ? session.key : undefined);
  const loading = session.email === undefined || (Boolean(session.email) && profile.isPending);
  return { user: session.email ? (profile.data ?? null) : null, loading, ...actions };
}

/**
 * The spec's admin check: GET /user/admin/{email}, run once auth loading has finished, cached
 * by email and isAdmin.
 */
export function useIsAdmin(): { isAdmin: boolean; loading: boolean } {
  const { user, loading } = useAuth();
  const query = useQuery({
    queryKey: userKeys.isAdmin(user ? accountKey(user) : ''),
    queryFn: ({ signal }) => secureApi.call(SESSION_ENDPOINTS.isAdmin, { args: { email: accountKey(user!) }, signal }),
    enabled: !loading && Boolean(user),
  });
  return { isAdmin: query.data?.admin ?? false, loading: loading || (Boolean(user) && query.isPending) };
}
