import { describe, expect, it } from 'vitest';
import type { PushPayload } from '../shared/notifications/model';
import { pathTo } from '../shared/routing/routes';
import { clickTarget, GENERIC_ALERT, NOTIFICATION_BADGE, NOTIFICATION_ICON, notificationFor } from './sw-actions';

const payload: PushPayload = {
  title: 'O+ blood needed in Mirpur',
  body: 'Whole blood, 2 units, today at 16:00 — Dhaka Medical College Hospital',
  requestId: 'req-42',
  url: '/respond/req-42',
  tag: 'request-req-42',
};

describe('the notification for a push', () => {
  it('shows the payload with Accept and Decline, and keeps the url and request for the click', () => {
    expect(notificationFor(payload)).toEqual({
      title: payload.title,
      options: {
        body: payload.body,
        tag: payload.tag,
        icon: NOTIFICATION_ICON,
        badge: NOTIFICATION_BADGE,
        data: { url: payload.url, requestId: 'req-42' },
        actions: [
          { action: 'accept', title: 'Accept' },
          { action: 'decline', title: 'Decline' },
        ],
      },
    });
  });

  it('shows a generic alert, without actions, for a push without data, JSON or an object', () => {
    for (const malformed of [null, undefined, 'not an object', 42, [], {}]) {
      const { title, options } = notificationFor(malformed);
      expect(title).toBe(GENERIC_ALERT.title);
      expect(options.body).toBe(GENERIC_ALERT.body);
      expect(options.actions).toEqual([]);
      expect(options.tag).toBeUndefined();
      expect(options.data).toEqual({ url: pathTo('allRequest'), requestId: null });
    }
  });

  it('falls back field by field: a request without title or url still gets its actions and answer page', () => {
    const { title, options } = notificationFor({ requestId: 'req-7', title: 42, url: 'https://evil.example/' });
    expect(title).toBe(GENERIC_ALERT.title);
    expect(options.tag).toBe('request-req-7');
    expect(options.data).toEqual({ url: '/respond/req-7', requestId: 'req-7' });
    expect(options.actions.map((a) => a.action)).toEqual(['accept', 'decline']);
  });

  it('never keeps a url that leads off the site', () => {
    for (const url of ['https://evil.example/x', '//evil.example/x', '/\\evil.example/x', 'javascript:alert(1)', 'respond/1']) {
      expect(notificationFor({ ...payload, url }).options.data.url, url).toBe('/respond/req-42');
    }
  });
});

describe('the page a click opens', () => {
  const data = { url: '/respond/req%2F42', requestId: 'req/42' };

  it('answers the request on its one-tap page from the Accept and Decline buttons', () => {
    expect(clickTarget('accept', data)).toBe('/respond/req%2F42?answer=accept');
    expect(clickTarget('decline', data)).toBe('/respond/req%2F42?answer=decline');
  });

  it("opens the notification's url on a plain click (or an unknown action)", () => {
    expect(clickTarget('', data)).toBe('/respond/req%2F42');
    expect(clickTarget('snooze', { ...data, url: '/dashboard/notifications' })).toBe('/dashboard/notifications');
  });

  it('falls back to the request, then to the list of requests, when the data is missing or foreign', () => {
    expect(clickTarget('', { requestId: 'req-1', url: 'https://evil.example/' })).toBe('/respond/req-1');
    expect(clickTarget('accept', { url: '/x' })).toBe('/x');
    for (const junk of [null, undefined, 'x', 5, {}]) expect(clickTarget('accept', junk)).toBe(pathTo('allRequest'));
  });
});
