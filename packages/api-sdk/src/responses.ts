import type { Success } from '@sq/contracts';
import type { CohortApplicantsResponse } from '@sq/contracts/api/applicants';
import type { JoinHistoryResponse } from '@sq/contracts/api/applications';
import type { CareerCardResponse, MyInfoResponse } from '@sq/contracts/api/careercard';
import type { SprintCheckinResponse } from '@sq/contracts/api/operators/sprint';
import type { CohortResponse, ProductDetailResponse, ProductListResponse } from '@sq/contracts/api/programs';
import type {
  WebhookDeliveriesResponse,
  WebhookDeliveryResponse,
  WebhookListResponse,
  WebhookResponse,
  WebhookSecretResponse,
} from '@sq/contracts/webhooks';
import type { paths } from './generated/public-api';

/**
 * The success bodies of the public operations. The published document gives each operation's parameters, request
 * body, scopes and the gateway's 401/403/429, but the services do not describe their 200 answers to it, so they
 * are taken from the services' own answer types (@sq/contracts) and laid over the generated paths here. When a
 * service documents its answer, the generated type of that operation can replace the line below.
 */
interface SuccessBodies {
  '/api/products': { get: ProductListResponse };
  '/api/products/{productIdOrSlug}': { get: ProductDetailResponse };
  '/api/cohorts/{oddId}': { get: CohortResponse };
  '/api/cohorts/{oddId}/applicants': { get: CohortApplicantsResponse };
  '/api/profile/{id}': { get: CareerCardResponse };
  '/api/findByIdMyinfo': { get: MyInfoResponse };
  '/api/updateMyinfo': { post: MyInfoResponse };
  '/api/join/history': { get: JoinHistoryResponse };
  '/api/applications/{joinId}/checkin': { post: SprintCheckinResponse };
  '/api/webhooks': { get: WebhookListResponse; post: WebhookSecretResponse };
  '/api/webhooks/{webhookId}/secret': { post: WebhookSecretResponse };
  '/api/webhooks/{webhookId}/enable': { post: WebhookResponse };
  '/api/webhooks/{webhookId}/test': { post: WebhookDeliveryResponse };
  '/api/webhooks/{webhookId}/deliveries': { get: WebhookDeliveriesResponse };
  '/api/webhooks/{webhookId}/deliveries/{deliveryId}/replay': { post: WebhookDeliveryResponse };
}

type WithSuccess<Operation, Body extends object> = Operation extends { responses: infer Responses }
  ? Omit<Operation, 'responses'> & {
      responses: Omit<Responses, 200> & {
        200: { headers: { [name: string]: unknown }; content: { 'application/json': Success<Body> } };
      };
    }
  : Operation;

/** The public API's paths as the client types them: the generated ones with their success bodies. */
export type PublicPaths = {
  [Path in keyof paths]: Path extends keyof SuccessBodies
    ? {
        [Method in keyof paths[Path]]: Method extends keyof SuccessBodies[Path]
          ? WithSuccess<paths[Path][Method], SuccessBodies[Path][Method] & object>
          : paths[Path][Method];
      }
    : paths[Path];
};
