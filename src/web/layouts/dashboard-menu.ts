import type { Role } from '../../shared/users';

export interface MenuItem {
  to: string;
  label: string;
}

/** The spec's menus (section 2). Volunteers get the staff pages the issues give them. */
const donorMenu: MenuItem[] = [
  { to: '/dashboard/userHome', label: 'Dashboard' },
  { to: '/dashboard/profile', label: 'Profile' },
  { to: '/dashboard/myDonationRequests', label: 'My Requests' },
  { to: '/dashboard/createDonationReq', label: 'Create Request' },
];
const adminMenu: MenuItem[] = [
  { to: '/dashboard/adminHome', label: 'Admin Home' },
  { to: '/dashboard/allUsers', label: 'All Users' },
  { to: '/dashboard/allDonationRequest', label: 'All Request' },
  { to: '/dashboard/contentManagement', label: 'Content' },
  { to: '/dashboard/profile', label: 'Profile' },
];
const volunteerMenu: MenuItem[] = [
  { to: '/dashboard/adminHome', label: 'Admin Home' },
  { to: '/dashboard/allDonationRequest', label: 'All Request' },
  { to: '/dashboard/contentManagement', label: 'Content' },
  ...donorMenu.slice(1),
];

export function menuFor(role: Role, isAdmin: boolean): MenuItem[] {
  if (isAdmin) return adminMenu;
  return role === 'volunteer' ? volunteerMenu : donorMenu;
}

/** Where "Dashboard" leads: admin home for admins (and volunteers), user home otherwise. */
export const dashboardHomeFor = (role: Role | undefined, isAdmin: boolean) =>
  isAdmin || role === 'volunteer' ? '/dashboard/adminHome' : '/dashboard/userHome';
