import { useMessages } from '../../i18n';
import { commonText } from '../texts';
import { useEffect, useId, useState } from 'react';
import { ACCEPTED_IMAGE_TYPES, IMAGE_ERROR_TEXT, IMAGE_ERROR_TITLE } from '../../../shared/image-rules';
import { ENDPOINTS } from '../../../shared/endpoints';
import { publicApi } from '../../lib/api-client';
import { errorDialog } from '../dialogs';

/** Uploads a picture to POST /api/images and answers its display_url. */
export async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  // The answer's schema (and zod) load with the first upload, not with the form that shows the picker.
  const { imageUploadResponseSchema } = await import('../../../shared/images');
  const res = await publicApi.call(ENDPOINTS.uploadImage, { body, schema: imageUploadResponseSchema });
  return res.data.display_url;
}

export const isAcceptedImage = (file: File) => (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type);

interface ImagePickerProps {
  label: string;
  /** The current picture (e.g. the old avatar), shown until another is chosen. */
  currentUrl?: string | null;
  /** Called with the chosen file (after the type check), or null when cleared. */
  onChange: (file: File | null) => void;
  onBlur?: () => void;
  error?: string;
  round?: boolean;
}

/**
 * A picture picker with a preview. A file that is not JPEG, PNG or GIF is refused with the spec's
 * "Oops..." dialog (the server checks the bytes again).
 */
export function ImagePicker({ label, currentUrl, onChange, onBlur, error, round = false }: ImagePickerProps) {
  const id = useId();
  const t = useMessages(commonText);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const shown = preview ?? currentUrl ?? null;
  return (
    <div className="flex items-center gap-4">
      <div className={`size-20 shrink-0 overflow-hidden bg-base-300 ${round ? 'rounded-full' : 'rounded-box'}`}>
        {shown ? <img src={shown} alt={t.picturePreview} className="size-full object-cover" /> : null}
      </div>
      <div className="form-control w-full">
        <label htmlFor={id} className="label mb-1 text-sm font-medium whitespace-normal text-base-content">
          {label}
        </label>
        <input
          id={id}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          className={`file-input w-full ${error ? 'file-input-error' : ''}`}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          onBlur={onBlur}
          onChange={(e) => {
            const file = e.target.files?.[0] ?? null;
            if (file && !isAcceptedImage(file)) {
              e.target.value = '';
              setPreview(null);
              onChange(null);
              void errorDialog(IMAGE_ERROR_TITLE, IMAGE_ERROR_TEXT);
              return;
            }
            setPreview(file ? URL.createObjectURL(file) : null);
            onChange(file);
          }}
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
