import { apiPut } from '@sq/api-client';
import type { SubmissionForm } from '@sq/contracts/forms';
import type { Submission } from '@sq/contracts/api/operators/submissions';

/** PUT /api/applications/{joinId}/submission — the team's final submission (409 from 15:00 on the last day). */
export async function saveSubmission(joinId: number, body: SubmissionForm): Promise<Submission> {
  return (await apiPut<{ submission: Submission }>(`/applications/${joinId}/submission`, body)).submission;
}
