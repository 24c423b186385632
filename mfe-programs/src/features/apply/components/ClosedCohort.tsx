import { Link } from 'react-router-dom';
import type { CohortDetail } from '@sq/contracts';
import { APPLICATION_MESSAGES } from '@sq/contracts/messages/applications';
import { StatePanel } from '@sq/ui';

/** The program's own page: generic products live under /product/{productId}, the others at /{slug}. */
export function programPath(product: CohortDetail['product']): string {
  return product.kind === 'GENERIC' ? `/product/${product.productId}` : `/${product.slug}`;
}

/** Why a cohort takes no applications now, in Korean (the server's reason when it gave one). */
export function closedReason(cohort: CohortDetail): string {
  if (cohort.status === 'CANCELLED') return APPLICATION_MESSAGES.applyCohortCancelled;
  return APPLICATION_MESSAGES.applyCohortNotRecruiting;
}

/** A cohort that is closed, full or cancelled: a clear Korean page with the way on, never a blank. */
export function ClosedCohort({ cohort, reason }: { cohort: CohortDetail; reason?: string | null }) {
  return (
    <div data-testid="apply-closed">
      <StatePanel
        role="alert"
        title={reason || closedReason(cohort)}
        description={`${cohort.product.name} ${cohort.name} (${cohort.statusName})`}
        action={
          <Link className="sq-button sq-button--primary" to={programPath(cohort.product)}>
            {cohort.product.name} 소개 보기
          </Link>
        }
      />
    </div>
  );
}
