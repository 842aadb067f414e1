// SweetAlert2 dialogs (the spec's "Are you sure?", success and "Oops..." dialogs). The library is
// loaded on first use, so pages that never show a dialog do not download it. Titles and texts
// often carry what users typed (a recipient's name): they go in as text (`titleText`, `text`),
// never as SweetAlert2's `title`/`html`, which it renders as HTML.
import type { SweetAlertIcon, SweetAlertResult } from 'sweetalert2';

const swal = () => import('sweetalert2').then((m) => m.default);

/** "Are you sure?" with a confirm button; resolves true when confirmed. */
export async function confirmDialog(options: { title: string; text?: string; confirmText?: string; cancelText?: string; icon?: SweetAlertIcon }): Promise<boolean> {
  const Swal = await swal();
  const result: SweetAlertResult = await Swal.fire({
    titleText: options.title,
    text: options.text,
    icon: options.icon ?? 'warning',
    showCancelButton: true,
    confirmButtonText: options.confirmText ?? 'Yes',
    cancelButtonText: options.cancelText ?? 'Cancel',
    confirmButtonColor: '#b91c1c',
    reverseButtons: true,
    focusCancel: true,
  });
  return result.isConfirmed;
}

/** A centred success dialog that closes by itself (spec: 1500 ms, or 2000 ms for requests). */
export async function successDialog(title: string, options: { text?: string; timer?: number } = {}): Promise<void> {
  const Swal = await swal();
  await Swal.fire({ icon: 'success', titleText: title, text: options.text, position: 'center', showConfirmButton: false, timer: options.timer ?? 1500 });
}

/** An error dialog, e.g. "Oops..." / "Only Image File You Can Uploaded!"; `confirmText` names its button ("OK"). */
export async function errorDialog(title: string, text?: string, confirmText?: string): Promise<void> {
  const Swal = await swal();
  await Swal.fire({ icon: 'error', titleText: title, text, confirmButtonColor: '#b91c1c', ...(confirmText ? { confirmButtonText: confirmText } : {}) });
}
