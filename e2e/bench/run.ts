/**
 * `npm run bench`: prints the platform's figures. Bytes are deterministic; timings are this machine's and
 * vary run to run, so they are printed, never asserted.
 *  - first-load JS (gzip) of `/` and of every real route;
 *  - the home page's largest contentful paint next to a static HTML page with the same content, served by
 *    the same gateway (the ratio is the figure);
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
import { largestContentfulPaint, median } from './lcp';
import { publishStaticHome } from './static-home';

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

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
  console.log('\nFirst-load JavaScript (gzip -9, budget %s per real route)', kb(FIRST_LOAD_BUDGET));
  const routes = [{ path: '/', ready: '[data-remote="mfe_programs"]', member: false }, ...REAL_ROUTES];
  for (const route of routes) {
    const { page, context } = await newPage(browser);
    if (route.member) await signInContext(context, site.url);
    const measured = await measureFirstLoad(page, site.url, route.path, (p) => p.locator(route.ready).first().waitFor());
    await context.close();
    console.log(`  ${route.path.padEnd(22)} ${kb(measured.gzipBytes).padStart(9)}  ${measured.files.length} files`);
  }

  const staticUrl = await publishStaticHome(site.url, site.cdnDir);
  const runs = Number(process.env.BENCH_LCP_RUNS ?? 5);
  const home: number[] = [];
  const plain: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    home.push(await largestContentfulPaint(browser, `${site.url}/`));
    plain.push(await largestContentfulPaint(browser, staticUrl));
  }
  console.log(`\nLargest contentful paint, median of ${runs} fresh loads`);
  console.log(`  home page (/)              ${median(home).toFixed(0).padStart(6)} ms`);
  console.log(`  same content, static HTML  ${median(plain).toFixed(0).padStart(6)} ms`);
  console.log(`  ratio                      ${(median(home) / Math.max(1, median(plain))).toFixed(2).padStart(6)}`);
  await browser.close();
}
