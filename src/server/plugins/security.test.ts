import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from './security';

const directives = new Map(
  CONTENT_SECURITY_POLICY.split(';').map((d) => {
    const [name = '', ...values] = d.trim().split(/\s+/);
    return [name, values] as const;
  }),
);

describe('the Content-Security-Policy', () => {
  it('lets the site register its own service worker and link its own manifest, and nothing else', () => {
    expect(directives.get('worker-src')).toEqual(["'self'"]);
    expect(directives.get('manifest-src')).toEqual(["'self'"]);
  });

  it('still allows no inline or evaluated script and no framing', () => {
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(SECURITY_HEADERS['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });
});
