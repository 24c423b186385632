import {
  onCLS,
  onINP,
  onLCP,
  onTTFB,
  type CLSMetric,
  type INPMetric,
  type LCPMetric,
  type TTFBMetric,
} from 'web-vitals';

export type VitalMetric = CLSMetric | INPMetric | LCPMetric | TTFBMetric;

/**
 * The Core Web Vitals through web-vitals, loaded on its own after the page has started (start-rum.ts): its
 * observers read the entries buffered since navigation, so nothing of the load is missed. Where the browser
 * reports soft navigations, an in-app navigation gets vitals of its own (`navigationType: 'soft-navigation'`).
 */
export function observeVitals(report: (metric: VitalMetric) => void): void {
  const options = { reportSoftNavs: true };
  onLCP(report, options);
  onINP(report, options);
  onCLS(report, options);
  onTTFB(report, options);
}
