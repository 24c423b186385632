import type { RouteAccess, RouteManifest } from '@sq/contracts/registry';
import shellManifest from '../../routes.json';

/**
 * The route manifests of the four remotes as spec section 2 describes them, for the guard's table test.
 * (Each remote's own test checks its routes.json against the spec; here they only feed the guard.)
 */
const manifest = (name: string, routes: [string, RouteAccess][]): RouteManifest => ({
  name,
  routes: routes.map(([path, access]) => ({ path, access, layout: 'default', title: path, ready: true })),
});

export const REMOTE_MANIFESTS: RouteManifest[] = [
  manifest('mfe_programs', [
    ['/', 'public'],
    ['/:product', 'public'],
    ['/planx', 'public'],
    ['/potenday', 'public'],
    ['/product/:productId', 'public'],
    ['/projects', 'public'],
    ['/projects/detail/:projectId', 'public'],
    ['/story', 'public'],
    ['/story/detail/:storyId', 'public'],
    ['/faq', 'public'],
    ['/:product/apply/:oddId/dupcheck', 'member'],
    ['/product/apply/:oddId/dupcheck', 'member'],
    ['/potenday/apply/:oddId/dupcheck', 'member'],
    ['/planx/apply/:oddId/dupcheck', 'member'],
    ['/:product/apply/:oddId', 'public'],
    ['/:product/apply/:oddId/required', 'member'],
    ['/:product/apply/:oddId/aside', 'member'],
    ['/:product/apply/:oddId/:productStep', 'member'],
    ['/:product/apply/:oddId/book', 'member'],
    ['/:product/apply/:oddId/bookorder', 'member'],
    ['/potenday/apply/:oddId/required', 'member'],
    ['/potenday/apply/:oddId/aside', 'member'],
    ['/potenday/apply/:oddId/:productStep', 'member'],
    ['/potenday/apply/:oddId/book', 'member'],
    ['/product/apply/:oddId/required', 'member'],
    ['/product/apply/:oddId/aside', 'member'],
    ['/product/apply/:oddId/book', 'member'],
    ['/planx/apply/:oddId', 'public'],
    ['/planx/apply/:oddId/required', 'member'],
    ['/planx/apply/:oddId/aside', 'member'],
    ['/planx/apply/:oddId/:productStep', 'member'],
    ['/planx/apply/:oddId/book', 'member'],
    ['/planx/apply/:oddId/bookorder', 'member'],
    ['/:product/recruit', 'public'],
    ['/:product/recruit/*', 'public'],
    ['/product/cb/:oddId', 'member'],
    ['/bisde/cb/:oddId', 'member'],
    ['/potenday/cb/:oddId', 'member'],
    ['/planx/cb/:oddId', 'member'],
    ['/potenday/book/success/:orderId', 'public'],
    ['/product/book/success/:orderId', 'public'],
    ['/:product/book/success/:orderId', 'public'],
    ['/planx/book/success/:orderId', 'public'],
    ['/:product/book/successorder', 'public'],
    ['/:product/book/fail/:oddId', 'public'],
    ['/planx/recruit/:oddId', 'public'],
    ['/planx/recruit', 'public'],
    ['/potenday/recruit', 'public'],
    ['/potenday/recruit/:oddId', 'public'],
    ['/admin/*', 'admin'],
  ]),
  manifest('mfe_careercard', [
    ['/careercard', 'public'],
    ['/careercard/find-myprofile', 'member'],
    ['/careercard/:profileId', 'public'],
    ['/careercard/:profileId/edit', 'member'],
    ['/careercard-error', 'public'],
    ['/careercard/project/:projectId', 'public'],
    ['/careercard/onboarding/:step', 'member'],
  ]),
  manifest('mfe_itskill', [
    ['/itskillcheckup', 'public'],
    ['/itskillcheckup/step-a', 'member'],
    ['/itskillcheckup/step-b', 'member'],
    ['/itskillcheckup/loading', 'member'],
    ['/itskillcheckup/result', 'public'],
    ['/itskillcheckup/result/:resultId', 'public'],
    ['/itskilltrends/*', 'public'],
  ]),
  manifest('mfe_mypage', [
    ['/mypage', 'member'],
    ['/mypage/history', 'member'],
    ['/mypage/info', 'member'],
    ['/mypage/history/:id', 'member'],
    ['/mypage/apply/:jid', 'member'],
  ]),
];

export const ALL_MANIFESTS: RouteManifest[] = [shellManifest as RouteManifest, ...REMOTE_MANIFESTS];
