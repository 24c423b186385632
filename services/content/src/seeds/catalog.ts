/**
 * Ids shared by the demo data of several services (programs own products and cohorts; career cards own
 * profile ids). Only the seeds use this; at run time services talk through their APIs.
 */
export const DEMO_PRODUCTS = {
  bside: { productId: 1, slug: 'bside', name: '14주 팀 프로젝트' },
  potenday: { productId: 2, slug: 'potenday', name: '10일 팀 스프린트' },
  planx: { productId: 3, slug: 'planx', name: '플래너 코스' },
} as const;

export const DEMO_COHORTS = {
  bside9: { oddId: 109, productId: 1, name: '14주 팀 프로젝트 9기' },
  bside10: { oddId: 110, productId: 1, name: '14주 팀 프로젝트 10기' },
  bside11: { oddId: 111, productId: 1, name: '14주 팀 프로젝트 11기' },
  potenday2605: { oddId: 205, productId: 2, name: '10일 팀 스프린트 2026년 5월' },
  potenday2608: { oddId: 208, productId: 2, name: '10일 팀 스프린트 2026년 8월' },
  planx3: { oddId: 303, productId: 3, name: '플래너 코스 3기' },
} as const;
