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
 * The first step of a sign-in or a registration with a phone (issue 32): the number, as typed,
 * then a code by SMS to it. `onSent` gets the number in its stored form.
 */
export function AskForCode({ id, label, hint, onSent, onFailure }: { id: string; label: string; hint: string; onSent: (stored: string) => void; onFailure: (failure: string | null) => void }) {
  const t = useMessages(loginText);
  const message = useMessageText();
  const send = useSendPhoneCode();
  const [typed, setTyped] = useState('');
  const [numberError, setNumberError] = useState<string | undefined>();
  const askForCode = (event: React.FormEvent) => {
    event.preventDefault();
    const stored = normalizePhone(typed);
    onFailure(null);
    if (!stored) {
      setNumberError(PHONE_MESSAGES.invalid);
      return;
    }
    setNumberError(undefined);
    send.mutate(stored, {
      onSuccess: () => onSent(stored),
      onError: (error) => onFailure(failureMessage(error)),
    });
  };
  return (
    <form onSubmit={askForCode} noValidate className="flex flex-col gap-4">
      <TextField id={id} label={label} type="tel" inputMode="tel" autoComplete="tel" hint={hint} error={message(numberError)} value={typed} onChange={(e) => setTyped(e.target.value)} />
      <button type="submit" className="btn btn-primary w-full" disabled={send.isPending}>
        {send.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {t.sendCode}
      </button>
    </form>
  );
}

/** Under the code's field: a new code to the same number, or back to the number. */
export function CodeAgain({ number, onFailure, onOtherNumber }: { number: string; onFailure: (failure: string | null) => void; onOtherNumber: () => void }) {
  const t = useMessages(loginText);
  const send = useSendPhoneCode();
  return (
    <div className="flex flex-wrap justify-between gap-2">
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => send.mutate(number, { onError: (error) => onFailure(failureMessage(error)) })} disabled={send.isPending}>
        {t.again}
      </button>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onOtherNumber}>
        {t.otherNumber}
      </button>
    </div>
  );
}

/**
 * Login with a verified phone (issue 32): the number, then the code the SMS brought. `onSignedIn`
 * runs once the account is signed in (Login sends the user on).
 */
export function PhoneSignIn({ onSignedIn, onSigningIn }: { onSignedIn: () => Promise<void> | void; onSigningIn: (busy: boolean) => void }) {
  const t = useMessages(loginText);
  const message = useMessageText();
  const { signInWithPhone } = useAuth();
  const [number, setNumber] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeId = useId();

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
        <AskForCode id="login-phone" label={t.phone} hint={t.phoneHint} onSent={setNumber} onFailure={setFailure} />
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
          <CodeAgain
            number={number}
            onFailure={setFailure}
            onOtherNumber={() => {
              setNumber(null);
              setCode('');
              setFailure(null);
            }}
          />
        </form>
      )}
    </div>
  );
}
