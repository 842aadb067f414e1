import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { hasRole } from '../../shared/access/policy';
import type { Role } from '../../shared/users/model';
import { Spinner } from '../components/spinner';
import { commonText } from '../components/texts';
import { useMessages } from '../i18n';
import { useAuth, useIsAdmin } from './auth';

/** Where a guard was going, so sign-in can return there. */
export interface FromState {
  from?: string;
}

/** The page a sign-in or registration returns to: only a path inside this site (a crafted state must not send the user elsewhere). */
export function returnPath(state: unknown, fallback: string): string {
  const from = (state as FromState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : fallback;
}

/** Spec section 2: signed-out users go to /login, remembering the page they came from. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  const t = useMessages(commonText);
  if (loading) return <Spinner fullScreen label={t.checkingSession} />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search } satisfies FromState} />;
  return children;
}

/** Admin routes: login plus the admin flag; anyone else goes to / (history replaced). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const admin = useIsAdmin();
  const location = useLocation();
  const t = useMessages(commonText);
  if (loading || admin.loading) return <Spinner fullScreen label={t.checkingAccess} />;
  if (!user || !admin.isAdmin) return <Navigate to="/" replace state={{ from: location.pathname } satisfies FromState} />;
  return children;
}

/** Staff routes (admin home, all requests, content): active admins and volunteers, as the server decides. */
export function RequireRole({ roles, children }: { roles: Role[]; children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  const t = useMessages(commonText);
  if (loading) return <Spinner fullScreen label={t.checkingAccess} />;
  if (!hasRole(user, roles)) return <Navigate to="/" replace state={{ from: location.pathname } satisfies FromState} />;
  return children;
}
