import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditAction } from '../../shared/audit/model';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { getPage, secureApi } from '../lib/api-client';

// The audit trail on the client (issue 17): admins read it, nobody writes it.

export const AUDIT_PAGE_SIZE = 20;

export interface AuditFilters {
  actor?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
}

export const auditKeys = {
  all: ['audit'] as const,
  page: (filters: AuditFilters, page: number) => [...auditKeys.all, filters, page] as const,
};

/** GET /audit?actor&action&from&to&page&limit: newest first, with the total. */
export function useAudit(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: auditKeys.page(filters, page),
    queryFn: ({ signal }) => getPage(secureApi, ENDPOINTS.audit, { ...filters, page, limit: AUDIT_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}
