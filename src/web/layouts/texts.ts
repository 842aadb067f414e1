import { PAGE_ROUTES } from '../../shared/routing/routes';
import { NAV_LABELS } from '../../shared/site/texts';
import { i18n } from '../i18n';

// The dashboard's frame in English (issue 16): its menus (the labels of the route table) and its
// top bar. In the dashboard's chunk, not the home page's; the Bangla texts are in the frame's
// catalogue (src/web/components/texts.bn.ts).

export const LAYOUT_TEXTS = {
  /** The dashboard menus' labels from the route table, by page path. */
  'site/menu': Object.fromEntries(PAGE_ROUTES.flatMap((r) => (r.menu ? [[r.path, r.menu.label]] : []))) as Record<string, string>,
  'site/dashboard': {
    dashboard: 'Dashboard',
    dashboardMenu: 'Dashboard menu',
    site: 'Site',
    backToSite: 'Back to the site',
    logout: NAV_LABELS.logout,
  },
};

export const menuText = i18n('site/menu', LAYOUT_TEXTS['site/menu']);
export const dashboardText = i18n('site/dashboard', LAYOUT_TEXTS['site/dashboard']);
