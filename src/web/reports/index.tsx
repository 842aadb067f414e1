import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { can, shownRequest } from '../../shared/donation-requests/policy';
import type { DonationRequest } from '../../shared/donation-requests/schemas';
import { REPORT_NOTE_MAX, REPORT_REASONS, type ReportReason } from '../../shared/reports/model';
import { ModalActions, ModalBackdrop } from '../components/modal';
import { useMessages } from '../i18n';
import { useAuth } from '../lib/auth';
import { toast } from '../lib/toast';
import { useErrorText } from '../donation-requests';
import { useReportRequest } from './api';
import { noticeText, reasonsText } from './texts';

// The feature's face on the request pages (issue 17): the notice that blood is never paid for,
// with the way to report the request. Zod-free and small: the request pages load it.

type Reportable = Pick<DonationRequest, '_id' | 'donationStatus' | 'requesterEmail' | 'reportedByMe' | 'underReview'>;

/** The report form in a modal: a reason, an optional note, Send. */
function ReportDialog({ request, dialog }: { request: Reportable; dialog: RefObject<HTMLDialogElement | null> }) {
  const id = useId();
  const send = useReportRequest(request._id);
  const [reason, setReason] = useState<ReportReason>('fake');
  const [note, setNote] = useState('');
  const t = useMessages(noticeText);
  const reasons = useMessages(reasonsText);
  const errorText = useErrorText();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await send.mutateAsync({ reason, ...(note.trim() && { note: note.trim() }) });
    } catch (error) {
      dialog.current?.close();
      toast.error(errorText(error));
      return;
    }
    dialog.current?.close();
    toast.success(t.sent);
  }

  return (
    <dialog ref={dialog} className="modal modal-bottom sm:modal-middle" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <div className="modal-box">
        <h2 id={`${id}-title`} className="text-xl font-bold">
          {t.dialogTitle}
        </h2>
        <p id={`${id}-text`} className="mt-2 text-base-content/80">
          {t.dialogIntro}
        </p>
        <form className="mt-4 space-y-4" onSubmit={(e) => void onSubmit(e)}>
          <fieldset>
            <legend className="mb-2 text-sm font-medium">{t.reasonLabel}</legend>
            <div className="space-y-2">
              {REPORT_REASONS.map((r) => (
                <label key={r} className="flex cursor-pointer items-center gap-3">
                  <input type="radio" name="reason" className="radio radio-primary radio-sm" value={r} checked={reason === r} onChange={() => setReason(r)} />
                  <span>{reasons[r]}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor={`${id}-note`} className="mb-1 block text-sm font-medium">
              {t.noteLabel}
            </label>
            <textarea
              id={`${id}-note`}
              name="note"
              className="textarea w-full"
              rows={3}
              maxLength={REPORT_NOTE_MAX}
              placeholder={t.notePlaceholder}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          <ModalActions dialog={dialog} submitLabel={t.send} busy={send.isPending} />
        </form>
      </div>
      <ModalBackdrop />
    </dialog>
  );
}

/**
 * "Blood is never paid for", on every request page, with "Report this request" for signed-in
 * users who may report it (not its requester, not a blocked account, not once they have).
 */
export function SafetyNotice({ request }: { request: Reportable }) {
  const { user } = useAuth();
  const dialog = useRef<HTMLDialogElement>(null);
  const t = useMessages(noticeText);
  const canReport = !!user && can(user, 'report', shownRequest(request)) && !request.reportedByMe;
  return (
    <aside aria-labelledby="never-pay-title" className="mt-6 rounded-box border border-l-4 border-base-300 border-l-warning bg-base-100 p-4">
      <h2 id="never-pay-title" className="font-bold">
        {t.neverPayTitle}
      </h2>
      <p className="mt-1 text-base-content/80">{t.neverPay}</p>
      {request.underReview && <p className="mt-2 text-sm font-medium">{t.underReview}</p>}
      {request.reportedByMe && <p className="mt-2 text-sm font-medium">{t.alreadyReported}</p>}
      {canReport && (
        <>
          <button type="button" className="btn btn-outline btn-sm mt-3" onClick={() => dialog.current?.showModal()}>
            {t.reportLink}
          </button>
          <ReportDialog request={request} dialog={dialog} />
        </>
      )}
    </aside>
  );
}
