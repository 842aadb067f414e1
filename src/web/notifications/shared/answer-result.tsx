import type { RespondResult } from '../../../shared/notifications';
import { PhoneLink } from '../../components/phone-link';
import { useMessages } from '../../i18n';
import { answerText } from '../texts';

/** What a donor is told after answering: thanks, and after accept the family's phone (if it gave one). */
export function AnswerResult({ result }: { result: RespondResult }) {
  const t = useMessages(answerText);
  if (result.answer === 'decline') {
    return (
      <p role="status" className="rounded-box border border-l-4 border-base-300 border-l-info bg-base-100 p-3">
        {t.declined}
      </p>
    );
  }
  return (
    <div role="status" className="space-y-1 rounded-box border border-l-4 border-base-300 border-l-success bg-base-100 p-3">
      <p className="font-semibold">{t.accepted}</p>
      {result.requesterPhone && (
        <p>
          {t.familyPhone}: <PhoneLink phone={result.requesterPhone} />
        </p>
      )}
    </div>
  );
}
