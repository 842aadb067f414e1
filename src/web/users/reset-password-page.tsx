import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { resetPasswordFormSchema } from '../../shared/users/schemas';
import { pathTo } from '../../shared/routing/routes';
import { AUTH_ENDPOINTS } from '../../shared/api/session-endpoints';
import { PASSWORD_SPECIALS } from '../../shared/users/model';
import { FormAlert, PasswordField } from '../components/form/form-fields';
import { lazyResolver } from '../components/form/lazy-resolver';
import { PageTitle } from '../components/page-title';
import { useMessages } from '../i18n';
import { useMessageText } from '../i18n/messages';
import { publicApi } from '../lib/api-client';
import { registerText, resetText } from './auth-texts';
import { failureMessage } from './form/server-errors';

type ResetInput = z.input<typeof resetPasswordFormSchema>;
type ResetOutput = z.output<typeof resetPasswordFormSchema>;

const validation = lazyResolver<ResetInput, ResetOutput>(async () => (await import('./password-reset-resolver')).resetResolver);
const SPECIALS = PASSWORD_SPECIALS.split('').join(' ');

/**
 * /reset-password?token= (issue 38): the page the reset email links to. The new password twice,
 * under the registration's rules; the server ends every session of the account, so the next
 * step is Login. An unknown, used or expired link is the server's 400, shown with a way to ask
 * for a new one.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const t = useMessages(resetText);
  const hints = useMessages(registerText);
  const message = useMessageText();
  validation.usePreload();
  const save = useMutation({ mutationFn: (newPassword: string) => publicApi.post(AUTH_ENDPOINTS.resetPassword.path, { token, newPassword }) });
  const {
    register,
    handleSubmit,
    trigger,
    getFieldState,
    formState: { errors, isSubmitting },
  } = useForm<ResetInput, unknown, ResetOutput>({ mode: 'onTouched', resolver: validation.resolver, defaultValues: { newPassword: '', confirm_password: '' } });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    try {
      await save.mutateAsync(newPassword);
    } catch {
      /* shown from save.error */
    }
  });

  const askAgain = (
    <Link to={pathTo('forgotPassword')} className="link link-primary font-medium">
      {t.askAgain}
    </Link>
  );
  let body;
  if (!token) {
    body = (
      <>
        <p role="alert">{t.noToken}</p>
        <p className="text-sm">{askAgain}</p>
      </>
    );
  } else if (save.isSuccess) {
    body = (
      <div className="flex flex-col gap-4">
        <p role="status" className="alert alert-success alert-soft">
          <span>{t.done}</span>
        </p>
        <Link to={pathTo('login')} className="btn btn-primary w-full">
          {t.login}
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        <FormAlert message={save.isError ? (message(failureMessage(save.error)) ?? null) : null} id="reset-failure" />
        {save.isError && <p className="text-sm">{askAgain}</p>}
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <PasswordField
            id="reset-password"
            label={t.newPassword}
            autoComplete="new-password"
            hint={hints.passwordHint({ specials: SPECIALS })}
            error={message(errors.newPassword?.message)}
            {...register('newPassword', {
              onChange: () => getFieldState('confirm_password').isTouched && void trigger('confirm_password'),
            })}
          />
          <PasswordField
            id="reset-confirm-password"
            label={t.confirmPassword}
            toggleNoun={t.confirmToggle}
            autoComplete="new-password"
            error={message(errors.confirm_password?.message)}
            {...register('confirm_password')}
          />
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
        <div className="card-body gap-5">{body}</div>
      </div>
    </section>
  );
}
