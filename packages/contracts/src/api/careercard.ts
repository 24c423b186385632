/** GET /profile/{id}: the public career card. */
export interface CareerCard {
  profileId: string;
  userAlias: string;
  jobGroupName: string;
  positionName: string;
  yearCodeName: string;
  intro: string;
  imgUrl: string | null;
  coverImgUrl: string | null;
  skills: string[];
  projects: { projectId: number; title: string; role: string; period: string }[];
}
export interface CareerCardResponse {
  profile: CareerCard;
}

/** One common code (job group, position, career years). `parentCode` ties a position to its job group. */
export interface CommonCode {
  code: string;
  name: string;
  parentCode: string | null;
}
/** GET /common/getCodeGroupDetail?groupId= */
export interface CodeGroupDetailResponse {
  codeGroup: { groupId: string; groupName: string; codes: CommonCode[] };
}

export interface JobGroupWithPositions {
  code: string;
  name: string;
  positions: { code: string; name: string }[];
}
/** GET /profile/job-group/position: the sign-up and career card pickers. */
export interface JobGroupPositionResponse {
  jobGroups: JobGroupWithPositions[];
}

/** GET /internal/profiles/{id}/exists (service to service): is this career card ID taken? */
export interface ProfileExistsResponse {
  exists: boolean;
}

/**
 * GET /open/check/careercard?profileId=: the sign-up duplicate check. A taken ID answers 409 with
 * 이미 사용 중인 커리어 카드 ID예요.; a free one answers this.
 */
export interface CareerCardIdCheckResponse {
  available: true;
}

/**
 * POST /internal/profiles (account service, at sign-up; `idempotency-key` header), PATCH /internal/profiles/{id}
 * (onboarding): the card's ID and the names of its codes. `created` is false when a retry found the card its
 * key had already created. DELETE /internal/profiles/{id} (same key) is the saga's compensation;
 * POST /internal/profiles/{id}/retire anonymises the card of a withdrawn member and keeps its ID taken.
 */
export interface InternalProfileResponse {
  profile: { profileId: string; jobGroupName: string | null; positionName: string | null; yearCodeName: string | null };
  created: boolean;
}

/**
 * POST /fileUpload (multipart, one part named `file`): a PNG, JPEG or WebP image of at most 5 MB, checked by
 * its bytes. `imgId` (a UUID) goes into POST /user/detail; `imgUrl` (/media/uploads/{imgId}) shows it.
 */
export interface FileUploadResponse {
  imgId: string;
  imgUrl: string;
}
