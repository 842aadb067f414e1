import { beforeEach, describe, expect, it, vi } from 'vitest';

// SweetAlert2 renders `title` and `html` as HTML. Every dialog of the app must hand it text only,
// since titles carry what users typed (the "{recipientName} Request Successfully" dialog).
const fire = vi.fn(async (_options: Record<string, unknown>) => ({ isConfirmed: true }));
vi.mock('sweetalert2', () => ({ default: { fire } }));

const { confirmDialog, errorDialog, successDialog } = await import('./dialogs');

const PAYLOAD = '<img src=x onerror=alert(1)>';

describe('dialogs', () => {
  beforeEach(() => fire.mockClear());

  it.each([
    ['success', () => successDialog(`${PAYLOAD} Request Successfully`, { text: PAYLOAD })],
    ['error', () => errorDialog(PAYLOAD, PAYLOAD)],
    ['confirm', () => confirmDialog({ title: PAYLOAD, text: PAYLOAD })],
  ])('the %s dialog passes its title and text as text, never as HTML', async (_name, show) => {
    await show();
    expect(fire).toHaveBeenCalledTimes(1);
    const options = fire.mock.calls[0]![0];
    expect(options).not.toHaveProperty('title');
    expect(options).not.toHaveProperty('html');
    expect(String(options.titleText)).toContain(PAYLOAD);
    expect(options.text).toBe(PAYLOAD);
  });
});
