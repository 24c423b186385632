import { apiGet } from '@sq/api-client';
import { filterQuery, type ApplicantFilters } from './get-applicants';

/**
 * GET /api/admin/cohorts/{oddId}/applicants.csv — saved as a file. Fetched as a Blob (with the operator's
 * token, which a plain link could not send) so the UTF-8 BOM Excel needs for Korean is kept byte for byte;
 * decoding it as text would drop it.
 */
export async function downloadApplicantsCsv(oddId: number, filters: ApplicantFilters): Promise<void> {
  const csv = await apiGet<Blob>(`/admin/cohorts/${oddId}/applicants.csv`, filterQuery(filters), {
    responseType: 'blob',
  });
  const url = URL.createObjectURL(csv);
  const link = document.createElement('a');
  link.href = url;
  link.download = `cohort-${oddId}-applicants.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the Blob to the download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
