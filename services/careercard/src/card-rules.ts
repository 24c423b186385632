import { MESSAGES } from '@sq/contracts';
import { badRequest } from '@sq/service-kit';
import type { CodeRepository } from './repositories/code-repository';
import type { UploadRepository } from './repositories/upload-repository';

export interface CardCodes {
  jobGroupCode?: string | undefined;
  positionCode?: string | null | undefined;
  yearCode?: string | undefined;
}

/**
 * The names of the codes, or a 400 naming the first code that is not a live code of its group (a position
 * must belong to the job group it is sent with, or to the card's current one: `currentJobGroup`).
 */
export async function codeNames(codeRepository: CodeRepository, codes: CardCodes, currentJobGroup?: string) {
  const wanted = [codes.jobGroupCode, codes.positionCode ?? undefined, codes.yearCode].filter((c): c is string =>
    Boolean(c),
  );
  const rows = wanted.length ? await codeRepository.liveCodes(wanted) : [];
  const find = (c: string | null | undefined, group: string) =>
    c ? rows.find((r) => r.code === c && r.group_id === group) : undefined;
  const jobGroup = find(codes.jobGroupCode, 'JOB_GROUP');
  const position = find(codes.positionCode, 'POSITION');
  const years = find(codes.yearCode, 'CAREER_YEARS');
  if (codes.jobGroupCode && !jobGroup)
    throw badRequest(MESSAGES.jobGroupRequired, { jobGroup: MESSAGES.jobGroupRequired });
  const parent = codes.jobGroupCode ?? currentJobGroup;
  if (codes.positionCode && (!position || (parent && position.parent_code !== parent))) {
    throw badRequest(MESSAGES.positionRequired, { position: MESSAGES.positionRequired });
  }
  if (codes.yearCode && !years)
    throw badRequest(MESSAGES.careerYearsRequired, { careerYears: MESSAGES.careerYearsRequired });
  return {
    jobGroupName: jobGroup?.name ?? null,
    positionName: position?.name ?? null,
    yearCodeName: years?.name ?? null,
  };
}

/**
 * Only uploads of the card's own member can be attached (an id seen on another card cannot be borrowed);
 * otherwise 400 이미지를 다시 선택해 주세요. under `field`.
 */
export async function requireOwnUploads(
  uploads: UploadRepository,
  userId: number | null,
  imgIds: readonly string[],
  field: string,
): Promise<void> {
  const unique = [...new Set(imgIds)];
  if (unique.length === 0) return;
  const owned = userId === null ? [] : await uploads.ownedBy(userId, unique);
  if (owned.length !== unique.length || unique.length !== imgIds.length)
    throw badRequest(MESSAGES.imageInvalid, { [field]: MESSAGES.imageInvalid });
}
