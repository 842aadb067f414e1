import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { checkoutBodySchema, FUNDING_MESSAGES, type FundingSummary } from '../../shared/funding';
import { ModalActions, ModalBackdrop } from '../components/modal';
import { ApiError } from '../lib/api-client';
import { useCheckout } from './api';
import { formatMoney } from '../lib/format';

/** The amount the payment page will charge: the shared rule, within this site's limits. */
function amountFormSchema({ minAmount, maxAmount, currency }: FundingSummary) {
  return z.object({
    amount: checkoutBodySchema.shape.amount
      .min(minAmount, `The smallest gift is ${formatMoney(minAmount, currency)}`)
      .max(maxAmount, `The largest gift is ${formatMoney(maxAmount, currency)}`),
    showName: z.boolean(),
  });
}
type AmountForm = z.infer<ReturnType<typeof amountFormSchema>>;

export const currencyName = (currency: string) => (currency.toLowerCase() === 'bdt' ? 'taka' : currency.toUpperCase());

/**
 * "Give Fund": a modal <dialog> asking for the amount, then off to Stripe Checkout. The browser
 * leaves the site; Stripe sends it back to /c?funding=success or /c?funding=canceled.
 */
export function GiveFund({ summary }: { summary: FundingSummary }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const checkout = useCheckout();
  const [failure, setFailure] = useState<string | null>(null);
  const ids = { title: useId(), amount: useId(), hint: useId(), error: useId(), showName: useId(), showNameHint: useId() };
  const resolver = useMemo(() => zodResolver(amountFormSchema(summary)), [summary]);
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
      if (error instanceof ApiError && error.code === 'FUNDING_DISABLED') setFailure(FUNDING_MESSAGES.notSetUp);
      else setFailure(error instanceof Error ? error.message : 'The payment could not be started');
    }
  });
  // Once the browser is on its way to the payment page, keep the button busy.
  const busy = isSubmitting || checkout.isSuccess;

  const describedBy = [ids.hint, errors.amount ? ids.error : ''].filter(Boolean).join(' ');
  return (
    <>
      <button type="button" className="btn btn-primary" onClick={open} aria-haspopup="dialog">
        {FUNDING_MESSAGES.giveFund}
      </button>
      <dialog ref={dialog} className="modal modal-bottom sm:modal-middle" aria-labelledby={ids.title}>
        <div className="modal-box">
          <h2 id={ids.title} className="text-xl font-bold">
            {FUNDING_MESSAGES.giveFund}
          </h2>
          <p className="mt-2 text-base-content/80">You will pay on Stripe&apos;s secure page, then come back here.</p>
          <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-4 space-y-4">
            <div>
              <label htmlFor={ids.amount} className="mb-1 block text-sm font-medium">
                Amount in {currencyName(summary.currency)}
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
                From {formatMoney(summary.minAmount, summary.currency)} to {formatMoney(summary.maxAmount, summary.currency)}.
              </p>
              {errors.amount && (
                <p id={ids.error} role="alert" className="mt-1 text-sm text-error">
                  {errors.amount.message}
                </p>
              )}
            </div>
            <div>
              <label htmlFor={ids.showName} className="flex cursor-pointer items-start gap-3">
                <input id={ids.showName} type="checkbox" className="checkbox checkbox-primary mt-0.5" aria-describedby={ids.showNameHint} {...register('showName')} />
                <span className="text-sm font-medium">{FUNDING_MESSAGES.showName}</span>
              </label>
              <p id={ids.showNameHint} className="mt-1 ml-9 text-sm text-base-content/75">
                Left unticked, other users see &ldquo;{FUNDING_MESSAGES.anonymous}&rdquo;; the site&apos;s admins always see who gave.
              </p>
            </div>
            {failure && (
              <p role="alert" className="alert border-l-4 border-l-error">
                {failure}
              </p>
            )}
            <ModalActions dialog={dialog} submitLabel="Continue to payment" busy={busy} />
          </form>
        </div>
        <ModalBackdrop />
      </dialog>
    </>
  );
}
