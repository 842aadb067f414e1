import { useMessages } from '../../i18n';
import { commonText } from '../texts';
import { pickerText } from './texts';
import { useEffect, useId, useState } from 'react';
import { ACCEPTED_IMAGE_TYPES } from '../../../shared/images/model';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import { publicApi } from '../../lib/api-client';
import { errorDialog } from '../dialogs';

/** Uploads a picture to POST /api/images and answers its display_url. */
export async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  // The answer's schema (and zod) load with the first upload, not with the form that shows the picker.
  const { imageUploadResponseSchema } = await import('../../../shared/images/schemas');
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
 * A picture picker with a preview. The real file input is visually hidden (it keeps the keyboard
 * focus and the field's label); a styled button-like label opens it and the chosen file's name, or
 * a clear prompt, shows beside it, instead of the browser's own text that phones truncate. A file
 * that is not JPEG, PNG or GIF is refused with the spec's "Oops..." dialog (the server checks the
 * bytes again).
 */
export function ImagePicker({ label, currentUrl, onChange, onBlur, error, round = false }: ImagePickerProps) {
  const id = useId();
  const t = useMessages(commonText);
  const p = useMessages(pickerText);
  const [preview, setPreview] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const shown = preview ?? currentUrl ?? null;
  const nameId = `${id}-file`;
  const errorId = `${id}-error`;
  return (
    <div className="flex items-center gap-4">
      <div className={`size-20 shrink-0 overflow-hidden bg-base-300 ${round ? 'rounded-full' : 'rounded-box'}`}>
        {shown ? <img src={shown} alt={t.picturePreview} className="size-full object-cover" /> : null}
      </div>
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="mb-1 block text-sm font-medium">
          {label}
        </label>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <input
            id={id}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            className="peer sr-only"
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${nameId} ${errorId}` : nameId}
            onBlur={onBlur}
            onChange={(e) => {
              const file = e.target.files?.[0] ?? null;
              if (file && !isAcceptedImage(file)) {
                e.target.value = '';
                setPreview(null);
                setFileName(null);
                onChange(null);
                void errorDialog(p.errorTitle, p.errorText, p.ok);
                return;
              }
              setPreview(file ? URL.createObjectURL(file) : null);
              setFileName(file?.name ?? null);
              onChange(file);
            }}
          />
          {/* A second label of the same input: clicking it opens the file chooser. The input keeps
              the focus, so the ring is drawn here, on what sighted users see. */}
          <label
            htmlFor={id}
            className={`btn btn-sm btn-outline shrink-0 cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-base-content ${
              error ? 'btn-error' : ''
            }`}
          >
            {fileName ? p.change : p.choose}
          </label>
          <span id={nameId} className="min-w-0 text-sm wrap-anywhere text-base-content/80">
            {fileName ?? (currentUrl ? p.keepCurrent : p.noFile)}
          </span>
        </div>
        {error && (
          <p id={errorId} className="mt-1 text-sm text-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
