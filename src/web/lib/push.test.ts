import { describe, expect, it } from 'vitest';
import { base64UrlToBytes } from './push';

describe('the server key as bytes', () => {
  it('decodes base64url without padding, as VAPID keys are written', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 251) % 256);
    const key = Buffer.from(bytes).toString('base64url');
    expect(key).not.toMatch(/[+/=]/);
    expect(base64UrlToBytes(key)).toEqual(bytes);
  });
});
