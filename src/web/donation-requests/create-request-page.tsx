import { useNavigate } from 'react-router';
import { todayInDhaka } from '../../shared/dates/model';
import { errorDialog, successDialog } from '../components/dialogs';
import { Spinner } from '../components/spinner';
import { useMessages } from '../i18n';
import { useAuth } from '../lib/auth';
import { useCreateRequest } from './api';
import { PageHeader } from './shared/page-header';
import { viewPath } from './shared/paths';
import { RequestForm } from './form/request-form';
import { createRequestSchema } from './form/schemas';
import { Notice } from './shared/query-states';
import { requestFormText } from './texts';

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

/** Spec section 2: "Create Donation" with the "Create Request" button; blocked users are refused. Issue 38: a created request opens its own page. */
export function CreateRequestPage() {
  const { user } = useAuth();
  const create = useCreateRequest();
  const navigate = useNavigate();
  const t = useMessages(requestFormText);
  if (!user) return <Spinner />;
  const blocked = user.status !== 'active';

  return (
    <>
      <PageHeader title={t.createHeading}>{t.createIntro}</PageHeader>
      {blocked && (
        <div className="mb-5">
          <Notice tone="warning">
            <strong>{t.blocked}</strong> {t.blockedCreate}
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
          submitLabel={t.createButton}
          beforeSubmit={() => {
            if (!blocked) return true;
            // Nothing is sent: the server would refuse too (403).
            void errorDialog(t.blockedTitle, t.blocked);
            return false;
          }}
          onSubmit={async (values) => {
            const { insertedId } = await create.mutateAsync(values);
            await successDialog(t.created({ name: values.recipientName }), { timer: 2000 });
            // Issue 38: straight to the request's own page, where the search for donors and the
            // matching donors show. It replaces the form in the history: Back does not reopen it emptied.
            void navigate(viewPath(insertedId), { replace: true });
          }}
        />
      </div>
    </>
  );
}
