import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { pathTo } from '../../shared/routing/routes';
import { USER_MESSAGES } from '../../shared/users/texts';
import type { loginSchema } from '../../shared/users/schemas';
import { PageTitle } from '../components/page-title';
import { type SocialProvider, useAuth } from '../lib/auth';
import type { FromState } from '../lib/guards';
import { lazyResolver } from '../components/form/lazy-resolver';
import { useAuthProviders } from './api';
import { FormAlert, PasswordField, TextField } from '../components/form/form-fields';
import { failureMessage } from './form/server-errors';
import { useMessages } from '../i18n';
import { useMessageText } from '../i18n/messages';
import { loginText } from './auth-texts';
import { PhoneSignIn } from './phone-sign-in';
import { GitHubIcon, GoogleIcon } from './social-icons';
import { type Way, WayTabs } from './way-tabs';

type LoginInput = z.input<typeof loginSchema>;
type LoginOutput = z.output<typeof loginSchema>;

const validation = lazyResolver<LoginInput, LoginOutput>(async () => (await import('./login-resolver')).loginResolver);

const PROVIDERS: { id: SocialProvider; label: 'google' | 'github'; Icon: () => React.JSX.Element }[] = [
  { id: 'google', label: 'google', Icon: GoogleIcon },
  { id: 'github', label: 'github', Icon: GitHubIcon },
];

/** Stands for the social sign-in's failure (shown in the current language). */
const SOCIAL_FAILURE = 'social';

/** Only paths inside this site: a crafted state must not send the user elsewhere. */
function returnPath(state: unknown): string {
  const from = (state as FromState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : pathTo('home');
}

export function LoginPage() {
  const { user, signIn, signInSocial } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const providers = useAuthProviders();
  const t = useMessages(loginText);
  const message = useMessageText();
  // The social sign-in's failure is kept as a flag, so it follows a language switch.
  const [failure, setFailure] = useState<string | null>(searchParams.has('error') ? SOCIAL_FAILURE : null);
  const [socialBusy, setSocialBusy] = useState<SocialProvider | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  // Issue 32: a second way in, with a verified phone, where the site sends SMS.
  const [way, setWay] = useState<Way>('email');
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
  const failureText = failure === SOCIAL_FAILURE ? t.socialFailure : message(failure ?? undefined);
  // The spec's login email error is "*Name field is required": in Bangla, say what is missing.
  const emailError = errors.email?.message === USER_MESSAGES.loginEmailRequired ? t.emailRequired : message(errors.email?.message);
  return (
    <section className="mx-auto max-w-md px-4 py-10 sm:py-14">
      <PageTitle title={t.heading} />
      <h1 className="text-3xl font-bold sm:text-4xl">{t.heading}</h1>
      <p className="mt-2 text-base-content/80">{t.intro}</p>

      <div className={`card mt-8 border border-base-300 bg-base-100 shadow-sm`}>
        <div className="card-body gap-5">
          {providers.data?.phone && (
            <WayTabs idPrefix="login" label={t.heading} way={way} onChange={setWay} />
          )}
          {way === 'phone' && providers.data?.phone ? (
            <div id="login-panel-phone" role="tabpanel" aria-labelledby="login-tab-phone">
              <PhoneSignIn onSigningIn={setSigningIn} onSignedIn={() => navigate(returnTo, { replace: true })} />
            </div>
          ) : (
            <div id="login-panel-email" {...(providers.data?.phone ? { role: 'tabpanel', 'aria-labelledby': 'login-tab-email' } : {})} className="flex flex-col gap-4">
              <FormAlert message={failureText ?? null} id="login-failure" />
              <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
                <TextField id="login-email" label={t.email} type="email" autoComplete="email" error={emailError} {...register('email')} />
                <PasswordField id="login-password" label={t.password} autoComplete="current-password" error={message(errors.password?.message)} {...register('password')} />
                {/* Issue 38: only where the site sends email (a reset link is the only way offered). */}
                {providers.data?.passwordReset && (
                  <Link to={pathTo('forgotPassword')} className="link link-primary -mt-2 self-end text-sm">
                    {t.forgotPassword}
                  </Link>
                )}
                <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting || socialBusy !== null}>
                  {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                  {t.submit}
                </button>
              </form>
            </div>
          )}

          {enabled.length > 0 && (
            <>
              <div className="divider my-0 text-sm text-base-content/75">{t.or}</div>
              <div className="flex flex-col gap-2">
                {enabled.map(({ id, label, Icon }) => (
                  <button key={id} type="button" className="btn btn-outline w-full" disabled={socialBusy !== null || isSubmitting} onClick={() => void social(id)}>
                    {socialBusy === id ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <Icon />}
                    {t[label]}
                  </button>
                ))}
              </div>
            </>
          )}

          <p className="text-sm">
            {t.newHere}{' '}
            {/* Where Login was to return to, Register returns to (issue 38: the request form). */}
            <Link to={pathTo('register')} state={location.state} className="link link-primary font-medium">
              {t.createAccount}
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
