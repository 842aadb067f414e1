import type { APIRequestContext } from '@playwright/test';
import Stripe from 'stripe';
import { DEFAULT_SECRET_KEY, DEFAULT_WEBHOOK_SECRET } from '../test/stripe-stand-in';
import { BASE_URL, tokenFor } from './api';

// Gifts as Stripe makes them, against the suite's Stripe stand-in (scripts/e2e-server.mjs).

/** Stripe reports a checkout session paid: the signed webhook, with the session as Stripe stored it. */
export async function reportPaid(request: APIRequestContext, sessionUrl: string): Promise<void> {
  const url = new URL(sessionUrl);
  const sessionId = url.pathname.split('/').pop()!;
  const session = await (await request.get(`${url.origin}/v1/checkout/sessions/${sessionId}`, { headers: { authorization: `Bearer ${DEFAULT_SECRET_KEY}` } })).json();
  const payload = JSON.stringify({
    id: `evt_e2e_${sessionId}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: { object: { ...session, status: 'complete', payment_status: 'paid' } },
  });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: DEFAULT_WEBHOOK_SECRET });
  const hook = await request.post(`${BASE_URL}/api/funding/webhook`, { data: payload, headers: { 'stripe-signature': header, 'content-type': 'application/json' } });
  if (hook.status() !== 200) throw new Error(`webhook refused: ${hook.status()} ${await hook.text()}`);
}

/** A whole gift by `giver` through the API: checkout, then Stripe's paid report. */
export async function give(request: APIRequestContext, giver: { email: string; password: string }, amount: number, showName: boolean): Promise<void> {
  const token = await tokenFor(request, giver);
  const res = await request.post('/api/funding/checkout', { data: { amount, showName }, headers: { authorization: `Bearer ${token}` } });
  if (res.status() !== 200) throw new Error(`checkout refused: ${res.status()} ${await res.text()}`);
  await reportPaid(request, ((await res.json()) as { url: string }).url);
}
