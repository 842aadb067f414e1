import type { Role } from '../../shared/users/model';
import type { AppDeps } from '../deps';

/** Who may call a route, as its guard says: read by the OpenAPI document (index.ts). */
export interface RouteAccess {
  /** `optionalUser`: a token is read when sent, and the route is public without one. */
  optional: boolean;
  /** `requireRole(...)`: the roles allowed; empty for `requireUser` (any active account). */
  roles: readonly Role[];
}

const marks = new WeakMap<object, RouteAccess>();

/**
 * The same deps, with guards that remember what they were made for: `requireUser` and
 * `optionalUser` are marked as they are, and each `requireRole(...roles)` handler is marked with
 * its roles as the routes create it. They behave exactly as before; only the document reads the
 * marks (a route names its guard once, in its `preHandler`, and the document follows it).
 */
export function withDocumentedGuards(deps: AppDeps): AppDeps {
  const { guards } = deps;
  marks.set(guards.requireUser, { optional: false, roles: [] });
  marks.set(guards.optionalUser, { optional: true, roles: [] });
  const requireRole: typeof guards.requireRole = (...roles) => {
    const handler = guards.requireRole(...roles);
    marks.set(handler, { optional: false, roles });
    return handler;
  };
  return { ...deps, guards: { ...guards, requireRole } };
}

/** The access of a route, from the guard among its preHandlers; undefined for a public route. */
export function accessOf(preHandler: unknown): RouteAccess | undefined {
  for (const handler of [preHandler].flat()) {
    const mark = typeof handler === 'function' ? marks.get(handler) : undefined;
    if (mark) return mark;
  }
  return undefined;
}
