import { apiGet, previewParam } from '@sq/api-client';
import type { SiteSettings, SiteSettingsResponse } from '@sq/contracts';
import { LAYOUT_API } from '@sq/contracts/first-content';
import { useAsync } from '@sq/ui';

let pending: Promise<SiteSettings> | null = null;

/** GET /api/setting/site — site name, chat channel, social links, company details (configuration). */
export function getSiteSettings(): Promise<SiteSettings> {
  pending ??= apiGet<SiteSettingsResponse>(LAYOUT_API.site, previewParam()).then(
    (r) => r.site,
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

export function useSiteSettings() {
  return useAsync(() => getSiteSettings(), []);
}
