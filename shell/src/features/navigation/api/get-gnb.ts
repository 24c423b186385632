import { apiGet } from '@sq/api-client';
import type { GnbResponse } from '@sq/contracts';
import { useAsync } from '@sq/ui';

let pending: Promise<GnbResponse['gnb']> | null = null;

/** GET /api/setting/gnb — the menu and banners; one request per page load, shared by both headers. */
export function getGnb(): Promise<GnbResponse['gnb']> {
  pending ??= apiGet<GnbResponse>('/setting/gnb').then(
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
