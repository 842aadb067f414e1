import { type DashboardMenu, PAGE_ROUTES, pathTo } from '../../shared/routing/routes';
import { type Actor, hasRole } from '../../shared/access/policy';

/** An active volunteer (a blocked one has no staff power: shared/access/policy.ts). */
const isVolunteer = (user: Actor | null | undefined) => hasRole(user, ['volunteer']);

export interface MenuItem {
  to: string;
  label: string;
}

/** The spec's menus (section 2): the route table's rows that name the menu, in the table's order. */
const menus = Object.fromEntries(
  (['admin', 'volunteer', 'donor'] as const).map((menu) => [
    menu,
    PAGE_ROUTES.flatMap((route) => (route.menu?.in.includes(menu) ? [{ to: route.path, label: route.menu.label }] : [])),
  ]),
) as Record<DashboardMenu, MenuItem[]>;

/** A blocked volunteer gets the donor's menu: the server refuses them every staff page. */
export function menuFor(user: Actor | null | undefined, isAdmin: boolean): MenuItem[] {
  if (isAdmin) return menus.admin;
  return isVolunteer(user) ? menus.volunteer : menus.donor;
}

/** Where "Dashboard" leads: admin home for admins and active volunteers, user home otherwise. */
export const dashboardHomeFor = (user: Actor | null | undefined, isAdmin: boolean) =>
  isAdmin || isVolunteer(user) ? pathTo('adminHome') : pathTo('userHome');
