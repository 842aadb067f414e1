// Privacy of accounts (issue 17): the texts of the export and the deletion.

export const PRIVACY_TEXTS = {
  maskedEmailHint: 'sign in to see the full address',
  sectionTitle: 'Your data',
  exportIntro: 'Download everything this site holds about you, as a JSON file.',
  exportButton: 'Download my data',
  exporting: 'Preparing your data…',
  exportFailed: 'Your data could not be downloaded.',
  dangerTitle: 'Danger zone',
  deleteIntro:
    'Delete your account: you are signed out everywhere and your name, email, phone, picture, blood group and location are erased. Requests and pledges stay for the record as "Deleted user".',
  deleteButton: 'Delete my account',
  dialogTitle: 'Delete your account?',
  dialogBody: 'This cannot be undone. Type your email address to confirm.',
  confirmLabel: 'Your email address',
  confirmButton: 'Delete for good',
  cancel: 'Cancel',
  deleting: 'Deleting…',
  deleted: 'Your account was deleted.',
  deleteFailed: 'Your account could not be deleted.',
  /** Server messages. */
  confirmMismatch: 'Type your own email address to confirm the deletion',
  ownExportOnly: 'You can only download your own data',
  ownDeleteOnly: 'You can only delete your own account',
  lastAdmin: 'You are the last active admin: make another admin before deleting your account',
} as const;

/** The account deletion's form message. */
export const PRIVACY_MESSAGES = {
  typeEmail: 'Type your email address',
} as const;
