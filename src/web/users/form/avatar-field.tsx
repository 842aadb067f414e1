import { useRef, useState } from 'react';
import { MAX_IMAGE_BYTES } from '../../../shared/images/model';
import { ImagePicker, uploadImage } from '../../components/form/image-picker';
import { useMessages } from '../../i18n';
import { useMessageText } from '../../i18n/messages';
import { avatarText } from '../auth-texts';
import { failureMessage } from './server-errors';

interface AvatarFieldProps {
  label: string;
  /** The picture already saved (the old avatar), shown until another is chosen. */
  currentUrl?: string | null;
  /** Validation message from the form. */
  error?: string;
  /** The uploaded picture's URL, or '' when none is chosen (or its upload failed). */
  onChange: (url: string) => void;
  onBlur?: () => void;
  /** Lets the form hold its submit button while a picture is on its way. */
  onUploadingChange?: (uploading: boolean) => void;
}

const MAX_MB = MAX_IMAGE_BYTES / 1024 / 1024;

/**
 * The avatar picker: the chosen picture is uploaded at once (POST /api/images), so the server's
 * check of its bytes is known before the form is sent, and the form carries only its URL.
 */
export function AvatarField({ label, currentUrl, error, onChange, onBlur, onUploadingChange }: AvatarFieldProps) {
  const t = useMessages(avatarText);
  const message = useMessageText();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  // A new picker (empty, no preview) after a refused picture; the latest choice wins a race.
  const [pickerKey, setPickerKey] = useState(0);
  const latest = useRef(0);

  const setBusy = (busy: boolean) => {
    setUploading(busy);
    onUploadingChange?.(busy);
  };

  const refuse = (message: string) => {
    setUploadError(message);
    setPickerKey((k) => k + 1);
    onChange('');
  };

  const choose = (file: File | null) => {
    const attempt = ++latest.current;
    setUploadError(null);
    if (!file) {
      setBusy(false);
      onChange('');
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setBusy(false);
      refuse(t.tooLarge({ size: MAX_MB }));
      return;
    }
    setBusy(true);
    uploadImage(file)
      .then((url) => attempt === latest.current && onChange(url))
      .catch((err: unknown) => attempt === latest.current && refuse(failureMessage(err)))
      .finally(() => attempt === latest.current && setBusy(false));
  };

  return (
    <div>
      <ImagePicker key={pickerKey} round label={label} currentUrl={currentUrl} onChange={choose} onBlur={onBlur} error={message(uploadError ?? error)} />
      <p role="status" className="mt-1 text-sm text-base-content/75 empty:mt-0 sm:pl-24">
        {uploading && (
          <>
            <span className="loading loading-spinner loading-xs mr-2 align-middle" aria-hidden="true" />
            {t.uploading}
          </>
        )}
      </p>
    </div>
  );
}
