import { useState, type FormEvent } from 'react';
import { CONTACT } from '../../shared/site';
import { PhoneIcon } from '../components/icons';
import { contactText } from '../components/texts';
import { useMessages } from '../i18n';

export function ContactSection() {
  const [submitted, setSubmitted] = useState(false);
  const t = useMessages(contactText);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // The spec gives the form no behaviour; say so instead of pretending a message was sent.
    event.preventDefault();
    setSubmitted(true);
  }

  return (
    <section aria-labelledby="contact-heading" className="bg-base-200">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:py-20 lg:grid-cols-2">
        <div>
          <h2 id="contact-heading" className="text-2xl font-bold sm:text-3xl">
            {t.heading}
          </h2>
          <p className="mt-4 text-base-content/80">
            {t.intro}
          </p>
          <div className="mt-6 flex items-center gap-4 rounded-box border border-base-300 bg-base-100 p-5">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-primary-content">
              <PhoneIcon className="size-6" />
            </span>
            <div>
              <p className="text-sm font-medium text-base-content/80">{t.helplineLabel}</p>
              <a href={`tel:${CONTACT.helplineTel}`} className="link link-hover text-xl font-bold">
                {t.helplineDisplay}
              </a>
            </div>
          </div>
        </div>

        <form onSubmit={onSubmit} className="card border border-base-300 bg-base-100" aria-labelledby="contact-heading">
          <div className="card-body gap-4">
            <div>
              <label htmlFor="contact-name" className="mb-1 block font-medium">
                {t.nameLabel}
              </label>
              <input id="contact-name" name="name" type="text" autoComplete="name" required className="input w-full border-base-content/40" />
            </div>
            <div>
              <label htmlFor="contact-email" className="mb-1 block font-medium">
                {t.emailLabel}
              </label>
              <input id="contact-email" name="email" type="email" autoComplete="email" required className="input w-full border-base-content/40" />
            </div>
            <div>
              <label htmlFor="contact-message" className="mb-1 block font-medium">
                {t.messageLabel}
              </label>
              <textarea id="contact-message" name="message" rows={5} required className="textarea w-full border-base-content/40" />
            </div>
            <button type="submit" className="btn btn-primary self-start">
              {t.submit}
            </button>
            <p role="status" className="text-sm text-base-content/80">
              {submitted ? t.sentNote : ''}
            </p>
          </div>
        </form>
      </div>
    </section>
  );
}
