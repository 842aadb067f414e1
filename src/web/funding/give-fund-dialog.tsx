import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { checkoutBodySchema, type FundingSummary } from '../../shared/funding/schemas';
import type { Lang } from '../../shared/i18n/model';
import { ModalActions, ModalBackdrop } from '../components/modal';
import { lang, useMessages } from '../i18n';
import { useMessageText } from '../i18n/messages';
import { ApiError } from '../lib/api-client';
import { useCheckout } from './api';
import { formatMoneyIn } from './money';
import { giveFundText } from './texts';

type Texts = ReturnType<typeof giveFundText.get>;

/** The amount the payment page will charge: the shared rule, within this site's limits (their messages in the language). */
function amountFormSchema({ minAmount, maxAmount, currency }: FundingSummary, t: Texts, code: Lang) {
  return z.object({
    amount: checkoutBodySchema.shape.amount
      .min(minAmount, t.smallest({ amount: formatMoneyIn(minAmount, currency, code) }))
      .max(maxAmount, t.largest({ amount: formatMoneyIn(maxAmount, currency, code) })),
    showName: z.boolean(),
  });
}
type AmountForm = z.infer<ReturnType<typeof amountFormSchema>>;

export const currencyName = (currency: string, taka = 'taka') => (currency.toLowerCase() === 'bdt' ? taka : currency.toUpperCase());

/**
 * "Give Fund": a modal <dialog> asking for the amount, then off to Stripe Checkout. The browser
 * leaves the site; Stripe sends it back to /c?funding=success or /c?funding=canceled.
 */
export function GiveFund({ summary }: { summary: FundingSummary }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const checkout = useCheckout();
  const [failure, setFailure] = useState<string | null>(null);
  const ids = { title: useId(), amount: useId(), hint: useId(), error: useId(), showName: useId(), showNameHint: useId() };
  const t = useMessages(giveFundText);
  const code = useMessages(lang);
  const message = useMessageText();
  const resolver = useMemo(() => zodResolver(amountFormSchema(summary, t, code)), [summary, t, code]);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AmountForm>({ resolver, mode: 'onTouched', defaultValues: { showName: false } });

  const open = () => {
    reset({ showName: false });
    setFailure(null);
    dialog.current?.showModal();
  };

  const onSubmit = handleSubmit(async ({ amount, showName }) => {
    setFailure(null);
    try {
      const { url } = await checkout.mutateAsync({ amount, showName });
      window.location.assign(url);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'FUNDING_DISABLED') setFailure(t.notSetUp);
      else setFailure(error instanceof Error ? error.message : t.startFailed);
    }
  });
  // Once the browser is on its way to the payment page, keep the button busy.
  const busy = isSubmitting || checkout.isSuccess;

  const describedBy = [ids.hint, errors.amount ? ids.error : ''].filter(Boolean).join(' ');
  return (
    <>
      <button type="button" className="btn btn-primary" onClick={open} aria-haspopup="dialog">
        {t.giveFund}
      </button>
      <dialog ref={dialog} className="modal modal-bottom sm:modal-middle" aria-labelledby={ids.title}>
        <div className="modal-box">
          <h2 id={ids.title} className="text-xl font-bold">
            {t.giveFund}
          </h2>
          <p className="mt-2 text-base-content/80">{t.intro}</p>
          <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-4 space-y-4">
            <div>
              <label htmlFor={ids.amount} className="mb-1 block text-sm font-medium">
                {t.amountIn({ currency: currencyName(summary.currency, t.taka) })}
              </label>
              <input
                id={ids.amount}
                type="number"
                inputMode="decimal"
                min={summary.minAmount}
                max={summary.maxAmount}
                step="0.01"
                autoComplete="off"
                className={`input w-full text-lg ${errors.amount ? 'input-error' : 'border-base-content/40'}`}
                aria-invalid={Boolean(errors.amount)}
                aria-describedby={describedBy}
                {...register('amount', { valueAsNumber: true })}
              />
              <p id={ids.hint} className="mt-1 text-sm text-base-content/75">
                {t.range({ min: formatMoneyIn(summary.minAmount, summary.currency, code), max: formatMoneyIn(summary.maxAmount, summary.currency, code) })}
              </p>
              {errors.amount && (
                <p id={ids.error} role="alert" className="mt-1 text-sm text-error">
                  {message(errors.amount.message)}
                </p>
              )}
            </div>
            <div>
              <label htmlFor={ids.showName} className="flex cursor-pointer items-start gap-3">
                <input id={ids.showName} type="checkbox" className="checkbox checkbox-primary mt-0.5" aria-describedby={ids.showNameHint} {...register('showName')} />
                <span className="text-sm font-medium">{t.showName}</span>
              </label>
              <p id={ids.showNameHint} className="mt-1 ml-9 text-sm text-base-content/75">
                {t.showNameHint({ anonymous: t.anonymous })}
              </p>
            </div>
            {failure && (
              <p role="alert" className="alert border-l-4 border-l-error">
                {failure}
              </p>
            )}
            <ModalActions dialog={dialog} submitLabel={t.submit} busy={busy} />
          </form>
        </div>
        <ModalBackdrop />
      </dialog>
    </>
  );
}
