import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PHONE_CODE_LENGTH } from '../../shared/users/model';
import type { PhoneRegistrationInput } from '../../shared/users/schemas';
import { BloodGroupSelect, FormAlert, TextField } from '../components/form/form-fields';
import { lazyResolver } from '../components/form/lazy-resolver';
import { useMessages } from '../i18n';
import { useMessageText } from '../i18n/messages';
import { useAuth } from '../lib/auth';
import { formatPhone } from '../lib/format';
import { loginText, registerText } from './auth-texts';
import { applyServerError } from './form/server-errors';
import { AskForCode, CodeAgain } from './phone-sign-in';
import type { PhoneRegistrationOutput } from './phone-registration-resolver';
import { LocationFields } from './form/location-fields';

const FIELDS = ['code', 'name', 'blood_group', 'division', 'district', 'upazila'] as const;

const validation = lazyResolver<PhoneRegistrationInput, PhoneRegistrationOutput>(async () => (await import('./phone-registration-resolver')).phoneRegistrationResolver);

/**
 * Registration with a phone and no email (issue 32): the number, then the code the SMS brought
 * with what makes a donor findable (name, blood group, place). `onRegistered` runs once the
 * account is signed in.
 */
export function PhoneRegistration({ onRegistering, onRegistered }: { onRegistering: (busy: boolean) => void; onRegistered: () => Promise<void> | void }) {
  const t = useMessages(registerText);
  const login = useMessages(loginText);
  const message = useMessageText();
  const [number, setNumber] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <FormAlert message={message(failure ?? undefined) ?? null} id="phone-register-failure" />
      {number === null ? (
        <AskForCode id="register-mobile" label={t.mobile} hint={t.mobileHint} onSent={setNumber} onFailure={setFailure} />
      ) : (
        <>
          <p role="status" className="text-sm">
            {login.codeSent({ phone: formatPhone(number) })}
          </p>
          <DonorDetails
            key={number}
            number={number}
            onFailure={setFailure}
            onRegistering={onRegistering}
            onRegistered={onRegistered}
            again={<CodeAgain number={number} onFailure={setFailure} onOtherNumber={() => (setNumber(null), setFailure(null))} />}
          />
        </>
      )}
    </div>
  );
}

function DonorDetails({
  number,
  again,
  onFailure,
  onRegistering,
  onRegistered,
}: {
  number: string;
  again: React.ReactNode;
  onFailure: (failure: string | null) => void;
  onRegistering: (busy: boolean) => void;
  onRegistered: () => Promise<void> | void;
}) {
  const t = useMessages(registerText);
  const login = useMessages(loginText);
  const message = useMessageText();
  const { registerWithPhone } = useAuth();
  const codeId = useId();
  validation.usePreload();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PhoneRegistrationInput, unknown, PhoneRegistrationOutput>({
    mode: 'onTouched',
    resolver: validation.resolver,
    defaultValues: { phoneNumber: number, code: '', name: '', division: '', district: '', upazila: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    onFailure(null);
    onRegistering(true);
    try {
      await registerWithPhone(values);
    } catch (error) {
      onRegistering(false);
      onFailure(applyServerError(error, FIELDS, setError));
      return;
    }
    await onRegistered();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        id={codeId}
        label={login.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={PHONE_CODE_LENGTH + 4}
        error={message(errors.code?.message)}
        {...register('code')}
      />
      {again}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="register-phone-name" label={t.fullName} autoComplete="name" error={message(errors.name?.message)} {...register('name')} />
        <BloodGroupSelect id="register-phone-blood-group" error={message(errors.blood_group?.message)} {...register('blood_group')} />
      </div>
      <LocationFields control={control} errors={errors} idPrefix="register-phone" />
      <button type="submit" className="btn btn-primary w-full sm:w-auto sm:self-start" disabled={isSubmitting}>
        {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {t.submit}
      </button>
    </form>
  );
}
