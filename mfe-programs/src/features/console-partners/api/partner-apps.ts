import { apiGet, apiPost, apiPut } from '@sq/api-client';
import type {
  PartnerAppAuditResponse,
  PartnerAppForm,
  PartnerAppListResponse,
  PartnerAppResponse,
  PartnerAppSecretResponse,
} from '@sq/contracts/partner-apps';

/** GET /api/admin/partner-apps — every registered app, newest first (never a secret). */
export const getPartnerApps = (signal?: AbortSignal) =>
  apiGet<PartnerAppListResponse>('/admin/partner-apps', undefined, { signal });
/** POST /api/admin/partner-apps — registers an app; the client secret is in this answer only. */
export const createPartnerApp = (form: PartnerAppForm) =>
  apiPost<PartnerAppSecretResponse>('/admin/partner-apps', form);
/** PUT /api/admin/partner-apps/{appId} — edits an app; `enabled: false` stops it (its tokens stop working at once). */
export const updatePartnerApp = (appId: number, form: PartnerAppForm) =>
  apiPut<PartnerAppResponse>(`/admin/partner-apps/${appId}`, form);
/** POST /api/admin/partner-apps/{appId}/secret — a new client secret (shown once); the old one stops working. */
export const rotatePartnerSecret = (appId: number) =>
  apiPost<PartnerAppSecretResponse>(`/admin/partner-apps/${appId}/secret`, {});
/** GET /api/admin/partner-apps/audit — the latest operator changes to partner apps. */
export const getPartnerAppAudit = (signal?: AbortSignal) =>
  apiGet<PartnerAppAuditResponse>('/admin/partner-apps/audit', undefined, { signal });
