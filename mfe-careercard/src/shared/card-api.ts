import { apiDelete, apiGet, apiPost, apiPut } from '@sq/api-client';
import {
  type CareerCardProjectListResponse,
  type CodeGroupDetailResponse,
  type JobGroupPositionResponse,
  type MyInfo,
  type MyInfoResponse,
  type MyInfoUpdateForm,
  type ProfileForm,
  type ProjectForm,
  type SkillsForm,
} from '@sq/contracts';

/**
 * The member's own career card calls (spec section 7 plus the card's project calls), shared by onboarding,
 * find-myprofile and the editor. Every write answers the whole card, so screens never show a stale copy.
 */
export async function getMyInfo(signal?: AbortSignal): Promise<MyInfo | null> {
  return (await apiGet<MyInfoResponse>('/findByIdMyinfo', undefined, { signal })).myInfo;
}
const card = async (request: Promise<MyInfoResponse>) => (await request).myInfo!;

export const insertMyInfo = (body: { jobCode: string; positionCode: string | null; yearCode: string }) =>
  card(apiPost('/insertMyinfo', body));
export const updateMyInfo = (body: MyInfoUpdateForm) => card(apiPost('/updateMyinfo', body));
export const saveProfile = (body: ProfileForm) => card(apiPost('/profile', body));
export const saveCover = (coverImgId: string | null) => card(apiPost('/profile/cover', { coverImgId }));
export const saveIntro = (intro: string) => card(apiPost('/profile/intro', { intro }));
export const saveSkills = (body: SkillsForm) => card(apiPost('/profile/skills', body));
export const saveSkillVisibility = (showSkillLevel: boolean) =>
  card(apiPost('/profile/skill-visibility', { showSkillLevel }));

const projects = async (request: Promise<CareerCardProjectListResponse>) => (await request).projects;
export const createProject = (body: ProjectForm) => projects(apiPost('/profile/project', body));
export const updateProject = (projectId: number, body: ProjectForm) =>
  projects(apiPut(`/profile/project/${projectId}`, body));
export const deleteProject = (projectId: number) => projects(apiDelete(`/profile/project/${projectId}`));
export const reorderProjects = (projectIds: number[]) => projects(apiPost('/profile/project/order', { projectIds }));

/** The one image upload (@sq/api-client): the answer's imgId is what the card keeps. */
export { uploadImage } from '@sq/api-client';

export async function getJobGroups(signal?: AbortSignal) {
  return (await apiGet<JobGroupPositionResponse>('/profile/job-group/position', undefined, { signal })).jobGroups;
}
export async function getCareerYears(signal?: AbortSignal) {
  return (await apiGet<CodeGroupDetailResponse>('/common/getCodeGroupDetail', { groupId: 'CAREER_YEARS' }, { signal }))
    .codeGroup.codes;
}
