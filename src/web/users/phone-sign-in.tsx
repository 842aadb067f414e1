import { useId, useState } from 'react';
import { asciiDigits, normalizePhone } from '../../shared/phone/model';
import { PHONE_MESSAGES } from '../../shared/phone/texts';
import { PHONE_CODE_LENGTH } from '../../shared/users/model';
import { FormAlert, TextField } from '../components/form/form-fields';
import { useMessages } from '../i18n';
import { useMessageText } from '../i18n/messages';
import { useAuth } from '../lib/auth';
import { formatPhone } from '../lib/format';
import { useSendPhoneCode } from './api';
import { loginText } from './auth-texts';
import { failureMessage } from './form/server-errors';

/**
 * Login with a verified phone (issue 32): the number, then the code the SMS brought. `onSignedIn`
 * runs once the account is signed in (Login sends the user on).
 */
export function PhoneSignIn({ onSignedIn, onSigningIn }: { onSignedIn: () => Promise<void> | void; onSigningIn: (busy: boolean) => void }) {
  const t = useMessages(loginText);
  const message = useMessageText();
  const { signInWithPhone } = useAuth();
  const send = useSendPhoneCode();
  const [typed, setTyped] = useState('');
  const [number, setNumber] = useState<string | null>(null);
  const [numberError, setNumberError] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeId = useId();

  const askForCode = (event: React.FormEvent) => {
    event.preventDefault();
    const stored = normalizePhone(typed);
    setFailure(null);
    if (!stored) {
      setNumberError(PHONE_MESSAGES.invalid);
      return;
    }
    setNumberError(undefined);
    send.mutate(stored, {
      onSuccess: () => setNumber(stored),
      onError: (error) => setFailure(failureMessage(error)),
    });
  };

  const signIn = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!number) return;
    setFailure(null);
    setBusy(true);
    onSigningIn(true);
    try {
      await signInWithPhone(number, asciiDigits(code).replace(/\s/g, ''));
    } catch (error) {
      setBusy(false);
      onSigningIn(false);
      setFailure(failureMessage(error));
      return;
    }
    await onSignedIn();
  };

  return (
    <div className="flex flex-col gap-4">
      <FormAlert message={message(failure ?? undefined) ?? null} id="phone-login-failure" />
      {number === null ? (
        <form onSubmit={askForCode} noValidate className="flex flex-col gap-4">
          <TextField
            id="login-phone"
            label={t.phone}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            hint={t.phoneHint}
            error={message(numberError)}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          <button type="submit" className="btn btn-primary w-full" disabled={send.isPending}>
            {send.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t.sendCode}
          </button>
        </form>
      ) : (
        <form onSubmit={(e) => void signIn(e)} noValidate className="flex flex-col gap-4">
          <p role="status" className="text-sm">
            {t.codeSent({ phone: formatPhone(number) })}
          </p>
          <TextField
            id={codeId}
            label={t.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={PHONE_CODE_LENGTH + 4}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" className="btn btn-primary w-full" disabled={busy || code.trim() === ''}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t.signInWithCode}
          </button>
          <div className="flex flex-wrap justify-between gap-2">
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => send.mutate(number, { onError: (error) => setFailure(failureMessage(error)) })} disabled={send.isPending}>
              {t.again}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => {
                setNumber(null);
                setCode('');
                setFailure(null);
              }}
            >
              {t.otherNumber}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
