import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { BLOG_MESSAGES } from '../../shared/blogs/texts';
import { createBlogSchema, type CreateBlogInput } from '../../shared/blogs/schemas';
import { ImagePicker, uploadImage } from '../components/form/image-picker';
import { ApiError } from '../lib/api-client';
import { useMessages } from '../i18n';
import { useMessageText } from '../i18n/messages';
import { addBlogText } from './texts';
import { RichTextEditor } from './rich-text-editor';

const FIELDS = ['thumbnail', 'blogTitle', 'content'] as const;

/** The form holds the chosen file; it is uploaded on submit and the blog gets its URL. */
const formSchema = (thumbnailRequired: boolean) =>
  z.object({
    // Editing: no new file keeps the thumbnail the post has.
    thumbnail: z.custom<File | undefined>((v) => v instanceof File || (!thumbnailRequired && v === undefined), { error: BLOG_MESSAGES.thumbnailRequired }),
    blogTitle: createBlogSchema.shape.blogTitle,
    content: createBlogSchema.shape.content,
  });
type BlogFormValues = z.infer<ReturnType<typeof formSchema>>;

interface BlogFormProps {
  /** The post being edited (its fields prefill the form); none for a new post. */
  initial?: CreateBlogInput;
  submitLabel: string;
  /** The failure shown when the server gave no field to put it under, with its reason or none. */
  failure: (reason: string | null) => string;
  /** Saves the post; throws what the API threw. */
  save: (body: CreateBlogInput) => Promise<void>;
}

/** Thumbnail, title and rich text: /dashboard/addBlog and /dashboard/editBlog/{id}. */
export function BlogForm({ initial, submitLabel, failure: failureText, save }: BlogFormProps) {
  const t = useMessages(addBlogText);
  const message = useMessageText();
  const [failure, setFailure] = useState<string | null>(null);
  // A retried submit does not upload the same picture twice.
  const [uploaded] = useState(() => new WeakMap<File, string>());
  const ids = { title: useId(), titleError: useId(), contentLabel: useId(), content: useId(), contentHint: useId(), contentError: useId() };
  const [resolver] = useState(() => zodResolver(formSchema(!initial)));

  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BlogFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: { blogTitle: initial?.blogTitle ?? '', content: initial?.content ?? '' },
  });

  const onSubmit = handleSubmit(async ({ thumbnail, blogTitle, content }) => {
    setFailure(null);
    try {
      let url = thumbnail ? uploaded.get(thumbnail) : initial?.thumbnail;
      if (thumbnail && !url) {
        url = await uploadImage(thumbnail);
        uploaded.set(thumbnail, url);
      }
      await save({ blogTitle, content, thumbnail: url ?? '' });
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
    <form onSubmit={(e) => void onSubmit(e)} noValidate className={`card mt-6 border border-base-300 bg-base-100`}>
      <div className="card-body gap-6">
        <Controller
          control={control}
          name="thumbnail"
          render={({ field }) => (
            <ImagePicker
              label={t.thumbnail}
              currentUrl={initial?.thumbnail}
              onChange={(file) => field.onChange(file ?? undefined)}
              onBlur={field.onBlur}
              error={message(errors.thumbnail?.message)}
            />
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
                initialContent={initial?.content}
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
            {failureText(failure || null)}
          </p>
        )}

        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {submitLabel}
          </button>
        </div>
      </div>
    </form>
  );
}
