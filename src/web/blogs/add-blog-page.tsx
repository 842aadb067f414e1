import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { BLOG_MESSAGES, createBlogSchema } from '../../shared/blogs';
import { PAGES } from '../../shared/routes';
import { successDialog } from '../components/dialogs';
import { ImagePicker, uploadImage } from '../components/form/image-picker';
import { PageTitle } from '../components/page-title';
import { ApiError } from '../lib/api-client';
import { useCreateBlog } from './api';
import { RichTextEditor } from './rich-text-editor';

const CONTENT_PATH = PAGES.contentManagement.path;

/** The form holds the chosen file; it is uploaded on submit and the blog gets its URL. */
const addBlogFormSchema = z.object({
  thumbnail: z.instanceof(File, { error: BLOG_MESSAGES.thumbnailRequired }),
  blogTitle: createBlogSchema.shape.blogTitle,
  content: createBlogSchema.shape.content,
});
type AddBlogForm = z.infer<typeof addBlogFormSchema>;
const FIELDS = ['thumbnail', 'blogTitle', 'content'] as const;

/** /dashboard/addBlog (admins and volunteers): thumbnail, title and rich text; a new blog is a draft. */
export function AddBlogPage() {
  const navigate = useNavigate();
  const createBlog = useCreateBlog();
  const [failure, setFailure] = useState<string | null>(null);
  // A retried submit does not upload the same picture twice.
  const [uploaded] = useState(() => new WeakMap<File, string>());
  const ids = { title: useId(), titleError: useId(), contentLabel: useId(), content: useId(), contentHint: useId(), contentError: useId() };

  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddBlogForm>({
    resolver: zodResolver(addBlogFormSchema),
    mode: 'onTouched',
    defaultValues: { blogTitle: '', content: '' },
  });

  const onSubmit = handleSubmit(async ({ thumbnail, blogTitle, content }) => {
    setFailure(null);
    try {
      let url = uploaded.get(thumbnail);
      if (!url) {
        url = await uploadImage(thumbnail);
        uploaded.set(thumbnail, url);
      }
      await createBlog.mutateAsync({ blogTitle, content, thumbnail: url });
      await successDialog(BLOG_MESSAGES.created, { timer: 1500 });
      void navigate(CONTENT_PATH);
    } catch (error) {
      // A 400 names its fields (e.g. "body.content"): show the message under the field.
      const issues = error instanceof ApiError ? (error.issues ?? []) : [];
      let placed = false;
      for (const issue of issues) {
        const field = FIELDS.find((f) => issue.path.split('.').at(-1) === f);
        if (field) {
          setError(field, { message: issue.message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) setFailure(error instanceof Error ? error.message : 'The blog could not be created');
    }
  });

  return (
    <section className="mx-auto max-w-3xl">
      <PageTitle title={BLOG_MESSAGES.addBlog} />
      <p className="mb-2 text-sm">
        <Link to={CONTENT_PATH} className="link link-primary">
          Back to Content Management
        </Link>
      </p>
      <h1 className="text-2xl font-bold sm:text-3xl">{BLOG_MESSAGES.addBlog}</h1>
      <p className="mt-2 text-base-content/80">The post is saved as a draft. An admin publishes it from Content Management.</p>

      <form onSubmit={(e) => void onSubmit(e)} noValidate className={`card mt-6 border border-base-300 bg-base-100`}>
        <div className="card-body gap-6">
          <Controller
            control={control}
            name="thumbnail"
            render={({ field }) => (
              <ImagePicker label="Thumbnail" onChange={(file) => field.onChange(file ?? undefined)} onBlur={field.onBlur} error={errors.thumbnail?.message} />
            )}
          />

          <div>
            <label htmlFor={ids.title} className="mb-1 block text-sm font-medium">
              Title
            </label>
            <input
              id={ids.title}
              type="text"
              className={`input w-full ${errors.blogTitle ? 'input-error' : 'border-base-content/40'}`}
              aria-invalid={Boolean(errors.blogTitle)}
              aria-describedby={errors.blogTitle ? ids.titleError : undefined}
              {...register('blogTitle')}
            />
            {errors.blogTitle && (
              <p id={ids.titleError} role="alert" className="mt-1 text-sm text-error">
                {errors.blogTitle.message}
              </p>
            )}
          </div>

          <div>
            <span id={ids.contentLabel} className="mb-1 block text-sm font-medium">
              Content
            </span>
            <p id={ids.contentHint} className="mb-2 text-sm text-base-content/75">
              Use the toolbar for headings, bold, italic, lists, links and pictures. In the toolbar, the arrow keys move between buttons.
            </p>
            <Controller
              control={control}
              name="content"
              render={({ field }) => (
                <RichTextEditor
                  id={ids.content}
                  labelledBy={ids.contentLabel}
                  describedBy={errors.content ? `${ids.contentHint} ${ids.contentError}` : ids.contentHint}
                  invalid={Boolean(errors.content)}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  focusRef={field.ref}
                />
              )}
            />
            {errors.content && (
              <p id={ids.contentError} role="alert" className="mt-1 text-sm text-error">
                {errors.content.message}
              </p>
            )}
          </div>

          {failure && (
            <p role="alert" className="alert border-l-4 border-l-error">
              The blog could not be created: {failure}
            </p>
          )}

          <div className="card-actions justify-end">
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              Create Blog
            </button>
          </div>
        </div>
      </form>
    </section>
  );
}
