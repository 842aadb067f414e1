import { type ComponentProps, type ReactNode, useState } from 'react';
import { BLOOD_GROUPS } from '../../../shared/matching/model';
import { useMessages } from '../../i18n';
import { formText } from './texts';

// The account forms' fields: a visible label, the error linked by aria-describedby, and
// aria-invalid, so a screen reader announces the message with the field.

/**
 * daisyUI's light-theme error red (#ff627d) is 2.9:1 on white, below AA for text. Until the light
 * theme in styles.css darkens it, the account forms set the brand's deep red (6:1 on white, with
 * white on it) as their error colour: their own messages and those of the shared pickers alike.
 */
export const errorId = (id: string) => `${id}-error`;
const hintId = (id: string) => `${id}-hint`;

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={errorId(id)} className="mt-1 text-sm text-error">
      {message}
    </p>
  );
}

interface FieldShellProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}

export function FieldShell({ id, label, error, hint, children, className = '' }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={hintId(id)} className="mt-1 text-xs text-base-content/75">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} message={error} />
    </div>
  );
}

/** The error when there is one, else the hint (if any). */
export const described = (id: string, error?: string, hint?: ReactNode) => ({
  'aria-invalid': Boolean(error),
  'aria-describedby': error ? errorId(id) : hint ? hintId(id) : undefined,
});

type InputProps = Omit<ComponentProps<'input'>, 'id'>;

interface TextFieldProps extends InputProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

export function TextField({ id, label, error, hint, className, ...input }: TextFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={className}>
      <input id={id} className={`input w-full ${error ? 'input-error' : ''}`} {...described(id, error, hint)} {...input} />
    </FieldShell>
  );
}

interface PasswordFieldProps extends Omit<InputProps, 'type'> {
  id: string;
  label: string;
  error?: string;
  /** Names the show/hide button ("Show {toggleNoun}"): "Show password" / "Hide password" by default. */
  toggleNoun?: string;
  hint?: ReactNode;
  className?: string;
}

/** A password input with a show/hide button (spec section 2). */
export function PasswordField({ id, label, error, toggleNoun, hint, className, ...input }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const t = useMessages(formText);
  const what = toggleNoun ?? t.password;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={className}>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={`input w-full pr-12 ${error ? 'input-error' : ''}`}
          {...described(id, error, hint)}
          {...input}
        />
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-square absolute top-1/2 right-1 z-10 -translate-y-1/2"
          aria-label={(visible ? t.hide : t.show)({ what })}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </FieldShell>
  );
}

type SelectProps = Omit<ComponentProps<'select'>, 'id'>;

interface BloodGroupSelectProps extends SelectProps {
  id: string;
  label?: string;
  error?: string;
  className?: string;
}

/** The registration's blood groups (A+ ... O-), with the spec's placeholder. */
export function BloodGroupSelect({ id, label, error, className, ...select }: BloodGroupSelectProps) {
  const t = useMessages(formText);
  return (
    <FieldShell id={id} label={label ?? t.bloodGroup} error={error} className={className}>
      <select id={id} className={`select w-full ${error ? 'select-error' : ''}`} {...described(id, error)} {...select}>
        <BloodGroupOptions />
      </select>
    </FieldShell>
  );
}

/** The spec's placeholder and the eight groups, for a blood group `<select>`. */
export function BloodGroupOptions() {
  const t = useMessages(formText);
  return (
    <>
      <option value="">{t.bloodGroupPlaceholder}</option>
      {BLOOD_GROUPS.map((group) => (
        <option key={group} value={group}>
          {group}
        </option>
      ))}
    </>
  );
}

/** A failure that belongs to no single field (wrong password, rate limited, offline...). */
export function FormAlert({ message, id }: { message: string | null; id?: string }) {
  if (!message) return null;
  return (
    <div id={id} role="alert" className="alert alert-error alert-soft text-sm">
      <span>{message}</span>
    </div>
  );
}

function EyeIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M3 3l18 18" />
      <path d="M10.6 5.1A10.9 10.9 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.1M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.8 9.8 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </svg>
  );
}
