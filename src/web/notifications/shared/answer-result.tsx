import { Link } from 'react-router';
import type { RespondResult } from '../../../shared/outreach/schemas';
import { pathTo } from '../../../shared/routing/routes';
import { PhoneLink } from '../../components/phone-link';
import { useMessages } from '../../i18n';
import { useAuth } from '../../lib/auth';
import { answerText } from '../texts';

/**
 * What a donor is told after answering: thanks, and after accept what the family now sees of them
 * (their name and email, and their phone when their profile has one: the requester's view of a
 * pledge) and the family's phone (if it gave one).
 */
export function AnswerResult({ result }: { result: RespondResult }) {
  const t = useMessages(answerText);
  // The signed-in donor's own profile carries their phone (null: none given).
  const { user } = useAuth();
  if (result.answer === 'decline') {
    return (
      <p role="status" className="rounded-box border border-l-4 border-base-300 border-l-info bg-base-100 p-3">
        {t.declined}
      </p>
    );
  }
  const donorHasPhone = Boolean(user?.phone);
  const thanks = !donorHasPhone ? t.acceptedNoPhone : result.requesterPhone ? t.accepted : t.acceptedFamilyNoPhone;
  return (
    <div role="status" className="space-y-1 rounded-box border border-l-4 border-base-300 border-l-success bg-base-100 p-3">
      <p className="font-semibold">{thanks}</p>
      {!donorHasPhone && (
        <p>
          <Link to={pathTo('profile')} className="link link-primary">
            {t.addPhone}
          </Link>
        </p>
      )}
      {result.requesterPhone && (
        <p>
          {t.familyPhone}: <PhoneLink phone={result.requesterPhone} />
        </p>
      )}
    </div>
  );
}
