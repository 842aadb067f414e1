import { useNavigate } from 'react-router';
import { DONATION_MESSAGES, todayInDhaka } from '../../shared/donation-request-rules';
import { errorDialog, successDialog } from '../components/dialogs';
import { Spinner } from '../components/spinner';
import { useAuth } from '../lib/auth';
import { useCreateRequest } from './api';
import { PageHeader } from './shared/page-header';
import { MY_REQUESTS_PATH } from './shared/paths';
import { RequestForm } from './form/request-form';
import { createRequestSchema } from './form/schemas';
import { Notice } from './shared/query-states';

const EMPTY_FORM = {
  recipientName: '',
  hospitalName: '',
  fullAddress: '',
  donationDate: '',
  donationTime: '',
  requestMessage: '',
  recipientDivision: '',
  recipientDistrict: '',
  recipientUpazila: '',
  component: 'whole_blood',
  unitsNeeded: 1,
  urgency: 'normal',
  contactPhone: '',
} as const;

/** Spec section 2: "Create Donation" with the "Create Request" button; blocked users are refused. */
export function CreateRequestPage() {
  const { user } = useAuth();
  const create = useCreateRequest();
  const navigate = useNavigate();
  if (!user) return <Spinner />;
  const blocked = user.status !== 'active';

  return (
    <>
      <PageHeader title={DONATION_MESSAGES.createHeading}>
        Ask for blood for someone in need. Donors see the recipient, the place and the time on the public list.
      </PageHeader>
      {blocked && (
        <div className="mb-5">
          <Notice tone="warning">
            <strong>{DONATION_MESSAGES.blockedText}</strong> A blocked account cannot create donation requests. If you think this is a mistake,
            please contact an admin.
          </Notice>
        </div>
      )}
      <div className="max-w-4xl">
        <RequestForm
          idPrefix="create"
          schema={createRequestSchema}
          defaultValues={EMPTY_FORM}
          requester={user}
          timeInput="time"
          minDate={todayInDhaka()}
          submitLabel={DONATION_MESSAGES.createButton}
          beforeSubmit={() => {
            if (!blocked) return true;
            // Nothing is sent: the server would refuse too (403).
            void errorDialog(DONATION_MESSAGES.blockedTitle, DONATION_MESSAGES.blockedText);
            return false;
          }}
          onSubmit={async (values) => {
            await create.mutateAsync(values);
            await successDialog(DONATION_MESSAGES.created(values.recipientName), { timer: 2000 });
            void navigate(MY_REQUESTS_PATH);
          }}
        />
      </div>
    </>
  );
}
