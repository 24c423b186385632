import fs from 'node:fs';
import { execSync } from 'node:child_process';
import { startTestSite } from '../src/test-site';
import { load } from './load';

const site = await startTestSite({ build: false });
const pidOf = (url: string) => {
  const port = new URL(url).port;
  const line = execSync(`ss -ltnpH 'sport = :${port}'`).toString();
  return Number(/pid=(\d+)/.exec(line)![1]);
};
const ticks = (pid: number) => { const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return Number(f[11]) + Number(f[12]); };
try {
  const gw = pidOf(site.url), content = pidOf(site.services.content!);
  const path = '/api/projects?size=12';
  for (const [label, url] of [['direct', site.services.content + path], ['gateway', site.url.replace('localhost', '127.0.0.1') + path], ['direct', site.services.content + path], ['gateway', site.url.replace('localhost', '127.0.0.1') + path]] as const) {
    const [g0, c0] = [ticks(gw), ticks(content)];
    const r = await load(url, { connections: 16, seconds: 60, maxRequests: 3000 });
    const [g1, c1] = [ticks(gw), ticks(content)];
    console.log(label, r.requests, 'req', r.perSecond.toFixed(0), 'rps', 'gateway cpu ms/req', ((g1 - g0) * 10 / r.requests).toFixed(3), 'content cpu ms/req', ((c1 - c0) * 10 / r.requests).toFixed(3), 'p99', r.p99ms.toFixed(1));
  }
} finally { await site.stop(); }
