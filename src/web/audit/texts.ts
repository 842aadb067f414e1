import { AUDIT_ACTION_LABELS, AUDIT_TEXTS } from '../../shared/audit/texts';
import { i18n } from '../i18n';

// The audit trail page in English (issue 16). The specification's texts come from
// src/shared/audit/texts.ts unchanged; the Bangla catalogue is src/web/audit/texts.bn.ts. In English a
// change shows the stored field names and values as they are ("status: active → blocked"); in
// Bangla the known ones are named in Bangla, anything else is shown as stored.

export const AUDIT_PAGE_TEXTS = {
  'audit/actions': { ...AUDIT_ACTION_LABELS },
  'audit/page': {
    pageTitle: AUDIT_TEXTS.pageTitle,
    pageIntro: AUDIT_TEXTS.pageIntro,
    actorLabel: AUDIT_TEXTS.actorLabel,
    actionLabel: AUDIT_TEXTS.actionLabel,
    anyAction: AUDIT_TEXTS.anyAction,
    fromLabel: AUDIT_TEXTS.fromLabel,
    toLabel: AUDIT_TEXTS.toLabel,
    apply: AUDIT_TEXTS.apply,
    reset: AUDIT_TEXTS.reset,
    columnWhen: AUDIT_TEXTS.columnWhen,
    columnActor: AUDIT_TEXTS.columnActor,
    columnAction: AUDIT_TEXTS.columnAction,
    columnTarget: AUDIT_TEXTS.columnTarget,
    columnChange: AUDIT_TEXTS.columnChange,
    columnIp: AUDIT_TEXTS.columnIp,
    system: AUDIT_TEXTS.system,
    deletedUser: AUDIT_TEXTS.deletedUser,
    empty: AUDIT_TEXTS.empty,
    loading: AUDIT_TEXTS.loading,
    // "Could not load the audit trail: {reason}" (the shared error state).
    what: 'the audit trail',
    pagesLabel: AUDIT_TEXTS.pagesLabel,
  },
  /** What a change was made to (the stored target types). */
  'audit/targets': { user: 'user', request: 'request', blog: 'blog', donation: 'donation' },
  /** The fields a change names (the stored keys). */
  'audit/fields': {
    status: 'status',
    role: 'role',
    title: 'title',
    thumbnail: 'thumbnail',
    content: 'content',
    openReports: 'openReports',
    resolved: 'resolved',
    reasons: 'reasons',
    requesterId: 'requesterId',
    recipientName: 'recipientName',
    hospitalName: 'hospitalName',
    donationDate: 'donationDate',
    donationTime: 'donationTime',
    component: 'component',
    unitsNeeded: 'unitsNeeded',
    urgency: 'urgency',
  },
  /** The stored values a change shows (statuses, roles, reasons, urgency, components). */
  'audit/values': {
    active: 'active',
    blocked: 'blocked',
    donor: 'donor',
    volunteer: 'volunteer',
    admin: 'admin',
    pending: 'pending',
    inprogress: 'inprogress',
    done: 'done',
    canceled: 'canceled',
    draft: 'draft',
    published: 'published',
    unpublish: 'unpublish',
    edited: 'edited',
    open: 'open',
    dismissed: 'dismissed',
    removed: 'removed',
    fake: 'fake',
    paid: 'paid',
    duplicate: 'duplicate',
    other: 'other',
    normal: 'normal',
    urgent: 'urgent',
    critical: 'critical',
    whole_blood: 'whole_blood',
    red_cells: 'red_cells',
    platelets: 'platelets',
    plasma: 'plasma',
  },
};

export const actionsText = i18n('audit/actions', AUDIT_PAGE_TEXTS['audit/actions']);
export const auditText = i18n('audit/page', AUDIT_PAGE_TEXTS['audit/page']);
export const targetsText = i18n('audit/targets', AUDIT_PAGE_TEXTS['audit/targets']);
export const fieldsText = i18n('audit/fields', AUDIT_PAGE_TEXTS['audit/fields']);
export const valuesText = i18n('audit/values', AUDIT_PAGE_TEXTS['audit/values']);
