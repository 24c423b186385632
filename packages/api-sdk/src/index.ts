export { createSquadClient, type SquadAnswer, type SquadClient, type SquadClientOptions } from './client';
export { SDK_MESSAGES, SquadApiError } from './errors';
export { rateLimitOf, retryAfterSeconds, type RateLimitInfo, type RateLimitWindow } from './rate-limit';
export { PUBLIC_API_VERSION, type paths } from './generated/public-api';
export type { PublicPaths } from './responses';
