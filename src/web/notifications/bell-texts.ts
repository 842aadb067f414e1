import { fill, i18n } from '../i18n';

// The notification bell in English (issue 16), in the bell's own chunk: the navbar and the
// dashboard show it to signed-in users. Its Bangla texts are in the frame's catalogue
// (src/web/components/texts.bn.ts), loaded before the first paint, so it never shows English first.

export const BELL_TEXTS = {
  'site/bell': {
    // OUTREACH_MESSAGES.bell and .bellUnread, written here: the bell's chunk does not load the outreach rules.
    bell: 'Notifications',
    unread: fill('Notifications, {count} unread'),
  },
};

export const bellText = i18n('site/bell', BELL_TEXTS['site/bell']);
