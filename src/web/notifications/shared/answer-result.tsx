import type { RespondResult } from '../../../shared/notifications';
import { OUTREACH_MESSAGES } from '../../../shared/outreach-rules';
import { PhoneLink } from '../../components/phone-link';

/** What a donor is told after answering: thanks, and after accept the family's phone (if it gave one). */
export function AnswerResult({ result }: { result: RespondResult }) {
  if (result.answer === 'decline') {
    return (
      <p role="status" className="rounded-box border border-l-4 border-base-300 border-l-info bg-base-100 p-3">
        {OUTREACH_MESSAGES.declined}
      </p>
    );
  }
  return (
    <div role="status" className="space-y-1 rounded-box border border-l-4 border-base-300 border-l-success bg-base-100 p-3">
      <p className="font-semibold">{OUTREACH_MESSAGES.accepted}</p>
      {result.requesterPhone && (
        <p>
          {OUTREACH_MESSAGES.familyPhone}: <PhoneLink phone={result.requesterPhone} />
        </p>
      )}
    </div>
  );
}
