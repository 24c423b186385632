import { apiDelete, apiGet, apiPost } from '@sq/api-client';
import type {
  CreateWebhookForm,
  WebhookDeliveriesResponse,
  WebhookDeliveryResponse,
  WebhookListResponse,
  WebhookResponse,
  WebhookSecretResponse,
} from '@sq/contracts/webhooks';

/** The calls of my page's webhook section: the programs service keeps the subscriptions and their deliveries. */
export const getWebhooks = (signal?: AbortSignal) => apiGet<WebhookListResponse>('/webhooks', undefined, { signal });
export const createWebhook = (body: CreateWebhookForm) => apiPost<WebhookSecretResponse>('/webhooks', body);
export const deleteWebhook = (webhookId: number) => apiDelete<{ ErrorCode: '00' }>(`/webhooks/${webhookId}`);
export const rotateSecret = (webhookId: number) => apiPost<WebhookSecretResponse>(`/webhooks/${webhookId}/secret`);
export const enableWebhook = (webhookId: number) => apiPost<WebhookResponse>(`/webhooks/${webhookId}/enable`);
export const sendTest = (webhookId: number) => apiPost<WebhookDeliveryResponse>(`/webhooks/${webhookId}/test`);
export const getDeliveries = (webhookId: number, signal?: AbortSignal) =>
  apiGet<WebhookDeliveriesResponse>(`/webhooks/${webhookId}/deliveries`, undefined, { signal });
export const replayDelivery = (webhookId: number, deliveryId: number) =>
  apiPost<WebhookDeliveryResponse>(`/webhooks/${webhookId}/deliveries/${deliveryId}/replay`);
