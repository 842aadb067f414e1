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
import { useMessages } from '../i18n';
import { useMessageText } from '../i18n/messages';
import { addBlogText } from './texts';
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
  const t = useMessages(addBlogText);
  const message = useMessageText();
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
      await successDialog(t.created, { timer: 1500 });
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
      if (!placed) setFailure(error instanceof Error ? error.message : '');
    }
  });

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

      <form onSubmit={(e) => void onSubmit(e)} noValidate className={`card mt-6 border border-base-300 bg-base-100`}>
        <div className="card-body gap-6">
          <Controller
            control={control}
            name="thumbnail"
            render={({ field }) => (
              <ImagePicker label={t.thumbnail} onChange={(file) => field.onChange(file ?? undefined)} onBlur={field.onBlur} error={message(errors.thumbnail?.message)} />
            )}
          />

          <div>
            <label htmlFor={ids.title} className="mb-1 block text-sm font-medium">
              {t.title}
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
                {message(errors.blogTitle.message)}
              </p>
            )}
          </div>

          <div>
            <span id={ids.contentLabel} className="mb-1 block text-sm font-medium">
              {t.content}
            </span>
            <p id={ids.contentHint} className="mb-2 text-sm text-base-content/75">
              {t.contentHint}
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
                {message(errors.content.message)}
              </p>
            )}
          </div>

          {failure !== null && (
            <p role="alert" className="alert border-l-4 border-l-error">
              {failure ? t.failure({ reason: failure }) : t.createFailed}
            </p>
          )}

          <div className="card-actions justify-end">
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {t.submit}
            </button>
          </div>
        </div>
      </form>
    </section>
  );
}
