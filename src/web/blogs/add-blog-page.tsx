import { Link, useNavigate } from 'react-router';
import { pathTo } from '../../shared/routing/routes';
import { successDialog } from '../components/dialogs';
import { PageTitle } from '../components/page-title';
import { useMessages } from '../i18n';
import { addBlogText } from './texts';
import { useCreateBlog } from './api';
import { BlogForm } from './blog-form';

const CONTENT_PATH = pathTo('contentManagement');

/** /dashboard/addBlog (admins and volunteers): thumbnail, title and rich text; a new blog is a draft. */
export function AddBlogPage() {
  const navigate = useNavigate();
  const t = useMessages(addBlogText);
  const createBlog = useCreateBlog();

  return (
    <section className="mx-auto max-w-3xl">
      <PageTitle title={t.heading} />
      <p className="mb-2 text-sm">
        <Link to={CONTENT_PATH} className="link link-primary">
          {t.back}
        </Link>
      </p>
      <h1 className="text-2xl font-bold sm:text-3xl">{t.heading}</h1>
      <p className="mt-2 text-base-content/80">{t.intro}</p>
      <BlogForm
        submitLabel={t.submit}
        failure={(reason) => (reason ? t.failure({ reason }) : t.createFailed)}
        save={async (body) => {
          await createBlog.mutateAsync(body);
          await successDialog(t.created, { timer: 1500 });
          void navigate(CONTENT_PATH);
        }}
      />
    </section>
  );
}
