import { describe, expect, it } from 'vitest';
import { parseSmsUrl } from './sms-url';

describe('SMS_URL', () => {
  it('smpp://: the account (URL-decoded), the host, the port (2775 unless given) and the sender', () => {
    expect(parseSmsUrl('smpp://blood_esme:p%40ss%3Aw0rd@smsc.example.com.bd:2776?source=BloodDonation')).toEqual({
      kind: 'smpp',
      host: 'smsc.example.com.bd',
      port: 2776,
      systemId: 'blood_esme',
      password: 'p@ss:w0rd',
      source: 'BloodDonation',
    });
    expect(parseSmsUrl('smpp://esme:secret@10.0.0.5?source=16263')).toMatchObject({ host: '10.0.0.5', port: 2775, source: '16263' });
    // A socket takes an IPv6 address without the URL's brackets.
    expect(parseSmsUrl('smpp://esme:secret@[::1]:2775?source=BloodDonation')).toMatchObject({ host: '::1', port: 2775 });
  });

  it('twilio://: the account, the API host and the sender', () => {
    expect(parseSmsUrl('twilio://AC0123456789abcdef:tok%2Fen@api.twilio.com?from=%2B15005550006')).toEqual({
      kind: 'twilio',
      accountSid: 'AC0123456789abcdef',
      authToken: 'tok/en',
      host: 'api.twilio.com',
      from: '+15005550006',
    });
  });

  it('refuses a URL without its sender or its account, naming SMS_URL and what is missing', () => {
    expect(() => parseSmsUrl('smpp://esme:secret@smsc.example.com')).toThrow(/SMS_URL.*\?source=SENDER/);
    expect(() => parseSmsUrl('smpp://esme:secret@smsc.example.com?source=')).toThrow(/\?source=SENDER/);
    expect(() => parseSmsUrl('smpp://smsc.example.com?source=BloodDonation')).toThrow(/SMS_URL.*SYSTEM_ID:PASSWORD/);
    expect(() => parseSmsUrl('twilio://AC1:tok@api.twilio.com')).toThrow(/SMS_URL.*\?from=NUMBER/);
    // source_addr holds 20 characters at most.
    expect(() => parseSmsUrl('smpp://esme:secret@smsc.example.com?source=BloodDonationBangladesh')).toThrow(/longer than/);
  });

  it('refuses another scheme or what is not a URL, saying which forms it takes', () => {
    expect(() => parseSmsUrl('https://esme:secret@smsc.example.com?source=X')).toThrow(/SMS_URL has the scheme "https"; expected smpp:\/\/.* or twilio:\/\//);
    expect(() => parseSmsUrl('smsc.example.com:2775')).toThrow(/SMS_URL/);
    expect(() => parseSmsUrl('')).toThrow(/SMS_URL is not a URL/);
  });

  it('never shows the password in its errors', () => {
    const secret = 'S3cr3t-Pa55';
    const bad = [
      `smpp://esme:${secret}@smsc.example.com`, // no source
      `smpp://esme:${secret}@smsc.example.com:0?source=X`, // port 0
      `smpp://esme:${secret}@smsc.example.com:99999?source=X`, // not a URL (the port)
      `smpp://${secret}@smsc.example.com?source=X`, // the password where the user goes
      `smpp://esme:${secret}%zz@smsc.example.com?source=X`, // a bad %-escape
      `http://esme:${secret}@smsc.example.com`,
      `twilio://AC1:${secret}@api.twilio.com`,
    ];
    for (const raw of bad) {
      let message = '';
      try {
        parseSmsUrl(raw);
      } catch (err) {
        message = err instanceof Error ? `${err.message} ${String(err.cause ?? '')}` : String(err);
      }
      expect(message, raw).toMatch(/SMS_URL/);
      expect(message, raw).not.toContain(secret);
    }
  });
});
