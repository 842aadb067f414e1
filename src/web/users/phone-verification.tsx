import { useId, useState } from 'react';
import { asciiDigits } from '../../shared/phone/model';
import { accountKey, PHONE_CODE_LENGTH } from '../../shared/users/model';
import type { User } from '../../shared/users/schemas';
import { useMessages } from '../i18n';
import { formatPhone } from '../lib/format';
import { toast } from '../lib/toast';
import { useAuthProviders, useSendPhoneCode, useVerifyPhoneCode } from './api';
import { phoneText } from './texts';

const errorOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/**
 * The profile's phone, verified by a code sent by SMS (issue 32): a badge when it is, and, when
 * the site sends SMS, the two steps to verify it (send the code, type it back).
 */
export function PhoneVerification({ user }: { user: User }) {
  const t = useMessages(phoneText);
  const providers = useAuthProviders();
  const send = useSendPhoneCode();
  const verify = useVerifyPhoneCode(accountKey(user));
  const [code, setCode] = useState('');
  const codeId = useId();
  const phone = user.phone;
  if (!phone || user.phoneVerified || !providers.data?.phone) return null;
  const shown = formatPhone(phone);

  const sendCode = () => {
    verify.reset();
    send.mutate(phone);
  };
  const check = (event: React.FormEvent) => {
    event.preventDefault();
    verify.mutate({ phoneNumber: phone, code: asciiDigits(code).replace(/\s/g, '') }, { onSuccess: () => toast.success(t.done) });
  };

  return (
    <section aria-labelledby={`${codeId}-heading`} className="rounded-box border border-base-300 bg-base-200/60 p-4">
      <h3 id={`${codeId}-heading`} className="font-semibold">
        {t.heading}
      </h3>
      {!send.isSuccess ? (
        <>
          <p className="mt-1 text-sm">{t.why({ phone: shown })}</p>
          <button type="button" className="btn btn-primary mt-3 w-full sm:w-auto" onClick={sendCode} disabled={send.isPending}>
            {send.isPending ? t.sending : t.send}
          </button>
        </>
      ) : (
        <form className="mt-1 flex flex-col gap-3" onSubmit={check} noValidate>
          <p role="status" className="text-sm">
            {t.sent({ phone: shown })}
          </p>
          <label className="form-control w-full sm:max-w-xs" htmlFor={codeId}>
            <span className="label-text mb-1">{t.codeLabel}</span>
            <input
              id={codeId}
              className="input input-bordered w-full text-lg tracking-widest"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={PHONE_CODE_LENGTH + 4}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              aria-invalid={verify.isError || undefined}
              aria-describedby={verify.isError ? `${codeId}-error` : undefined}
            />
          </label>
          {verify.isError && (
            <p id={`${codeId}-error`} role="alert" className="text-sm text-error">
              {errorOf(verify.error, t.failed)}
            </p>
          )}
          <div className="flex flex-col gap-2 sm:flex-row">
            <button type="submit" className="btn btn-primary" disabled={verify.isPending || code.trim() === ''}>
              {verify.isPending ? t.confirming : t.confirm}
            </button>
            <button type="button" className="btn btn-ghost" onClick={sendCode} disabled={send.isPending}>
              {t.again}
            </button>
          </div>
        </form>
      )}
      {send.isError && (
        <p role="alert" className="mt-2 text-sm text-error">
          {errorOf(send.error, t.failed)}
        </p>
      )}
    </section>
  );
}

/**
 * The phone as the profile shows it: the number and whether it is verified ("not verified" only
 * where the site sends SMS, so the donor could verify it).
 */
export function PhoneFact({ user }: { user: User }) {
  const t = useMessages(phoneText);
  const providers = useAuthProviders();
  if (!user.phone) return null;
  const badge = user.phoneVerified ? t.verified : providers.data?.phone ? t.notVerified : null;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span>{formatPhone(user.phone)}</span>
      {badge && <span className={`badge badge-sm ${user.phoneVerified ? 'badge-success' : 'badge-ghost'}`}>{badge}</span>}
    </span>
  );
}
