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
