import { useEffect } from 'react';
import { accountKey } from '../../shared/users/model';
import { canWrite } from '../../shared/access/policy';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { useAuth } from '../lib/auth';
import { secureApi } from '../lib/api-client';
import { lang } from './lang';

// A signed-in user's language is remembered on their account (issue 16), so alerts and emails
// reach them in it. The device's choice wins: after sign-in, and after each switch, it is saved
// once per account and language (a local note avoids a call on every page load).

const noteKey = (email: string) => `lang-saved:${email}`;

function save(email: string): void {
  const value = lang.get();
  try {
    if (localStorage.getItem(noteKey(email)) === value) return;
  } catch {
    return;
  }
  secureApi
    .call(ENDPOINTS.updateNotificationSettings, { args: { email }, body: { language: value } })
    .then(() => localStorage.setItem(noteKey(email), value))
    .catch(() => {
      // A blocked account cannot write; offline: tried again at the next switch or sign-in.
    });
}

/**
 * Keeps the account's language in step with the switch while an active account is signed in. A
 * blocked account writes nothing (the server would answer 403, which signs the user out).
 */
export function useAccountLanguage(): void {
  const { user } = useAuth();
  const email = canWrite(user) ? accountKey(user!) : null;
  useEffect(() => (email ? lang.subscribe(() => save(email)) : undefined), [email]);
}

/** Renders nothing: the account's language follows the switch (src/web/providers.tsx). */
export function AccountLanguage(): null {
  useAccountLanguage();
  return null;
}
