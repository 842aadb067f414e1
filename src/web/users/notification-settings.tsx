import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { NotificationSettings } from '../../shared/notifications/model';
import type { NotificationSettingsView } from '../../shared/notifications/schemas';
import { MAX_ALERTS_PER_WEEK_LIMIT, minutesOfDay } from '../../shared/notifications/model';
import { TimeField } from '../components/form/date-time-inputs';
import { FormAlert, TextField } from '../components/form/form-fields';
import { Spinner } from '../components/spinner';
import { useMessages } from '../i18n';
import { useMessageText } from '../i18n/messages';
import { pushSupported, subscribeToPush, unsubscribeFromPush } from '../lib/push';
import { toast } from '../lib/toast';
import { useNotificationSettings, useUpdateNotificationSettings } from '../notifications/api';
import { failureMessage } from './form/server-errors';
import { notificationSettingsText } from './texts';

/** A failure's text in the current language (the server's own message comes in it already). */
function useFailure() {
  const message = useMessageText();
  return (error: unknown) => message(failureMessage(error)) ?? '';
}

type FormValues = Omit<NotificationSettings, 'push'>;

const timeRule = (message: string) => ({ validate: (v: string) => minutesOfDay(v) !== null || message });

/**
 * Push alerts for this browser: switching on asks for permission and subscribes it, switching off
 * unsubscribes it; either is saved at once (the browser and the account must agree).
 */
function PushToggle({ email, on, available }: { email: string; on: boolean; available: boolean }) {
  const t = useMessages(notificationSettingsText);
  const failure = useFailure();
  const update = useUpdateNotificationSettings(email);
  const [busy, setBusy] = useState(false);
  // The browser can take push, and the server can send it (issue 38).
  const supported = available && pushSupported();

  async function change(next: boolean) {
    setBusy(true);
    try {
      if (next) {
        if (!(await subscribeToPush())) {
          toast.error(t.pushDenied);
          return;
        }
      } else {
        // The account stops sending first; this browser's subscription goes after (best effort).
        await update.mutateAsync({ push: false });
        await unsubscribeFromPush().catch(() => undefined);
        toast.success(t.saved);
        return;
      }
      await update.mutateAsync({ push: true });
      toast.success(t.saved);
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <label htmlFor="settings-push" className={`flex items-start gap-3 ${supported ? 'cursor-pointer' : 'cursor-not-allowed'}`}>
        <input
          id="settings-push"
          type="checkbox"
          className="toggle toggle-primary mt-0.5"
          checked={supported && on}
          disabled={!supported || busy}
          aria-describedby={supported ? undefined : 'settings-push-hint'}
          onChange={(event) => void change(event.target.checked)}
        />
        <span className="font-medium">{t.push}</span>
        {busy && <span className="loading loading-spinner loading-xs" aria-label={t.saving} />}
      </label>
      {!supported && (
        <p id="settings-push-hint" className="mt-1 ml-15 text-sm text-base-content/75">
          {t.pushUnsupported}
        </p>
      )}
    </div>
  );
}

function SettingsForm({ email, settings, phoneOnly }: { email: string; settings: NotificationSettingsView; phoneOnly: boolean }) {
  const emailAvailable = settings.available.email;
  const t = useMessages(notificationSettingsText);
  const failure = useFailure();
  const update = useUpdateNotificationSettings(email);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FormValues>({
    mode: 'onTouched',
    defaultValues: { email: settings.email, sms: settings.sms, quietHoursStart: settings.quietHoursStart, quietHoursEnd: settings.quietHoursEnd, maxPerWeek: settings.maxPerWeek },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync(values);
      reset({ email: saved.email, sms: saved.sms, quietHoursStart: saved.quietHoursStart, quietHoursEnd: saved.quietHoursEnd, maxPerWeek: saved.maxPerWeek });
      toast.success(t.saved);
    } catch (error) {
      setFormError(failure(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div>
        <label htmlFor="settings-email" className="flex cursor-pointer items-start gap-3">
          {/* Without a mail server (no SMTP_URL) nothing is emailed: shown off and disabled, with why (issue 38). */}
          {emailAvailable ? (
            <input id="settings-email" type="checkbox" className="toggle toggle-primary mt-0.5" {...register('email')} />
          ) : (
            <input id="settings-email" type="checkbox" className="toggle toggle-primary mt-0.5" checked={false} disabled aria-describedby="settings-email-hint" readOnly />
          )}
          <span className="font-medium">{t.email}</span>
        </label>
        {!emailAvailable && (
          <p id="settings-email-hint" className="mt-1 ml-15 text-sm text-base-content/75">
            {phoneOnly ? t.emailNoAddress : t.emailUnavailable}
          </p>
        )}
      </div>
      <PushToggle email={email} on={settings.push} available={settings.available.push} />
      {/* Only on a site that sends SMS (SMS_URL: issue 32). */}
      {settings.available.sms && (
        <div>
          <label htmlFor="settings-sms" className="flex cursor-pointer items-start gap-3">
            <input id="settings-sms" type="checkbox" className="toggle toggle-primary mt-0.5" aria-describedby="settings-sms-hint" {...register('sms')} />
            <span className="font-medium">{t.sms}</span>
          </label>
          <p id="settings-sms-hint" className="mt-1 ml-15 text-sm text-base-content/75">
            {t.smsHint}
          </p>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <TimeField
          id="settings-quiet-start"
          label={t.quietStart}
          initial={settings.quietHoursStart}
          error={errors.quietHoursStart?.message}
          {...register('quietHoursStart', timeRule(t.timeFormat))}
        />
        <TimeField
          id="settings-quiet-end"
          label={t.quietEnd}
          initial={settings.quietHoursEnd}
          hint={t.quietHint}
          error={errors.quietHoursEnd?.message}
          {...register('quietHoursEnd', timeRule(t.timeFormat))}
        />
        <TextField
          id="settings-max-per-week"
          label={t.maxPerWeek}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_ALERTS_PER_WEEK_LIMIT}
          step={1}
          hint={t.maxPerWeekHint({ max: MAX_ALERTS_PER_WEEK_LIMIT })}
          error={errors.maxPerWeek?.message}
          {...register('maxPerWeek', {
            valueAsNumber: true,
            validate: (v) => (Number.isInteger(v) && v >= 0 && v <= MAX_ALERTS_PER_WEEK_LIMIT) || t.wholeNumber({ max: MAX_ALERTS_PER_WEEK_LIMIT }),
          })}
        />
      </div>
      <FormAlert message={formError} />
      <button type="submit" className="btn btn-primary" disabled={isSubmitting || !isDirty}>
        {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {t.save}
      </button>
    </form>
  );
}

/** The profile's "Notification settings" (issue 15): how and when the donor is alerted. */
/** `email`: the account's key in /users/{email}; `phoneOnly`: it has no address (issue 32). */
export function NotificationSettingsSection({ email, phoneOnly }: { email: string; phoneOnly: boolean }) {
  const t = useMessages(notificationSettingsText);
  const failure = useFailure();
  const query = useNotificationSettings(email);
  let body;
  if (query.isPending) body = <Spinner label={t.loading} />;
  else if (query.isError) {
    body = (
      <div role="alert" className="alert flex-wrap border-l-4 border-l-error">
        <span>{t.loadFailed({ reason: failure(query.error) })}</span>
        <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
          {t.tryAgain}
        </button>
      </div>
    );
  } else body = <SettingsForm email={email} settings={query.data} phoneOnly={phoneOnly} />;

  return (
    <section aria-labelledby="notification-settings" className="card mt-6 border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div>
          <h2 id="notification-settings" className="text-xl font-bold">
            {t.heading}
          </h2>
          <p className="mt-1 text-base-content/80">{t.intro}</p>
        </div>
        {body}
      </div>
    </section>
  );
}
