import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { PAGE_HEADINGS, ROUTES } from '../../shared/site';
import { PASSWORD_SPECIALS, USER_MESSAGES } from '../../shared/user-rules';
import type { RegisterUserInput } from '../../shared/users';
import { successDialog } from '../components/dialogs';
import { LocationSelect } from '../components/location-select';
import { PageTitle } from '../components/page-title';
import { useAuth } from '../lib/auth';
import { lazyResolver } from '../components/form/lazy-resolver';
import { AvatarField } from './form/avatar-field';
import { BloodGroupSelect, FormAlert, PasswordField, TextField } from '../components/form/form-fields';
import { ACCOUNT_TEXTS } from './form/messages';
import type { RegisterOutput } from './register-resolver';
import { applyServerError } from './form/server-errors';

const FIELDS = ['name', 'email', 'avatar', 'blood_group', 'division', 'district', 'upazila', 'password', 'confirm_password'] as const;

const validation = lazyResolver<RegisterUserInput, RegisterOutput>(async () => (await import('./register-resolver')).registerResolver);

const PASSWORD_HINT = `6 to 20 characters, with an uppercase and a lowercase letter, a number and one of ${PASSWORD_SPECIALS.split('').join(' ')}`;

export function RegisterPage() {
  const { user, register: createAccount } = useAuth();
  const navigate = useNavigate();
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
    defaultValues: { name: '', email: '', avatar: '', division: '', district: '', upazila: '', password: '', confirm_password: '' },
  });
  const avatar = useController({ control, name: 'avatar' });
  const location = {
    division: useController({ control, name: 'division' }),
    district: useController({ control, name: 'district' }),
    upazila: useController({ control, name: 'upazila' }),
  };

  if (user && !registering) return <Navigate to={ROUTES.home} replace />;

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
    await successDialog(USER_MESSAGES.userCreated, { timer: 1500 });
    await navigate(ROUTES.home);
  });

  const busy = isSubmitting || uploading;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <PageTitle title={PAGE_HEADINGS.register} />
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">{ACCOUNT_TEXTS.registerInvite}</p>
      <h1 className="mt-1 text-3xl font-bold sm:text-4xl">{PAGE_HEADINGS.register}</h1>
      <p className="mt-2 max-w-2xl text-base-content/80">
        One registration puts you on the map for patients who need your blood group near your upazila. It takes a minute.
      </p>

      <form onSubmit={onSubmit} noValidate className={`card mt-8 border border-base-300 bg-base-100 shadow-sm`}>
        <div className="card-body gap-5">
          <AvatarField
            label="Photo"
            error={avatar.fieldState.error?.message}
            onChange={avatar.field.onChange}
            onBlur={avatar.field.onBlur}
            onUploadingChange={setUploading}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField id="register-name" label="Full name" autoComplete="name" error={errors.name?.message} {...register('name')} />
            <TextField id="register-email" label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
            <BloodGroupSelect id="register-blood-group" error={errors.blood_group?.message} {...register('blood_group')} />
          </div>
          <LocationSelect
            idPrefix="register"
            value={{ division: String(location.division.field.value), district: String(location.district.field.value), upazila: String(location.upazila.field.value) }}
            onChange={(next) => {
              for (const f of ['division', 'district', 'upazila'] as const) {
                if (next[f] !== String(location[f].field.value)) location[f].field.onChange(next[f]);
              }
            }}
            onBlur={(f) => location[f].field.onBlur()}
            errors={{ division: errors.division?.message, district: errors.district?.message, upazila: errors.upazila?.message }}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <PasswordField
              id="register-password"
              label="Password"
              autoComplete="new-password"
              hint={PASSWORD_HINT}
              error={errors.password?.message}
              {...register('password', {
                // Re-check the confirmation once it has been touched, as the password changes.
                onChange: () => getFieldState('confirm_password').isTouched && void trigger('confirm_password'),
              })}
            />
            <PasswordField
              id="register-confirm-password"
              label="Confirm password"
              toggleNoun="confirm password"
              autoComplete="new-password"
              error={errors.confirm_password?.message}
              {...register('confirm_password')}
            />
          </div>

          <FormAlert message={formError} />

          <button type="submit" className="btn btn-primary w-full sm:w-auto sm:self-start" disabled={busy}>
            {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {ACCOUNT_TEXTS.createAccount}
          </button>
          <p className="text-sm">
            Already have an account?{' '}
            <Link to={ROUTES.login} className="link link-primary font-medium">
              Login
            </Link>
          </p>
        </div>
      </form>
    </section>
  );
}
