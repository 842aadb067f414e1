import { describe, expect, it } from 'vitest';
import { INTERVAL_ENV_VARS } from '../shared/matching/model';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.CORS_ORIGINS).toEqual([]);
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'maybe' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'not a url' }],
    ['DONATION_INTERVAL_WHOLE_BLOOD_DAYS', { DONATION_INTERVAL_WHOLE_BLOOD_DAYS: '0' }],
    ['DONATION_INTERVAL_PLASMA_DAYS', { DONATION_INTERVAL_PLASMA_DAYS: 'a month' }],
  ])('stops with a message naming %s', (name, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });

  it('takes a twilio:// SMS_URL with the PUBLIC_URL Twilio posts its callbacks to', () => {
    const twilioUrl = 'twilio://AC0123456789abcdef0123456789abcdef:s3cret-token@api.twilio.com?from=%2B15005550006';
    expect(loadConfig({ SMS_URL: twilioUrl, PUBLIC_URL: 'https://blood.example.org' }).SMS_URL).toBe(twilioUrl);
    expect(() => loadConfig({ SMS_URL: twilioUrl })).toThrow(/PUBLIC_URL: twilio:\/\/ needs PUBLIC_URL/);
    const notAnAccount = () => loadConfig({ SMS_URL: 'twilio://SK0123:s3cret-token@api.twilio.com?from=%2B15005550006', PUBLIC_URL: 'https://blood.example.org' });
    expect(notAnAccount).toThrow(/SMS_URL: the Twilio account SID \(before the :\) starts with AC/);
    expect(notAnAccount).not.toThrow(/s3cret-token/);
  });

  it('reads REMINDER_HOURS_BEFORE: whole hours, largest first, or off (issue 33)', () => {
    expect(loadConfig({}).REMINDER_HOURS_BEFORE).toEqual([3, 1]);
    expect(loadConfig({ REMINDER_HOURS_BEFORE: '1, 6,1' }).REMINDER_HOURS_BEFORE).toEqual([6, 1]);
    expect(loadConfig({ REMINDER_HOURS_BEFORE: 'off' }).REMINDER_HOURS_BEFORE).toEqual([]);
    for (const bad of ['0', '1.5', 'soon', '49']) expect(() => loadConfig({ REMINDER_HOURS_BEFORE: bad })).toThrow(ConfigError);
  });

  it('parses the CORS allow-list', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example' }).CORS_ORIGINS).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });

  it('takes the donation intervals from the shared table, each overridable', () => {
    expect(loadConfig({}).donationIntervals).toEqual({ whole_blood: 120, red_cells: 120, platelets: 7, plasma: 28 });
    expect(loadConfig({ DONATION_INTERVAL_WHOLE_BLOOD_DAYS: '90', DONATION_INTERVAL_PLATELETS_DAYS: '14' }).donationIntervals).toEqual({
      whole_blood: 90,
      red_cells: 120,
      platelets: 14,
      plasma: 28,
    });
    // The names the shared module gives (README lists them) are the ones read.
    for (const [component, name] of Object.entries(INTERVAL_ENV_VARS)) {
      expect(loadConfig({ [name]: '33' }).donationIntervals[component as keyof typeof INTERVAL_ENV_VARS]).toBe(33);
    }
  });
});
