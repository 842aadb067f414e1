import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_FILES } from '../src/shared/i18n/model';
import { DASHBOARD_LAYOUT_MODULE, inDashboard, PAGE_ROUTES, PAGES, pageExportName, pageModulesFor, pathTo } from '../src/shared/routing/routes';
import { dashboardHomeFor, menuFor } from '../src/web/layouts/dashboard-menu';
import { CHUNK_GROUP_PATHS, modules } from '../vite.config';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'src/web');

describe('pageModulesFor', () => {
  it('finds the page a path renders, as React Router matches it', () => {
    expect(pageModulesFor('/allRequest')).toEqual(['donation-requests/all-request-page']);
    expect(pageModulesFor('/ALLREQUEST/')).toEqual(['donation-requests/all-request-page']);
    expect(pageModulesFor('/viewBlog/42')).toEqual(['blogs/view-blog-page']);
    expect(pageModulesFor('/c')).toEqual(['funding/funding-page']);
    expect(pageModulesFor('/dashboard/userHome/editDonation/9')).toEqual([DASHBOARD_LAYOUT_MODULE, 'donation-requests/edit-donation-page']);
    expect(pageModulesFor('/dashBoard/userHome/viewDetails/9/')).toEqual([DASHBOARD_LAYOUT_MODULE, 'donation-requests/view-details-page']);
    expect(pageModulesFor('/dashboard')).toEqual([DASHBOARD_LAYOUT_MODULE]);
    expect(pageModulesFor('/dashboard/nope')).toEqual([DASHBOARD_LAYOUT_MODULE]);
  });

  it('finds nothing for the home page (in the main bundle) and for unknown paths', () => {
    for (const p of ['/', '/nope', '/viewBlog', '/viewBlog/', '/viewBlog/1/2', '/blogs', '/dashboardx/profile']) {
      expect(pageModulesFor(p), p).toEqual([]);
    }
  });
});

/** `allDonationRequest` -> `all-donation-request`. */
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

describe('the route table', () => {
  it('names page modules that exist and export the page under the conventional name', () => {
    for (const { module } of PAGE_ROUTES) {
      // The router's glob (`./*/*-page.tsx`) finds only these.
      expect(module, module).toMatch(/^[a-z-]+\/[a-z-]+-page$/);
      const file = path.join(webDir, `${module}.tsx`);
      expect(existsSync(file), module).toBe(true);
      expect(readFileSync(file, 'utf8'), module).toMatch(new RegExp(`^export (function|const) ${pageExportName(module)}\\b`, 'm'));
    }
    expect(pageExportName('donation-requests/all-donation-request-page')).toBe('AllDonationRequestPage');
    expect(existsSync(path.join(webDir, `${DASHBOARD_LAYOUT_MODULE}.tsx`))).toBe(true);
  });

  it('names each page module after its route (its last segment that is not a parameter)', () => {
    const exceptions: Record<string, string> = {
      '/c': 'the short alias of /funding',
      '/dashboard/createDonationReq': 'create-donation-req-page once create-request-page.tsx is free to move',
    };
    for (const { path: p, module } of PAGE_ROUTES) {
      if (p in exceptions) continue;
      const last = p.split('/').filter((s) => s && !s.startsWith(':')).at(-1)!;
      expect(path.basename(module), p).toBe(`${kebab(last)}-page`);
    }
  });

  it('puts every /dashboard page behind sign-in at least (the layout checks it)', () => {
    for (const route of PAGE_ROUTES.filter(inDashboard)) expect(route.guard, route.path).not.toBe('none');
    for (const route of PAGE_ROUTES.filter((r) => !inDashboard(r))) expect(route.menu, route.path).toBeUndefined();
  });

  it('gives the same guards as before', () => {
    const guarded = Object.fromEntries(PAGE_ROUTES.filter((r) => r.guard !== 'none').map((r) => [r.path, r.guard]));
    expect(guarded).toEqual({
      '/requestDetails/:id': 'auth',
      '/c': 'auth',
      '/funding': 'auth',
      '/dashboard/userHome': 'auth',
      '/dashboard/userHome/editDonation/:id': 'auth',
      '/dashboard/userHome/viewDetails/:id': 'auth',
      '/dashboard/profile': 'auth',
      '/dashboard/myDonationRequests': 'auth',
      '/dashboard/createDonationReq': 'auth',
      '/dashboard/adminHome': 'staff',
      '/dashboard/allUsers': 'admin',
      '/dashboard/allDonationRequest': 'staff',
      '/dashboard/contentManagement': 'staff',
      '/dashboard/addBlog': 'staff',
      '/dashboard/editBlog/:id': 'staff',
      '/respond/:id': 'auth',
      '/dashboard/notifications': 'auth',
      '/dashboard/reports': 'staff',
      '/dashboard/audit': 'admin',
      '/dashboard/contactMessages': 'staff',
    });
  });

  it('is what the router loads: no page module or export name is written in it', () => {
    const router = readFileSync(path.join(webDir, 'router.tsx'), 'utf8');
    expect(router).toContain(`import('./${DASHBOARD_LAYOUT_MODULE}')`);
    expect(router).toContain('PAGE_ROUTES');
    for (const { module } of PAGE_ROUTES) {
      expect(router).not.toContain(module);
      expect(router).not.toContain(`'${pageExportName(module)}'`);
    }
  });
});

describe('what reads the route table', () => {
  const item = (to: string, label: string) => ({ to, label });
  const donner = { role: 'donner', status: 'active' } as const;
  const volunteer = { role: 'volunteer', status: 'active' } as const;
  const admin = { role: 'admin', status: 'active' } as const;

  it('lists the spec\'s dashboard menus, in order', () => {
    const donor = [
      item('/dashboard/userHome', 'Dashboard'),
      item('/dashboard/profile', 'Profile'),
      item('/dashboard/myDonationRequests', 'My Requests'),
      item('/dashboard/createDonationReq', 'Create Request'),
    ];
    expect(menuFor(donner, false)).toEqual(donor);
    expect(menuFor(admin, true)).toEqual([
      item('/dashboard/adminHome', 'Admin Home'),
      item('/dashboard/allUsers', 'All Users'),
      item('/dashboard/allDonationRequest', 'All Request'),
      item('/dashboard/contentManagement', 'Content'),
      item('/dashboard/reports', 'Reports'),
      item('/dashboard/audit', 'Audit'),
      item('/dashboard/contactMessages', 'Messages'),
      item('/dashboard/profile', 'Profile'),
    ]);
    expect(menuFor(volunteer, false)).toEqual([
      item('/dashboard/adminHome', 'Admin Home'),
      item('/dashboard/allDonationRequest', 'All Request'),
      item('/dashboard/contentManagement', 'Content'),
      item('/dashboard/reports', 'Reports'),
      item('/dashboard/contactMessages', 'Messages'),
      ...donor.slice(1),
    ]);
    // The admin flag, not the role, picks the admin menu.
    expect(menuFor(admin, false)).toEqual(donor);
    expect(dashboardHomeFor(donner, false)).toBe('/dashboard/userHome');
    expect(dashboardHomeFor(undefined, false)).toBe('/dashboard/userHome');
    expect(dashboardHomeFor(volunteer, false)).toBe('/dashboard/adminHome');
    expect(dashboardHomeFor(donner, true)).toBe('/dashboard/adminHome');
    // A blocked volunteer has no staff power (shared/access/policy.ts): the donor's menu and home.
    expect(menuFor({ ...volunteer, status: 'blocked' }, false)).toEqual(donor);
    expect(dashboardHomeFor({ ...volunteer, status: 'blocked' }, false)).toBe('/dashboard/userHome');
  });

  it('builds links with their parameters filled in', () => {
    expect(pathTo('viewDetails', { id: 'a1' })).toBe('/dashboard/userHome/viewDetails/a1');
    expect(pathTo('editDonation', { id: 'a1' })).toBe('/dashboard/userHome/editDonation/a1');
    expect(pathTo('requestDetails', { id: 'a1' })).toBe('/requestDetails/a1');
    expect(pathTo('blog')).toBe('/blog');
    expect(PAGES.myDonationRequests.path).toBe('/dashboard/myDonationRequests');
    // The public site's addresses (what site.ts's ROUTES held), now built by pathTo like every other.
    expect({
      home: pathTo('home'),
      donationRequests: pathTo('allRequest'),
      blog: pathTo('blog'),
      funding: pathTo('c'),
      searchDonors: pathTo('searchDonors'),
      login: pathTo('login'),
      register: pathTo('register'),
      userDashboard: pathTo('userHome'),
      adminDashboard: pathTo('adminHome'),
    }).toEqual({
      home: '/',
      donationRequests: '/allRequest',
      blog: '/blog',
      funding: '/c',
      searchDonors: '/searchDonors',
      login: '/login',
      register: '/register',
      userDashboard: '/dashboard/userHome',
      adminDashboard: '/dashboard/adminHome',
    });
  });
});

// --- Chunk groups (vite.config.ts, decisions 021 and 025) ---

const SOURCE = /\.tsx?$/;
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : SOURCE.test(e.name) && !e.name.endsWith('.test.ts') ? [path.join(dir, e.name)] : [],
  );

/** A source module's file: `spec` as written (without extension), or a folder's index. */
function resolveModule(spec: string): string | null {
  for (const candidate of [spec, `${spec}.ts`, `${spec}.tsx`, `${spec}/index.ts`, `${spec}/index.tsx`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The modules a file imports for their values (type-only imports add no code), static imports and re-exports alike. */
function valueImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s*['"]([^'"]+)['"]/gm)) {
    const [, typeOnly, what = '', spec = ''] = m;
    const names = /^\{([^}]*)\}$/.exec(what.trim())?.[1];
    const allTypes = names !== undefined && names.split(',').every((n) => n.trim() === '' || /^type\s/.test(n.trim()));
    if (!typeOnly && !allTypes) found.push(spec);
  }
  for (const m of source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) found.push(m[1]!);
  return found;
}

/** The chain of static value imports from `file` to zod, if there is one. */
function zodChain(file: string, seen = new Set<string>()): string[] | null {
  if (seen.has(file)) return null;
  seen.add(file);
  for (const spec of valueImports(file)) {
    if (spec === 'zod' || spec.startsWith('@hookform/resolvers')) return [path.relative(root, file), spec];
    if (!spec.startsWith('.')) continue;
    const target = resolveModule(path.resolve(path.dirname(file), spec));
    const chain = target && zodChain(target, seen);
    if (chain) return [path.relative(root, file), ...chain];
  }
  return null;
}

describe('the chunk groups', () => {
  const groups = Object.entries(CHUNK_GROUP_PATHS);

  it('name folders and modules that exist, so that a rename cannot silently move code between chunks', () => {
    for (const [name, paths] of groups) {
      for (const p of paths) {
        const abs = path.join(root, p);
        if (p.endsWith('/')) expect(existsSync(abs) && statSync(abs).isDirectory(), `${name}: ${p}`).toBe(true);
        else expect(resolveModule(abs), `${name}: ${p}`).not.toBeNull();
      }
    }
  });

  it('take no Bangla catalogue, so each stays a small chunk of its own, loaded in Bangla mode only (decision 046)', () => {
    // The web's catalogues, and src/shared's Bangla message tables (loaded with src/shared/i18n/messages-bn.ts).
    const shared = path.join(root, 'src/shared');
    const sharedTables = readdirSync(shared).map((folder) => path.join(shared, folder, 'texts.bn.ts')).filter((file) => existsSync(file));
    const catalogues = [...Object.values(CATALOGUE_FILES).map((file) => path.join(webDir, file)), ...sharedTables];
    expect(catalogues.length).toBeGreaterThan(20);
    for (const [name, paths] of groups) {
      for (const file of catalogues) expect(modules(...paths).test(file), `${name}: ${path.relative(root, file)}`).toBe(false);
    }
    // A group still takes the English texts beside a catalogue, and a folder every file in it.
    expect(modules('src/web/donation-requests/texts').test(path.join(webDir, 'donation-requests/texts.ts'))).toBe(true);
    expect(modules('src/web/blogs/shared/').test(path.join(webDir, 'blogs/shared/format.ts'))).toBe(true);
  });

  it('keep zod out of common, requests and blog, which public pages load', () => {
    for (const [name, paths] of groups.filter(([name]) => ['common', 'requests', 'blog'].includes(name))) {
      const files = paths
        .filter((p) => p.startsWith('src/'))
        .flatMap((p) => (p.endsWith('/') ? filesUnder(path.join(root, p)) : [resolveModule(path.join(root, p))!]));
      expect(files.length, name).toBeGreaterThan(0);
      for (const file of files) expect(zodChain(file), `${name}: ${path.relative(root, file)}`).toBeNull();
    }
  });
});
