import { apiGet, apiPost, isApiError } from '@sq/api-client';
import type {
  CheckupBaseInfo,
  CheckupIntroResponse,
  CheckupRun,
  CheckupRunResponse,
  CodeGroupDetailResponse,
  JobGroupPositionResponse,
  SaveAnswerResponse,
  SubmitCheckupResponse,
} from '@sq/contracts';

/** GET /api/itskill/checkup/run — the member's run in progress; null when there is none (404). */
export async function getRun(signal?: AbortSignal): Promise<CheckupRun | null> {
  try {
    return (await apiGet<CheckupRunResponse>('/itskill/checkup/run', undefined, { signal })).run;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** POST /api/itskill/checkup/run — start, or resume with the base info updated. */
export async function startRun(base: CheckupBaseInfo): Promise<CheckupRun> {
  return (await apiPost<CheckupRunResponse>('/itskill/checkup/run', base)).run;
}

/** POST /api/itskill/checkup/run/answers — saves one answer on the server (kept on refresh). */
export function saveAnswer(questionId: number, optionId: number): Promise<SaveAnswerResponse> {
  return apiPost<SaveAnswerResponse>('/itskill/checkup/run/answers', { questionId, optionId });
}

/** POST /api/itskill/checkup/run/submit — the service scores; the result's share key. */
export async function submitRun(): Promise<string> {
  return (await apiPost<SubmitCheckupResponse>('/itskill/checkup/run/submit', {})).shareKey;
}

export interface BaseInfoChoices {
  jobGroups: { code: string; name: string; positions: { code: string; name: string }[] }[];
  careerYears: { code: string; name: string }[];
  /** What step A starts with: the run in progress, else the member's career card, else nothing. */
  prefill: Partial<CheckupBaseInfo>;
}

interface MyInfoResponse {
  myInfo?: { jobCode?: string | null; yearCode?: string | null; positionCode?: string | null } | null;
}

/** Everything step A needs: job groups with a question bank, their positions, career years, and the prefill. */
export async function getBaseInfoChoices(signal?: AbortSignal): Promise<BaseInfoChoices> {
  const [intro, positions, years, run, myInfo] = await Promise.all([
    apiGet<CheckupIntroResponse>('/itskill/checkup', undefined, { signal }),
    apiGet<JobGroupPositionResponse>('/profile/job-group/position', undefined, { signal }),
    apiGet<CodeGroupDetailResponse>('/common/getCodeGroupDetail', { groupId: 'CAREER_YEARS' }, { signal }),
    getRun(signal),
    // The career card's my-info prefills step A; without one the member simply chooses.
    apiGet<MyInfoResponse>('/findByIdMyinfo', undefined, { signal }).catch(() => ({ myInfo: null })),
  ]);
  const bank = new Set(intro.checkup.jobGroups.map((g) => g.code));
  const card = myInfo.myInfo ?? null;
  return {
    jobGroups: intro.checkup.jobGroups.map((g) => ({
      ...g,
      positions: positions.jobGroups.find((p) => p.code === g.code)?.positions ?? [],
    })),
    careerYears: years.codeGroup.codes.map((c) => ({ code: c.code, name: c.name })),
    prefill: run
      ? { jobGroupCode: run.jobGroupCode, positionCode: run.positionCode, yearCode: run.yearCode }
      : card
        ? {
            ...(card.jobCode && bank.has(card.jobCode) ? { jobGroupCode: card.jobCode } : {}),
            ...(card.positionCode ? { positionCode: card.positionCode } : {}),
            ...(card.yearCode ? { yearCode: card.yearCode } : {}),
          }
        : {},
  };
}
