/** One project as the card lists it. */
export interface CareerCardProjectSummary {
  projectId: number;
  title: string;
  role: string;
  /** "2026.05.11 ~ 2026.05.20" or "2026.09.01 ~ 진행 중". */
  period: string;
}

/**
 * The IT skill check-up level on a card whose member chose to show it (`MyInfo.showSkillLevel`): their
 * latest completed result, from the itskill service. The result page /itskillcheckup/result/{shareKey} is
 * public by design (spec section 2), so the card links to it.
 */
export interface CareerCardSkillLevel {
  /** 1 (입문) to 5 (전문가). */
  level: number;
  levelName: string;
  shareKey: string;
  /** ISO time the check-up was finished. */
  completedAt: string;
}

/**
 * GET /profile/{id}: the public career card. Never carries private fields (the account's contact e-mail or
 * phone, the user id). `isOwner` is true only for the signed-in member whose card it is.
 */
export interface CareerCard {
  profileId: string;
  /** The member's name, mirrored from the account; null on a card made before the mirror (shows the nickname only). */
  userName: string | null;
  userAlias: string;
  jobGroupName: string;
  positionName: string;
  yearCodeName: string;
  intro: string;
  imgUrl: string | null;
  coverImgUrl: string | null;
  skills: string[];
  projects: CareerCardProjectSummary[];
  /**
   * Null when the member keeps it hidden (the default), has no completed check-up, or the itskill service
   * did not answer in time: the card renders without it.
   */
  skillLevel: CareerCardSkillLevel | null;
  isOwner: boolean;
}
export interface CareerCardResponse {
  profile: CareerCard;
}

/** GET /careercard/examples: a few public cards for the landing page (real rows, newest activity first). */
export interface CareerCardExamplesResponse {
  cards: Pick<
    CareerCard,
    | 'profileId'
    | 'userAlias'
    | 'jobGroupName'
    | 'positionName'
    | 'yearCodeName'
    | 'intro'
    | 'imgUrl'
    | 'coverImgUrl'
    | 'skills'
  >[];
}

/** GET /profile/project/{projectId} (public) and the editor: one project in full. */
export interface CareerCardProject extends CareerCardProjectSummary {
  profileId: string;
  userAlias: string;
  startDate: string;
  endDate: string | null;
  description: string;
  links: string[];
  images: { imgId: string; imgUrl: string }[];
  isOwner: boolean;
}
export interface CareerCardProjectResponse {
  project: CareerCardProject;
}
/** The editor's list (GET /findByIdMyinfo carries it too). */
export interface CareerCardProjectListResponse {
  projects: CareerCardProject[];
}

/**
 * GET /findByIdMyinfo: the signed-in member's own card (spec section 3's additional profile info) plus what
 * the editor and onboarding need; `myInfo` is null when the member has no card. `onboardedAt` is null until
 * POST /insertMyinfo; `onboardingStep` is the last step of /careercard/onboarding reached.
 */
export interface MyInfo {
  profileId: string;
  userAlias: string;
  imgId: string | null;
  imgUrl: string | null;
  coverImgId: string | null;
  coverImgUrl: string | null;
  intro: string;
  jobCode: string;
  jobCodeName: string;
  jobGroupName: string;
  positionCode: string | null;
  positionName: string;
  yearCode: string;
  yearCodeName: string;
  skills: string[];
  projects: CareerCardProject[];
  onboardedAt: string | null;
  onboardingStep: string | null;
  /** Whether the public card shows the member's IT skill check-up level (POST /profile/skill-visibility); off by default. */
  showSkillLevel: boolean;
}
export interface MyInfoResponse {
  myInfo: MyInfo | null;
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
