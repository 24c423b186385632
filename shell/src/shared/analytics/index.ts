import { getSession, subscribe } from '@sq/api-client';
import { createAnalytics, followSession } from './analytics';

export {
  createAnalytics,
  followSession,
  userPropertiesOf,
  USER_PROPERTIES_DELAY_MS,
  type Analytics,
  type UserProperties,
} from './analytics';

/** The page's analytics: sends only when the build configured SQ_ANALYTICS_ENDPOINT. */
export const analytics = createAnalytics({ endpoint: process.env.SQ_ANALYTICS_ENDPOINT });

export function startAnalytics(): () => void {
  return followSession(analytics, { getSession, subscribe });
}
