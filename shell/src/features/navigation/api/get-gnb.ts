import { apiGet, previewParam } from '@sq/api-client';
import type { GnbResponse } from '@sq/contracts';
import { LAYOUT_API } from '@sq/contracts/first-content';
import { useAsync } from '@sq/ui';

let pending: Promise<GnbResponse['gnb']> | null = null;

/** GET /api/setting/gnb — the menu and banners; one request per page load, shared by both headers. */
export function getGnb(): Promise<GnbResponse['gnb']> {
  pending ??= apiGet<GnbResponse>(LAYOUT_API.gnb, previewParam()).then(
    (r) => r.gnb,
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

export function useGnb() {
  return useAsync(() => getGnb(), []);
}
