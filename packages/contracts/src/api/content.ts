/** Response shapes of the content service (navigation, past projects). Paths are under `/api`. */

export type GnbMenuType = 'MAIN' | 'OUTLINK' | 'SUB' | 'SEPARATOR';

export interface GnbSubMenu {
  subTitle: string;
  url: string;
  badge: { path: string } | null;
}

export interface GnbMenuItem {
  type: GnbMenuType;
  title: string;
  url: string;
  clickable: boolean;
  hasSubmenu: boolean;
  subMenu: GnbSubMenu[];
}

export interface GnbBanner {
  url: string;
  pcImgUrl: string;
  moImgUrl: string;
  pcDisplayable: boolean;
  moDisplayable: boolean;
}

/** GET /setting/gnb */
export interface GnbResponse {
  gnb: { menu: GnbMenuItem[]; banners: GnbBanner[] };
}

/** GET /setting/site: site name, chat channel, social links and company details are configuration. */
export interface SiteSettings {
  siteName: string;
  chatUrl: string;
  social: { name: string; url: string }[];
  company: { name: string; ceo: string; businessNumber: string; address: string; email: string };
}
export interface SiteSettingsResponse {
  site: SiteSettings;
}

export interface LeftMenuProduct {
  productId: number;
  productName: string;
  cohorts: { oddId: number; cohortName: string; projectCount: number }[];
}
/** GET /project/getLeftMenu and GET /project/getLeftMenuByProductId?productId= */
export interface LeftMenuResponse {
  leftMenu: LeftMenuProduct[];
}

export interface Page<T> {
  items: T[];
  page: number;
  size: number;
  total: number;
}

export interface ImageRef {
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface ProjectSummary {
  projectId: number;
  title: string;
  summary: string;
  thumbnail: ImageRef;
  productId: number;
  productName: string;
  oddId: number;
  cohortName: string;
  tags: string[];
}
/** GET /projects?productId=&oddId=&page=&size= */
export interface ProjectListResponse {
  projects: Page<ProjectSummary>;
}

export interface ProjectMember {
  userAlias: string;
  role: 'PLANNER' | 'DESIGNER' | 'DEVELOPER';
  positionName: string;
  /** Career card id, null when the member has no public card. */
  profileId: string | null;
}

export interface ProjectDetail extends ProjectSummary {
  description: string;
  startDate: string;
  endDate: string;
  members: ProjectMember[];
  images: ImageRef[];
  links: { label: string; url: string }[];
}
/** GET /projects/{projectId} */
export interface ProjectDetailResponse {
  project: ProjectDetail;
}
