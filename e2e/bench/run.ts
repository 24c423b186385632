/**
 * `npm run bench`: prints the platform's figures. Bytes are deterministic; timings are this machine's and
 * vary run to run, so they are printed, never asserted.
 *  - first-load JS (gzip) of every real route (`/` first), each next to its target;
 *  - the home page's largest contentful paint next to the same page as static HTML (its markup and styles,
 *    scripts removed; the ratio is the figure, next to its target) and, for reference, next to a minimal
 *    hand-written page with the same words and images, all served by the same gateway; and the home page's
 *    layout shift;
 *  - one GET through the gateway and straight to its service, side by side, as a visitor and as a member:
 *    throughput and p99 latency, the gateway's share of direct throughput and the p99 it adds, each next to
 *    its target (bench/gateway.ts).
 *  - the team matcher: 5,000 applicants into teams per program, and the worst team's score next to the mean.
 */
import { benchMatcher } from '@sq/team-matcher/bench';
import { launchBrowser, newPage } from '../src/browser';
import { FIRST_LOAD_BUDGET, measureFirstLoad } from '../src/first-load';
import { REAL_ROUTES } from '../src/real-routes';
import { signInContext } from '../src/session';
import { startTestSite } from '../src/test-site';
import { benchGateway } from './gateway';
import { median, paintMetrics, type PaintMetrics } from './lcp';
import { publishStaticHome, publishStaticPage } from './static-home';

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** The speed goals of issue 11, printed next to each result (bytes: gzip -9, counted in thousands). */
const TARGETS = { homeFirstLoad: 130_000, lcpRatio: 1.2 };

const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

// `BENCH_ONLY=gateway npm run bench`: only the gateway figures, on a site started without building bundles.
const gatewayOnly = process.env.BENCH_ONLY === 'gateway';

// Pure CPU work: measured first, before the site and its browser compete for the cores.
if (!gatewayOnly) benchMatcher();

const site = await startTestSite({ build: !gatewayOnly });
try {
  if (!gatewayOnly) await pages();
  await benchGateway(site.url, site.services.content!);
} finally {
  await site.stop();
}

async function pages(): Promise<void> {
  const browser = await launchBrowser();
  console.log('\nFirst-load JavaScript (gzip -9; CI cap %s per real route, target for / %s)', kb(FIRST_LOAD_BUDGET), kb(TARGETS.homeFirstLoad));
  console.log(`  ${'route'.padEnd(22)} ${'result'.padStart(9)}  ${'target'.padStart(9)}`);
  for (const route of REAL_ROUTES) {
    const { page, context } = await newPage(browser);
    if (route.member) await signInContext(context, site.url);
    const measured = await measureFirstLoad(page, site.url, route.path, (p) => p.locator(route.ready).first().waitFor());
    await context.close();
    const target = route.path === '/' ? TARGETS.homeFirstLoad : FIRST_LOAD_BUDGET;
    console.log(
      `  ${route.path.padEnd(22)} ${kb(measured.gzipBytes).padStart(9)}  ${`≤ ${kb(target)}`.padStart(11)}  ${verdict(measured.gzipBytes <= target).padEnd(7)}  ${measured.files.length} files`,
    );
  }

  const baselines = { page: await publishStaticPage(site.url, site.cdnDir), minimal: await publishStaticHome(site.url, site.cdnDir) };
  const runs = Number(process.env.BENCH_LCP_RUNS ?? 9);
  const loads: Record<'home' | 'page' | 'minimal', PaintMetrics[]> = { home: [], page: [], minimal: [] };
  // Interleaved, so a busy moment of the machine falls on all three alike.
  for (let i = 0; i < runs; i += 1) {
    loads.home.push(await paintMetrics(browser, `${site.url}/`));
    loads.page.push(await paintMetrics(browser, baselines.page, { bypassCSP: true }));
    loads.minimal.push(await paintMetrics(browser, baselines.minimal, { bypassCSP: true }));
  }
  const lcp = { home: median(loads.home.map((m) => m.lcp)), page: median(loads.page.map((m) => m.lcp)), minimal: median(loads.minimal.map((m) => m.lcp)) };
  const ratio = (baseline: number) => lcp.home / Math.max(1, baseline);
  console.log(`\nLargest contentful paint, median of ${runs} fresh loads (each load's own figures: ${loads.home.map((m) => m.lcp.toFixed(0)).join(' ')})`);
  console.log(`  home page (/)                                   ${lcp.home.toFixed(0).padStart(6)} ms   layout shift ${median(loads.home.map((m) => m.cls)).toFixed(3)}`);
  console.log(`  the same page as static HTML (scripts removed)  ${lcp.page.toFixed(0).padStart(6)} ms   ratio ${ratio(lcp.page).toFixed(2)}  target ≤ ${TARGETS.lcpRatio.toFixed(2)}  ${verdict(ratio(lcp.page) <= TARGETS.lcpRatio)}`);
  console.log(`  its words and images, minimal HTML (reference)  ${lcp.minimal.toFixed(0).padStart(6)} ms   ratio ${ratio(lcp.minimal).toFixed(2)}`);
  await browser.close();
}
