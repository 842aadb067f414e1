import { Link } from 'react-router';
import type { BlogStatus } from '../../shared/blogs/model';
import type { BlogSummary } from '../../shared/blogs/schemas';
import { can, nextBlogStatus } from '../../shared/blogs/policy';
import { pathTo } from '../../shared/routing/routes';
import { confirmDialog } from '../components/dialogs';
import { lang, useMessages } from '../i18n';
import { useAuth } from '../lib/auth';
import { formatLongDate } from '../lib/format';
import { toast } from '../lib/toast';
import { useChangeBlogStatus, useDeleteBlog } from './api';
import { blogItemText, blogStatusText } from './texts';

/** The button that moves a blog to `to` (the one move the transition table offers), and its toast. */
const MOVE_LABELS = { published: 'publish', unpublish: 'unpublish', draft: 'toDraft' } as const satisfies Record<BlogStatus, string>;
const MOVE_DONE = { published: 'published', unpublish: 'unpublished', draft: 'drafted' } as const satisfies Record<BlogStatus, string>;

const BADGE: Record<BlogStatus, string> = {
  draft: 'badge-neutral',
  published: 'badge-success',
  unpublish: 'badge-warning',
};


interface ManagedBlogItemProps {
  blog: BlogSummary;
  /** Admins: the status move and Delete. */
  canManage: boolean;
}

export function ManagedBlogItem({ blog, canManage }: ManagedBlogItemProps) {
  const change = useChangeBlogStatus();
  const remove = useDeleteBlog();
  const titleId = `managed-blog-${blog._id}`;
  const next = nextBlogStatus(blog.blogStatus);
  const busy = change.isPending || remove.isPending;
  const t = useMessages(blogItemText);
  const status = useMessages(blogStatusText);
  const code = useMessages(lang);
  // Admins edit any post, volunteers those not published (the policy row `edit`, issue 38).
  const { user } = useAuth();
  const canEdit = can(user, 'edit', { status: blog.blogStatus });
  const errorText = (error: unknown) => (error instanceof Error ? error.message : t.failed);

  const move = () =>
    change.mutate(
      { id: blog._id, status: next },
      {
        onSuccess: () => toast.success(t[MOVE_DONE[next]]({ title: blog.blogTitle })),
        onError: (error) => toast.error(errorText(error)),
      },
    );

  const askDelete = async () => {
    const confirmed = await confirmDialog({ title: t.deleteTitle, text: t.deleteText, confirmText: t.confirmDelete, cancelText: t.cancel });
    if (!confirmed) return;
    remove.mutate(blog._id, {
      onSuccess: () => toast.success(t.deleted({ title: blog.blogTitle })),
      onError: (error) => toast.error(errorText(error)),
    });
  };

  return (
    <li aria-labelledby={titleId} className="flex flex-wrap items-center gap-4 rounded-box border border-base-300 bg-base-100 p-3 sm:flex-nowrap">
      <img src={blog.thumbnail} alt="" width={112} height={63} loading="lazy" decoding="async" className="aspect-video w-28 shrink-0 rounded-field bg-base-300 object-cover" />
      <div className="min-w-0 flex-1 basis-40">
        <h2 id={titleId} data-user-content className="font-semibold leading-snug [overflow-wrap:anywhere]">
          <Link to={`/viewBlog/${blog._id}`} className="link link-hover">
            {blog.blogTitle}
          </Link>
        </h2>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-base-content/80">
          <span className={`badge badge-sm ${BADGE[blog.blogStatus]}`}>
            <span className="sr-only">{t.statusPrefix}</span>
            {status[blog.blogStatus]}
          </span>
          <time dateTime={blog.createdAt}>{formatLongDate(blog.createdAt, code)}</time>
        </p>
      </div>
      {(canManage || canEdit) && (
        <div className="flex w-full shrink-0 gap-2 sm:w-auto">
          {canEdit && (
            <Link to={pathTo('editBlog', { id: blog._id })} className="btn btn-sm btn-outline flex-1 sm:flex-none" aria-describedby={titleId}>
              {t.edit}
            </Link>
          )}
          {canManage && (
            <>
              <button type="button" className="btn btn-sm btn-primary flex-1 sm:flex-none" onClick={move} disabled={busy} aria-describedby={titleId}>
                {change.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                {t[MOVE_LABELS[next]]}
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline btn-primary flex-1 sm:flex-none"
                onClick={() => void askDelete()}
                disabled={busy}
                aria-describedby={titleId}
              >
                {t.delete}
              </button>
            </>
          )}
        </div>
      )}
    </li>
  );
}
