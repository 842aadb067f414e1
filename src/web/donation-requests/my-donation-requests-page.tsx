import { Link } from 'react-router';
import { useMessages } from '../i18n';
import { PageHeader } from './shared/page-header';
import { CREATE_PATH } from './shared/paths';
import { RequestList } from './shared/request-list';
import { dashboardText } from './texts';

export function MyDonationRequestsPage() {
  const t = useMessages(dashboardText);
  return (
    <>
      <PageHeader
        title={t.myTitle}
        actions={
          <Link to={CREATE_PATH} className="btn btn-primary btn-sm">
            {t.create}
          </Link>
        }
      >
        {t.myIntro}
      </PageHeader>
      <RequestList scope="mine" label={t.myLabel} />
    </>
  );
}
