import { Link, useNavigate, useParams } from 'react-router';
import { can } from '../../shared/blogs/policy';
import { pathTo } from '../../shared/routing/routes';
import { successDialog } from '../components/dialogs';
import { PageTitle } from '../components/page-title';
import { Spinner } from '../components/spinner';
import { ApiError } from '../lib/api-client';
import { useAuth } from '../lib/auth';
import { useMessages } from '../i18n';
import { useBlog, useUpdateBlog } from './api';
import { BlogForm } from './blog-form';
import { blogStatusText, editBlogText } from './texts';

const CONTENT_PATH = pathTo('contentManagement');

/**
 * /dashboard/editBlog/{id} (issue 38): the post's thumbnail, title and content, prefilled; its
 * status is kept. Admins edit any post, volunteers those not published (the policy row `edit`).
 */
export function EditBlogPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const t = useMessages(editBlogText);
  const statuses = useMessages(blogStatusText);
  const blog = useBlog(id, true);
  const update = useUpdateBlog(id);

  let body: React.ReactNode;
  if (blog.isPending) body = <Spinner label={t.loading} />;
  else if (blog.isError) {
    const missing = blog.error instanceof ApiError && (blog.error.status === 404 || blog.error.status === 400);
    body = (
      <div role="alert" className="alert mt-6 flex-wrap border-l-4 border-l-error">
        <span>{missing ? t.notFound : `${t.loadFailed} ${blog.error.message}`}</span>
        {!missing && (
          <button type="button" className="btn btn-sm" onClick={() => void blog.refetch()}>
            {t.tryAgain}
          </button>
        )}
      </div>
    );
  } else if (!can(user, 'edit', { status: blog.data.blogStatus })) {
    body = (
      <p role="alert" className="alert mt-6 border-l-4 border-l-warning">
        {t.adminsOnly}
      </p>
    );
  } else {
    const post = blog.data;
    body = (
      <>
        <p className="mt-2 text-base-content/80">{t.keepsStatus({ status: statuses[post.blogStatus] })}</p>
        <BlogForm
          // A fresh form for each post (the editor reads its content once).
          key={post._id}
          initial={{ blogTitle: post.blogTitle, content: post.content, thumbnail: post.thumbnail }}
          submitLabel={t.submit}
          failure={(reason) => (reason ? t.failure({ reason }) : t.updateFailed)}
          save={async (input) => {
            await update.mutateAsync(input);
            await successDialog(t.updated, { timer: 1500 });
            void navigate(CONTENT_PATH);
          }}
        />
      </>
    );
  }

  return (
    <section className="mx-auto max-w-3xl">
      <PageTitle title={t.heading} />
      <p className="mb-2 text-sm">
        <Link to={CONTENT_PATH} className="link link-primary">
          {t.back}
        </Link>
      </p>
      <h1 className="text-2xl font-bold sm:text-3xl">{t.heading}</h1>
      {body}
    </section>
  );
}
