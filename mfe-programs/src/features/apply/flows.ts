import type { ProductKind } from '@sq/contracts';
import { APPLY_FLOWS, applyPaths, flowSegment, type WizardStep } from '@sq/contracts/api/application-states';

/**
 * What the screens add to the contract's flows (`APPLY_FLOWS`, `applyPaths`): reading a step from the URL,
 * the step labels, and the canonical path of a page when the URL names another program's flow.
 */
export interface FlowProduct {
  kind: ProductKind;
  slug: string;
}

export const STEP_LABELS: Record<WizardStep, string> = {
  intro: '지원 안내',
  required: '필수 정보',
  aside: '추가 정보',
  product: '프로그램 질문',
  book: '결제',
};

/** A step of the wizard as the URL names it; `current` is the legacy `bookorder`, which lands on the current step. */
export type StepTarget = WizardStep | 'current';

/**
 * Which step the last URL segment names in this program's flow: none (the public intro, where the flow has
 * one), `required`, `aside`, `book`, the flow's own segment for the program's questions, or the legacy
 * `bookorder`. Null: not a step of this flow (the error page).
 */
export function stepFromSegment(product: FlowProduct, segment: string | undefined): StepTarget | null {
  const steps = APPLY_FLOWS[product.kind].steps;
  if (segment === undefined || segment === '') return steps.includes('intro') ? 'intro' : null;
  if (segment === 'bookorder') return 'current';
  if ((segment === 'required' || segment === 'aside' || segment === 'book') && steps.includes(segment)) return segment;
  if (segment === flowSegment(product.kind, product.slug) && steps.includes('product')) return 'product';
  return null;
}

/** True when the URL's first segment is this program's flow (e.g. /potenday/apply/... for the sprint). */
export function isOwnFlow(product: FlowProduct, base: string): boolean {
  return flowSegment(product.kind, product.slug) === base;
}

/** The steps the member fills in, in order (everything after the public intro). */
export function memberSteps(product: FlowProduct): WizardStep[] {
  return APPLY_FLOWS[product.kind].steps.filter((s) => s !== 'intro');
}

export function nextStep(product: FlowProduct, step: WizardStep): WizardStep | null {
  const steps = APPLY_FLOWS[product.kind].steps;
  const i = steps.indexOf(step);
  return i >= 0 && i < steps.length - 1 ? steps[i + 1]! : null;
}

export function previousStep(product: FlowProduct, step: WizardStep): WizardStep | null {
  const steps = APPLY_FLOWS[product.kind].steps;
  const i = steps.indexOf(step);
  return i > 0 ? steps[i - 1]! : null;
}

/** True when `step` comes after `current` in the flow (the server would refuse it: earlier steps first). */
export function isAhead(product: FlowProduct, step: WizardStep, current: WizardStep): boolean {
  const steps = APPLY_FLOWS[product.kind].steps;
  return steps.indexOf(step) > steps.indexOf(current);
}

/** Where "지원하기" leads from a recruit page or intro: the public intro where the flow has one, else the duplicate check. */
export function startPath(product: FlowProduct, oddId: number): string {
  return APPLY_FLOWS[product.kind].steps[0] === 'intro'
    ? applyPaths.step(product.kind, product.slug, oddId, 'intro')
    : applyPaths.dupcheck(product.kind, product.slug, oddId);
}

/** The fail page with the PG's reason in the query (shown as it came, in Korean). */
export function failPathWith(
  product: FlowProduct,
  oddId: number,
  reason: { code?: string | null; message?: string | null },
): string {
  const query = new URLSearchParams();
  if (reason.code) query.set('code', reason.code);
  if (reason.message) query.set('message', reason.message);
  const q = query.toString();
  return `${applyPaths.fail(product.kind, product.slug, oddId)}${q ? `?${q}` : ''}`;
}

/** The spec's mobile payment callbacks' first segments. */
export const CALLBACK_BASES = ['product', 'bisde', 'potenday', 'planx'] as const;

/** Below the spec's desktop breakpoint (1200 px) the PG returns through the mobile callback. */
export const DESKTOP_MIN_WIDTH = 1200;

/** A positive integer id from a route parameter, or null (malformed ids never reach the API). */
export function routeId(value: string | undefined | null): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= 2_147_483_647 ? n : null;
}
