import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_LAYOUT_MODULE, DASHBOARD_PAGE_MODULES, PUBLIC_PAGE_MODULES, pageModulesFor } from '../src/shared/page-modules';

const webDir = path.resolve(import.meta.dirname, '../src/web');

describe('pageModulesFor', () => {
  it('finds the page a path renders, as React Router matches it', () => {
    expect(pageModulesFor('/allRequest')).toEqual(['donation-requests/all-requests-page']);
    expect(pageModulesFor('/ALLREQUEST/')).toEqual(['donation-requests/all-requests-page']);
    expect(pageModulesFor('/viewBlog/42')).toEqual(['blogs/view-blog-page']);
    expect(pageModulesFor('/c')).toEqual(['funding/funding-page']);
    expect(pageModulesFor('/dashboard/userHome/editDonation/9')).toEqual([DASHBOARD_LAYOUT_MODULE, 'donation-requests/edit-request-page']);
    expect(pageModulesFor('/dashboard')).toEqual([DASHBOARD_LAYOUT_MODULE]);
    expect(pageModulesFor('/dashboard/nope')).toEqual([DASHBOARD_LAYOUT_MODULE]);
  });

  it('finds nothing for the home page (in the main bundle) and for unknown paths', () => {
    for (const p of ['/', '/nope', '/viewBlog', '/viewBlog/', '/viewBlog/1/2', '/blogs', '/dashboardx/profile']) {
      expect(pageModulesFor(p), p).toEqual([]);
    }
  });
});

describe('the page module table', () => {
  it('names files that exist', () => {
    const modules = [...Object.values(PUBLIC_PAGE_MODULES), ...Object.values(DASHBOARD_PAGE_MODULES), DASHBOARD_LAYOUT_MODULE];
    for (const m of modules) expect(existsSync(path.join(webDir, `${m}.tsx`)), m).toBe(true);
  });

  it('is what the router loads: every page route comes from it, the layout is the one imported', () => {
    const router = readFileSync(path.join(webDir, 'router.tsx'), 'utf8');
    for (const p of Object.keys(PUBLIC_PAGE_MODULES)) expect(router).toContain(`page(pub, '${p}',`);
    for (const p of Object.keys(DASHBOARD_PAGE_MODULES)) expect(router).toContain(`page(dash, '${p}',`);
    expect(router).toContain(`import('./${DASHBOARD_LAYOUT_MODULE}')`);
    expect(router).not.toMatch(/import\('\.\/[\w-]+\/[\w-]+-page'\)/);
  });
});
