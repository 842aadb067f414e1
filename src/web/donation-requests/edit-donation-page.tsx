import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { successDialog } from '../components/dialogs';
import { Spinner } from '../components/spinner';
import { useMessages } from '../i18n';
import { useAuth } from '../lib/auth';
import { toast } from '../lib/toast';
import { useRequestDetail, useUpdateRequest } from './api';
import { RequestForm } from './form/request-form';
import { editRequestSchema } from './form/schemas';
import { canManage, isEditable } from './permissions';
import { MissingRequest } from './shared/missing-request';
import { PageHeader } from './shared/page-header';
import { type FromState, MY_REQUESTS_PATH, viewPath } from './shared/paths';
import { Notice } from './shared/query-states';
import { requestFormText, requestsCommonText, statusText } from './texts';

/** Spec section 2: userHome/editDonation/{id}, the create form loaded by id. */
export function EditDonationPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const query = useRequestDetail(id);
  const update = useUpdateRequest(id);
  const navigate = useNavigate();
  const from = (useLocation().state as FromState | null)?.from;
  const back = from?.startsWith('/dashboard') ? from : MY_REQUESTS_PATH;
  const t = useMessages(requestFormText);
  const common = useMessages(requestsCommonText);
  const status = useMessages(statusText);

  let body;
  if (!user || query.isPending) body = <Spinner label={common.loadingRequest} />;
  else if (query.isError) body = <MissingRequest error={query.error} onRetry={() => void query.refetch()} />;
  else if (!canManage(user, query.data)) {
    body = (
      <Notice
        tone="warning"
        role="alert"
        action={
          <Link to={viewPath(id)} className="btn btn-sm">
            {common.viewRequest}
          </Link>
        }
      >
        {user.status === 'active' ? t.onlyOwner : `${t.blocked} ${t.blockedEdit}`}
      </Notice>
    );
  } else {
    const r = query.data;
    const closed = !isEditable(r);
    body = (
      <>
        {closed && (
          <div className="mb-5">
            <Notice tone="info">
              {t.closed({ status: status[r.donationStatus].toLowerCase() })}
            </Notice>
          </div>
        )}
        <div className="max-w-4xl">
          <RequestForm
            key={r._id}
            idPrefix="edit"
            schema={editRequestSchema(r.donationDate)}
            defaultValues={{
              recipientName: r.recipientName,
              bloodGroup: r.bloodGroup,
              hospitalName: r.hospitalName,
              fullAddress: r.fullAddress,
              donationDate: r.donationDate,
              donationTime: r.donationTime,
              requestMessage: r.requestMessage,
              recipientDivision: r.recipientDivisionId,
              recipientDistrict: r.recipientDistrictId,
              recipientUpazila: r.recipientUpazilaId,
              component: r.component,
              unitsNeeded: r.unitsNeeded,
              urgency: r.urgency,
              // Only the requester sees the family's phone (null for an admin): blank is then "unknown", not "none".
              contactPhone: r.contactPhone ?? '',
            }}
            requester={{ name: r.requesterName, email: r.requesterEmail }}
            timeInput="text"
            submitLabel={t.editHeading}
            readOnly={closed}
            onSubmit={async ({ contactPhone, ...values }) => {
              // An unchanged phone is left out (omitted: kept), so an admin's edit never clears the family's phone.
              const phoneChanged = (contactPhone ?? null) !== (r.contactPhone ?? null);
              const { modifiedCount } = await update.mutateAsync(phoneChanged ? { ...values, contactPhone } : values);
              if (modifiedCount === 0) {
                // Spec section 8: an error toast for 1.5 s; the form stays, so a change can still be made.
                toast.error(t.noChanges, { duration: 1500 });
                return;
              }
              await successDialog(t.updated, { timer: 1500 });
              void navigate(back);
            }}
          />
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={t.editHeading}
        back={
          <Link to={back} className="btn btn-ghost btn-sm -ml-3">
            {t.back}
          </Link>
        }
      >
        {t.editIntro}
      </PageHeader>
      {body}
    </>
  );
}
