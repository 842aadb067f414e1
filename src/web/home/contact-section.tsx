import { useState, type FormEvent } from 'react';
import { CONTACT_EMAIL_MAX, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from '../../shared/contact/model';
import { HelplineLink, useSendContactMessage, useSiteInfo } from '../contact';
import { PhoneIcon } from '../components/icons';
import { contactText } from '../components/texts';
import { useMessages } from '../i18n';
import { ApiError } from '../lib/api-client';

export function ContactSection() {
  const t = useMessages(contactText);
  const site = useSiteInfo();
  const send = useSendContactMessage();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const helpline = site.data?.helpline ?? null;
  const contactEmail = site.data?.contactEmail ?? null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Stored for the site's volunteers and admins (issue 38), who reply by email.
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setSent(false);
    setFailure(null);
    try {
      await send.mutateAsync({ name: String(data.get('name') ?? ''), email: String(data.get('email') ?? ''), message: String(data.get('message') ?? '') });
      form.reset();
      setSent(true);
    } catch (error) {
      // The server answers in the reader's language (Accept-Language).
      setFailure(error instanceof ApiError ? error.message : t.sendFailed);
    }
  }

  return (
    <section aria-labelledby="contact-heading" className="bg-base-200">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:py-20 lg:grid-cols-2">
        <div>
          <h2 id="contact-heading" className="text-2xl font-bold sm:text-3xl">
            {t.heading}
          </h2>
          <p className="mt-4 text-base-content/80">{helpline ? t.intro : t.introNoHelpline}</p>
          {helpline && (
            <div className="mt-6 flex items-center gap-4 rounded-box border border-base-300 bg-base-100 p-5">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-primary-content">
                <PhoneIcon className="size-6" />
              </span>
              <div>
                <p className="text-sm font-medium text-base-content/80">{t.helplineLabel}</p>
                <HelplineLink className="link link-hover text-xl font-bold" />
              </div>
            </div>
          )}
          {contactEmail && (
            <p className="mt-4">
              <span className="font-medium">{t.emailUsLabel}:</span>{' '}
              <a href={`mailto:${contactEmail}`} className="link break-all">
                {contactEmail}
              </a>
            </p>
          )}
        </div>

        <form onSubmit={(event) => void onSubmit(event)} className="card border border-base-300 bg-base-100" aria-labelledby="contact-heading">
          <div className="card-body gap-4">
            <div>
              <label htmlFor="contact-name" className="mb-1 block font-medium">
                {t.nameLabel}
              </label>
              <input id="contact-name" name="name" type="text" autoComplete="name" required maxLength={CONTACT_NAME_MAX} className="input w-full border-base-content/40" />
            </div>
            <div>
              <label htmlFor="contact-email" className="mb-1 block font-medium">
                {t.emailLabel}
              </label>
              <input id="contact-email" name="email" type="email" autoComplete="email" required maxLength={CONTACT_EMAIL_MAX} className="input w-full border-base-content/40" />
            </div>
            <div>
              <label htmlFor="contact-message" className="mb-1 block font-medium">
                {t.messageLabel}
              </label>
              <textarea id="contact-message" name="message" rows={5} required maxLength={CONTACT_MESSAGE_MAX} className="textarea w-full border-base-content/40" />
            </div>
            <button type="submit" className="btn btn-primary self-start" disabled={send.isPending}>
              {send.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {send.isPending ? t.sending : t.submit}
            </button>
            <p role="status" className="text-sm font-medium empty:hidden">
              {sent ? t.sentNote : ''}
            </p>
            <p role="alert" className="text-sm text-error empty:hidden">
              {failure ?? ''}
            </p>
          </div>
        </form>
      </div>
    </section>
  );
}
