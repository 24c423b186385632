import type { FastifyInstance } from 'fastify';
import { APPLICATION_STATE_NAMES } from '@sq/contracts/api/applications';
import type { AdminApplicant, ApplicantListResponse } from '@sq/contracts/api/operators/applicants';
import type { ApplicantListFilters, ApplicantRow } from '../repositories/applicant-list-repository';
import { peopleOf, shown } from './applicant-people';

export type { ApplicantListFilters };

async function applicantsOf(app: FastifyInstance, oddId: number, rows: ApplicantRow[]): Promise<AdminApplicant[]> {
  const persons = peopleOf(rows, await app.applicantListRepository.friendsOf(oddId, rows));
  return rows.map((r) => ({
    ...shown(persons.get(r.join_id)!),
    joinId: r.join_id,
    userId: r.user_id,
    state: r.status,
    stateName: APPLICATION_STATE_NAMES[r.status],
    friendCareerCardIds: r.personal_data_erased_at ? [] : [...(r.friend_card_ids ?? [])],
    submittedAt: r.submitted_at ? new Date(r.submitted_at).toISOString() : null,
  }));
}

/** Every applicant of the cohort that matches the filters, in list order (the CSV export). */
export async function listApplicants(
  app: FastifyInstance,
  oddId: number,
  f: ApplicantListFilters,
): Promise<AdminApplicant[]> {
  return applicantsOf(app, oddId, await app.applicantListRepository.all(oddId, f));
}

/**
 * One page of the cohort's applicants (page 1-based, in list order) with the total that match. Every filter,
 * search by name included, is answered by the database over the applications' copies of who their members are
 * (OPERATORS.md, "Who the applicants are"): no other service is asked.
 */
export async function pageOfApplicants(
  app: FastifyInstance,
  oddId: number,
  f: ApplicantListFilters,
  page: number,
  pageSize: number,
): Promise<ApplicantListResponse> {
  const { rows, total } = await app.applicantListRepository.page(oddId, f, pageSize, (page - 1) * pageSize);
  return {
    applicants: await applicantsOf(app, oddId, rows),
    total,
    page,
    pageSize,
    pageCount: Math.ceil(total / pageSize),
  };
}
