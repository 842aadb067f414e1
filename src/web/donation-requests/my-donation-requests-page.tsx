import { Link } from 'react-router';
import { PageHeader } from './shared/page-header';
import { CREATE_PATH } from './shared/paths';
import { RequestList } from './shared/request-list';

export function MyDonationRequestsPage() {
  return (
    <>
      <PageHeader
        title="My Donation Requests"
        actions={
          <Link to={CREATE_PATH} className="btn btn-primary btn-sm">
            Create Request
          </Link>
        }
      >
        Every request you have made, newest first. Mark a request done or canceled once a donor has answered it.
      </PageHeader>
      <RequestList scope="mine" label="My donation requests" />
    </>
  );
}
