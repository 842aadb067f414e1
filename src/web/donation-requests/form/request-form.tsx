import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { type FieldPath, type SubmitHandler, useController, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BLOOD_COMPONENTS } from '../../../shared/matching/model';
import { type DonationRequestInput, donationRequestInputSchema } from '../../../shared/donation-requests/schemas';
import { MAX_UNITS, URGENCIES } from '../../../shared/donation-requests/model';
import { LocationSelect, type LocationValue } from '../../components/location-select';
import { useMessages } from '../../i18n';
import { useMessageText } from '../../i18n/messages';
import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { DateInput, TimeInput } from '../../components/form/date-time-inputs';
import { BloodGroupOptions } from '../../components/form/form-fields';
import { useErrorText } from '../shared/use-request-actions';
import { ERROR_TEXT } from '../shared/query-states';
import { componentText, requestFormText, urgencyText } from '../texts';

type Values = DonationRequestInput;
type Output = z.output<typeof donationRequestInputSchema>;

/** The create / edit schema: the shared one, with the date rule the caller gives (not in the past). */
export type RequestFormSchema = z.ZodType<Output, Values>;

const LOCATION_FIELDS = { division: 'recipientDivision', district: 'recipientDistrict', upazila: 'recipientUpazila' } as const;

interface RequestFormProps {
  idPrefix: string;
  schema: RequestFormSchema;
  defaultValues: Partial<Values>;
  /** Who asks: shown read-only, the server takes it from the account. */
  requester: { name: string; email: string };
  /** Spec section 5: create uses a time input, edit a free-text time. */
  timeInput: 'time' | 'text';
  /** The earliest day the date input offers. */
  minDate?: string;
  submitLabel: string;
  onSubmit: (values: Output) => Promise<void>;
  /** Runs before validation; false stops the submit (a blocked user is told why at once). */
  beforeSubmit?: () => boolean;
  /** Show the request without letting it change (done or canceled). */
  readOnly?: boolean;
}

/** Written out in full so Tailwind sees the class names. */
const ERROR_CLASS = { input: 'input-error', select: 'select-error', textarea: 'textarea-error' } as const;

/** Read-only fields look different from the ones to fill in. */
const READ_ONLY = 'input w-full cursor-default border-dashed bg-base-200';

/** Accessible wiring of one input: its id, and its error linked and announced. */
const describe = (id: string, error: string | undefined) => ({
  id,
  'aria-invalid': Boolean(error),
  'aria-describedby': error ? `${id}-error` : undefined,
});

function Field({ id, label, error, hint, children, className = '' }: { id: string; label: string; error?: string; hint?: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-base-content/75">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={`mt-1 text-sm ${ERROR_TEXT}`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-2 sm:p-5">
      <legend className="px-1 text-base font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The create and edit form (spec section 5): validated on touch with the spec's messages. */
export function RequestForm(props: RequestFormProps) {
  const { idPrefix, schema, defaultValues, requester, timeInput, minDate, submitLabel, readOnly = false } = props;
  const form = useForm<Values, unknown, Output>({ resolver: zodResolver(schema), mode: 'onTouched', defaultValues });
  const { register, control, handleSubmit, setError, formState } = form;
  const { errors, isSubmitting } = formState;
  const t = useMessages(requestFormText);
  const components = useMessages(componentText);
  const urgencies = useMessages(urgencyText);
  // The shared schema's messages (and the server's) in the current language.
  const message = useMessageText();
  const errorText = useErrorText();

  const division = useController({ control, name: LOCATION_FIELDS.division });
  const district = useController({ control, name: LOCATION_FIELDS.district });
  const upazila = useController({ control, name: LOCATION_FIELDS.upazila });
  const donationDate = useController({ control, name: 'donationDate' });
  const locationControllers = { division, district, upazila };
  const location: LocationValue = {
    division: String(division.field.value ?? ''),
    district: String(district.field.value ?? ''),
    upazila: String(upazila.field.value ?? ''),
  };

  const submit: SubmitHandler<Output> = async (values) => {
    try {
      await props.onSubmit(values);
    } catch (error) {
      // A 400 names its fields (e.g. "body.donationDate"): show each message under its field.
      const known = new Set(Object.keys(donationRequestInputSchema.shape));
      const issues = error instanceof ApiError ? (error.issues ?? []) : [];
      const placed = issues.filter((issue) => {
        const field = issue.path.replace(/^body\./, '');
        if (!known.has(field)) return false;
        setError(field as FieldPath<Values>, { message: issue.message }, { shouldFocus: true });
        return true;
      });
      if (placed.length === 0) toast.error(errorText(error));
    }
  };

  const id = (field: string) => `${idPrefix}-${field}`;
  const err = (field: keyof Values) => message(errors[field]?.message);
  /** Class, id, error wiring and registration of one of the form's own inputs. */
  const bind = (kind: 'input' | 'select' | 'textarea', field: Exclude<keyof Values, (typeof LOCATION_FIELDS)[keyof typeof LOCATION_FIELDS]>) => ({
    className: `${kind} w-full ${err(field) ? ERROR_CLASS[kind] : ''}`,
    ...describe(id(field), err(field)),
    ...register(field),
  });

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        if (props.beforeSubmit && !props.beforeSubmit()) {
          event.preventDefault();
          return;
        }
        void handleSubmit(submit)(event);
      }}
    >
      <fieldset disabled={readOnly} className="space-y-5">
        <Group title={t.requester}>
          <Field id={id('requesterName')} label={t.requesterName}>
            <input id={id('requesterName')} className={READ_ONLY} value={requester.name} readOnly />
          </Field>
          <Field id={id('requesterEmail')} label={t.requesterEmail}>
            <input id={id('requesterEmail')} type="email" className={READ_ONLY} value={requester.email} readOnly />
          </Field>
          <Field id={id('contactPhone')} label={t.contactPhone} error={err('contactPhone')} hint={t.phoneHint}>
            <input
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="01712345678"
              {...bind('input', 'contactPhone')}
              aria-describedby={err('contactPhone') ? `${id('contactPhone')}-error` : `${id('contactPhone')}-hint`}
            />
          </Field>
        </Group>

        <Group title={t.recipient}>
          <Field id={id('recipientName')} label={t.recipientName} error={err('recipientName')}>
            <input autoComplete="off" {...bind('input', 'recipientName')} />
          </Field>
          <Field id={id('bloodGroup')} label={t.bloodGroup} error={err('bloodGroup')}>
            <select {...bind('select', 'bloodGroup')}>
              <BloodGroupOptions />
            </select>
          </Field>
          <LocationSelect
            className="sm:col-span-2"
            idPrefix={id('recipient')}
            value={location}
            disabled={readOnly}
            onChange={(next) => {
              division.field.onChange(next.division);
              district.field.onChange(next.district);
              upazila.field.onChange(next.upazila);
            }}
            onBlur={(field) => locationControllers[field].field.onBlur()}
            errors={{
              division: message(division.fieldState.error?.message),
              district: message(district.fieldState.error?.message),
              upazila: message(upazila.fieldState.error?.message),
            }}
          />
        </Group>

        <Group title={t.needed}>
          <Field id={id('component')} label={t.component} error={err('component')}>
            <select {...bind('select', 'component')}>
              {BLOOD_COMPONENTS.map((component) => (
                <option key={component} value={component}>
                  {components[component]}
                </option>
              ))}
            </select>
          </Field>
          <Field id={id('unitsNeeded')} label={t.units} error={err('unitsNeeded')}>
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_UNITS}
              step={1}
              className={`input w-full ${err('unitsNeeded') ? ERROR_CLASS.input : ''}`}
              {...describe(id('unitsNeeded'), err('unitsNeeded'))}
              {...register('unitsNeeded', { valueAsNumber: true })}
            />
          </Field>
          <Field id={id('urgency')} label={t.urgency} error={err('urgency')}>
            <select {...bind('select', 'urgency')}>
              {URGENCIES.map((urgency) => (
                <option key={urgency} value={urgency}>
                  {urgencies[urgency]}
                </option>
              ))}
            </select>
          </Field>
        </Group>

        <Group title={t.hospital}>
          <Field id={id('hospitalName')} label={t.hospitalName} error={err('hospitalName')}>
            <input {...bind('input', 'hospitalName')} />
          </Field>
          <Field id={id('fullAddress')} label={t.fullAddress} error={err('fullAddress')}>
            <input {...bind('input', 'fullAddress')} />
          </Field>
        </Group>

        <Group title={t.donation}>
          <Field id={id('donationDate')} label={t.donationDate} error={err('donationDate')}>
            <DateInput
              aria-label={t.donationDate}
              min={minDate}
              firstYear={new Date().getUTCFullYear() - 1}
              className={`input w-full ${err('donationDate') ? ERROR_CLASS.input : ''}`}
              {...describe(id('donationDate'), err('donationDate'))}
              value={donationDate.field.value}
              onChange={donationDate.field.onChange}
              onBlur={donationDate.field.onBlur}
            />
          </Field>
          <Field id={id('donationTime')} label={t.donationTime} error={err('donationTime')}>
            {timeInput === 'time' ? (
              <TimeInput initial={defaultValues.donationTime} {...bind('input', 'donationTime')} />
            ) : (
              <input type="text" placeholder={t.timePlaceholder} autoComplete="off" {...bind('input', 'donationTime')} />
            )}
          </Field>
          <Field id={id('requestMessage')} label={t.requestMessage} error={err('requestMessage')} className="sm:col-span-2">
            <textarea rows={4} placeholder={t.messagePlaceholder} {...bind('textarea', 'requestMessage')} />
          </Field>
        </Group>
      </fieldset>

      {!readOnly && (
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={isSubmitting}>
          {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {submitLabel}
        </button>
      )}
    </form>
  );
}
