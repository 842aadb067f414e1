import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PAGE_HEADINGS, ROUTES } from '../../shared/site';
import type { loginSchema } from '../../shared/users';
import { PageTitle } from '../components/page-title';
import { type SocialProvider, useAuth } from '../lib/auth';
import type { FromState } from '../lib/guards';
import { lazyResolver } from '../components/form/lazy-resolver';
import { useAuthProviders } from './api';
import { FormAlert, PasswordField, TextField } from '../components/form/form-fields';
import { failureMessage } from './form/server-errors';
import { ACCOUNT_TEXTS } from './form/messages';
import { GitHubIcon, GoogleIcon } from './social-icons';

type LoginInput = z.input<typeof loginSchema>;
type LoginOutput = z.output<typeof loginSchema>;

const validation = lazyResolver<LoginInput, LoginOutput>(async () => (await import('./login-resolver')).loginResolver);

const PROVIDERS: { id: SocialProvider; label: string; Icon: () => React.JSX.Element }[] = [
  { id: 'google', label: 'Continue with Google', Icon: GoogleIcon },
  { id: 'github', label: 'Continue with GitHub', Icon: GitHubIcon },
];

/** Only paths inside this site: a crafted state must not send the user elsewhere. */
function returnPath(state: unknown): string {
  const from = (state as FromState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : ROUTES.home;
}

export function LoginPage() {
  const { user, signIn, signInSocial } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const providers = useAuthProviders();
  const [failure, setFailure] = useState<string | null>(searchParams.has('error') ? ACCOUNT_TEXTS.socialFailure : null);
  const [socialBusy, setSocialBusy] = useState<SocialProvider | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const returnTo = returnPath(location.state);
  validation.usePreload();

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginOutput>({ mode: 'onTouched', resolver: validation.resolver, defaultValues: { email: '', password: '' } });

  // Someone already signed in has nothing to do here.
  if (user && !signingIn) return <Navigate to={returnTo} replace />;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    setSigningIn(true);
    try {
      await signIn(email, password);
    } catch (error) {
      setSigningIn(false);
      setFailure(failureMessage(error));
      return;
    }
    await navigate(returnTo, { replace: true });
  });

  const social = async (provider: SocialProvider) => {
    setFailure(null);
    setSocialBusy(provider);
    try {
      await signInSocial(provider, returnTo);
      // The browser is leaving for the provider: keep the button busy.
    } catch (error) {
      setSocialBusy(null);
      setFailure(failureMessage(error));
    }
  };

  const enabled = PROVIDERS.filter((p) => providers.data?.[p.id]);
  return (
    <section className="mx-auto max-w-md px-4 py-10 sm:py-14">
      <PageTitle title={PAGE_HEADINGS.login} />
      <h1 className="text-3xl font-bold sm:text-4xl">{PAGE_HEADINGS.login}</h1>
      <p className="mt-2 text-base-content/80">Welcome back. Log in to manage your profile and donation requests.</p>

      <div className={`card mt-8 border border-base-300 bg-base-100 shadow-sm`}>
        <div className="card-body gap-5">
          <FormAlert message={failure} id="login-failure" />
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <TextField id="login-email" label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
            <PasswordField id="login-password" label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
            <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting || socialBusy !== null}>
              {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {ACCOUNT_TEXTS.login}
            </button>
          </form>

          {enabled.length > 0 && (
            <>
              <div className="divider my-0 text-sm text-base-content/75">or</div>
              <div className="flex flex-col gap-2">
                {enabled.map(({ id, label, Icon }) => (
                  <button key={id} type="button" className="btn btn-outline w-full" disabled={socialBusy !== null || isSubmitting} onClick={() => void social(id)}>
                    {socialBusy === id ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <Icon />}
                    {label}
                  </button>
                ))}
              </div>
            </>
          )}

          <p className="text-sm">
            New here?{' '}
            <Link to={ROUTES.register} className="link link-primary font-medium">
              Create an account
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
