import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { forgotPasswordSchema } from '../../shared/users/schemas';
import { RESET_LINK_MINUTES } from '../../shared/users/model';
import { AUTH_ENDPOINTS } from '../../shared/api/session-endpoints';
import { pathTo } from '../../shared/routing/routes';
import { FormAlert, TextField } from '../components/form/form-fields';
import { lazyResolver } from '../components/form/lazy-resolver';
import { PageTitle } from '../components/page-title';
import { useMessages } from '../i18n';
import { useMessageText } from '../i18n/messages';
import { lang } from '../i18n/lang';
import { publicApi } from '../lib/api-client';
import { useAuthProviders } from './api';
import { forgotText } from './auth-texts';
import { failureMessage } from './form/server-errors';

type ForgotInput = z.input<typeof forgotPasswordSchema>;
type ForgotOutput = z.output<typeof forgotPasswordSchema>;

const validation = lazyResolver<ForgotInput, ForgotOutput>(async () => (await import('./password-reset-resolver')).forgotResolver);
const bnNumber = new Intl.NumberFormat('bn-BD');

/**
 * /forgot-password (issue 38), reached from Login when the site sends email: the address, then a
 * note that a link is on its way. The server answers the same for any address, so the page says
 * "if an account uses it" and never whether one does.
 */
export function ForgotPasswordPage() {
  const t = useMessages(forgotText);
  const code = useMessages(lang);
  const message = useMessageText();
  const providers = useAuthProviders();
  const [sentTo, setSentTo] = useState<string | null>(null);
  validation.usePreload();
  const send = useMutation({ mutationFn: (email: string) => publicApi.post(AUTH_ENDPOINTS.requestPasswordReset.path, { email }) });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ForgotInput, unknown, ForgotOutput>({ mode: 'onTouched', resolver: validation.resolver, defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await send.mutateAsync(email);
      setSentTo(email);
    } catch {
      /* shown from send.error */
    }
  });

  let body;
  if (providers.data && !providers.data.passwordReset) {
    body = <p role="note">{t.disabled}</p>;
  } else if (sentTo) {
    body = (
      <div className="flex flex-col gap-4">
        <p role="status" className="alert alert-success alert-soft">
          <span>{t.sent({ email: sentTo, minutes: code === 'bn' ? bnNumber.format(RESET_LINK_MINUTES) : String(RESET_LINK_MINUTES) })}</span>
        </p>
        <button
          type="button"
          className="btn btn-outline self-start"
          onClick={() => {
            setSentTo(null);
            reset();
          }}
        >
          {t.again}
        </button>
      </div>
    );
  } else {
    body = (
      <>
        <FormAlert message={send.isError ? (message(failureMessage(send.error)) ?? null) : null} id="forgot-failure" />
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <TextField id="forgot-email" label={t.email} type="email" autoComplete="email" error={message(errors.email?.message)} {...register('email')} />
          <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
            {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t.submit}
          </button>
        </form>
      </>
    );
  }

  return (
    <section className="mx-auto max-w-md px-4 py-10 sm:py-14">
      <PageTitle title={t.heading} />
      <h1 className="text-3xl font-bold sm:text-4xl">{t.heading}</h1>
      <p className="mt-2 text-base-content/80">{t.intro}</p>
      <div className="card mt-8 border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-5">
          {body}
          <p className="text-sm">
            <Link to={pathTo('login')} className="link link-primary font-medium">
              {t.backToLogin}
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
