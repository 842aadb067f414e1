import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { pathTo } from '../../shared/routing/routes';
import { PASSWORD_SPECIALS } from '../../shared/users/model';
import type { RegisterUserInput } from '../../shared/users/schemas';
import { successDialog } from '../components/dialogs';
import { PageTitle } from '../components/page-title';
import { useAuth } from '../lib/auth';
import { returnPath } from '../lib/guards';
import { lazyResolver } from '../components/form/lazy-resolver';
import { AvatarField } from './form/avatar-field';
import { BloodGroupSelect, FormAlert, PasswordField, TextField } from '../components/form/form-fields';
import { useMessages } from '../i18n';
import { useMessageText } from '../i18n/messages';
import { registerText } from './auth-texts';
import { useAuthProviders } from './api';
import { PhoneRegistration } from './phone-registration';
import type { RegisterOutput } from './register-resolver';
import { applyServerError } from './form/server-errors';
import { LocationFields } from './form/location-fields';
import { type Way, WayTabs } from './way-tabs';

const FIELDS = ['name', 'email', 'phone', 'avatar', 'blood_group', 'division', 'district', 'upazila', 'password', 'confirm_password'] as const;

const validation = lazyResolver<RegisterUserInput, RegisterOutput>(async () => (await import('./register-resolver')).registerResolver);

const SPECIALS = PASSWORD_SPECIALS.split('').join(' ');

export function RegisterPage() {
  const { user, register: createAccount } = useAuth();
  const navigate = useNavigate();
  // Issue 38: back to the page sign-in was asked for (the request form), passed on by Login.
  const { state: from } = useLocation();
  const returnTo = returnPath(from, pathTo('home'));
  const t = useMessages(registerText);
  const message = useMessageText();
  const providers = useAuthProviders();
  // Issue 32: a second way, with a phone and no email, where the site sends SMS.
  const [way, setWay] = useState<Way>('email');
  const [formError, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  // While the account is being created (and its dialog shown), being signed in is expected:
  // only a visitor who arrives already signed in is sent home at once.
  const [registering, setRegistering] = useState(false);
  validation.usePreload();

  const {
    register,
    control,
    handleSubmit,
    setError,
    trigger,
    getFieldState,
    formState: { errors, isSubmitting },
  } = useForm<RegisterUserInput, unknown, RegisterOutput>({
    mode: 'onTouched',
    resolver: validation.resolver,
    defaultValues: { name: '', email: '', phone: '', avatar: '', division: '', district: '', upazila: '', password: '', confirm_password: '' },
  });
  const avatar = useController({ control, name: 'avatar' });

  if (user && !registering) return <Navigate to={returnTo} replace />;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setRegistering(true);
    try {
      await createAccount(values);
    } catch (error) {
      setRegistering(false);
      setFormError(applyServerError(error, FIELDS, setError));
      return;
    }
    await successDialog(t.created, { timer: 1500 });
    await navigate(returnTo);
  });

  const busy = isSubmitting || uploading;
  const haveAccount = (
    <p className="text-sm">
      {t.haveAccount}{' '}
      <Link to={pathTo('login')} state={from} className="link link-primary font-medium">
        {t.login}
      </Link>
    </p>
  );
  const phoneOffered = providers.data?.phone === true;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <PageTitle title={t.heading} />
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">{t.invite}</p>
      <h1 className="mt-1 text-3xl font-bold sm:text-4xl">{t.heading}</h1>
      <p className="mt-2 max-w-2xl text-base-content/80">{t.intro}</p>

      {phoneOffered && (
        <WayTabs idPrefix="register" label={t.heading} way={way} onChange={setWay} className="mt-8 max-w-md" />
      )}
      {way === 'phone' && phoneOffered ? (
        <div id="register-panel-phone" role="tabpanel" aria-labelledby="register-tab-phone" className="card mt-4 border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body gap-5">
            <PhoneRegistration
              onRegistering={setRegistering}
              onRegistered={async () => {
                await successDialog(t.created, { timer: 1500 });
                await navigate(returnTo);
              }}
            />
            {haveAccount}
          </div>
        </div>
      ) : (
        <form
          onSubmit={onSubmit}
          noValidate
          {...(phoneOffered ? { id: 'register-panel-email', role: 'tabpanel', 'aria-labelledby': 'register-tab-email' } : {})}
          className={`card ${phoneOffered ? 'mt-4' : 'mt-8'} border border-base-300 bg-base-100 shadow-sm`}
        >
          <div className="card-body gap-5">
            <AvatarField
              label={t.photo}
              error={message(avatar.fieldState.error?.message)}
              onChange={avatar.field.onChange}
              onBlur={avatar.field.onBlur}
              onUploadingChange={setUploading}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField id="register-name" label={t.fullName} autoComplete="name" error={message(errors.name?.message)} {...register('name')} />
              <TextField id="register-email" label={t.email} type="email" autoComplete="email" error={message(errors.email?.message)} {...register('email')} />
              <BloodGroupSelect id="register-blood-group" error={message(errors.blood_group?.message)} {...register('blood_group')} />
              <TextField
                id="register-phone"
                label={t.phone}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="01712345678"
                hint={t.phoneHint}
                error={message(errors.phone?.message)}
                {...register('phone')}
              />
            </div>
            <LocationFields control={control} errors={errors} idPrefix="register" />
            <div className="grid gap-4 sm:grid-cols-2">
              <PasswordField
                id="register-password"
                label={t.password}
                autoComplete="new-password"
                hint={t.passwordHint({ specials: SPECIALS })}
                error={message(errors.password?.message)}
                {...register('password', {
                  // Re-check the confirmation once it has been touched, as the password changes.
                  onChange: () => getFieldState('confirm_password').isTouched && void trigger('confirm_password'),
                })}
              />
              <PasswordField
                id="register-confirm-password"
                label={t.confirmPassword}
                toggleNoun={t.confirmToggle}
                autoComplete="new-password"
                error={message(errors.confirm_password?.message)}
                {...register('confirm_password')}
              />
            </div>

            <FormAlert message={message(formError ?? undefined) ?? null} />

            <button type="submit" className="btn btn-primary w-full sm:w-auto sm:self-start" disabled={busy}>
              {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {t.submit}
            </button>
            {haveAccount}
          </div>
        </form>
      )}
    </section>
  );
}
