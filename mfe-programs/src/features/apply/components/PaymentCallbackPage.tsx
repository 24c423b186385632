import { useLocation, useParams } from 'react-router-dom';
import { Spinner, useAsync } from '@sq/ui';
import { LoadError } from '../../../shared/LoadError';
import { NotFoundPage } from '../../../shared/NotFoundPage';
import { getCohort } from '../api/get-cohort';
import { failPathWith, routeId } from '../flows';
import { PaymentReturn } from './PaymentReturn';

/**
 * The spec's mobile payment callbacks (/product/cb/{oddId}, /bisde/cb/{oddId}, /potenday/cb/{oddId},
 * /planx/cb/{oddId}): the PG redirects here with the billing key or its refusal; the server confirms it and
 * the member goes on to the success or fail page.
 */
export function PaymentCallbackPage() {
  const params = useParams();
  const { search } = useLocation();
  const oddId = routeId(params.oddId);
  const state = useAsync(
    (signal) => (oddId === null ? Promise.reject(new Error('no cohort')) : getCohort(oddId, signal)),
    [oddId],
  );
  if (oddId === null) return <NotFoundPage />;
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={state.reload} />;
  const { kind, slug } = state.data.product;
  return (
    <PaymentReturn oddId={oddId} search={search} failPath={(reason) => failPathWith({ kind, slug }, oddId, reason)} />
  );
}
