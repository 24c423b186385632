/**
 * A sprint check-in bot on the public API, as a member would run it (e.g. every morning from cron):
 *
 *   SQ_TOKEN=sqp_... npx tsx packages/api-sdk/examples/checkin-bot.ts --base-url https://sidequest.example
 *
 * It reads the member's applications (scope applications:read), lists them, and checks in for today on every
 * application placed on a sprint team (scope sprint:checkin), once per day and application thanks to an
 * Idempotency-Key. The gateway's refusals (401, 403, 429) and the service's (e.g. after 22:00) are printed as
 * they come, in Korean, with the wait Retry-After asks for. Exit code: 0 done, 1 a call was refused, 2 bad usage.
 */
import { parseArgs } from 'node:util';
import { SquadApiError, createSquadClient, type RateLimitInfo, type SquadClient } from '@sq/api-sdk';

const USAGE = `사용법: npx tsx packages/api-sdk/examples/checkin-bot.ts --base-url <사이트 주소> [--token <sqp_...>] [--version <YYYY-MM-DD>] [--join-id <지원 번호>] [--list]
  --base-url, SQ_BASE_URL  사이트 주소 (예: https://sidequest.example)
  --token, SQ_TOKEN        마이페이지 > API 토큰에서 만든 토큰 (환경 변수를 권해요: 명령줄은 다른 사용자에게 보일 수 있어요)
  --version                API 버전 (Sidequest-Version, 기본: SDK를 만든 버전)
  --join-id                이 지원 건만 체크인
  --list                   지원 내역만 보여 주고 체크인하지 않기`;

/** The sprint applications the bot checks in for: placed on a team (the service decides whether today is a sprint day). */
const ON_A_TEAM = new Set(['ASSIGNED']);

/** HH:MM:SS in Korea (UTC+9 all year), as my page shows times. */
const seoulTime = (iso: string) => new Date(Date.parse(iso) + 9 * 3_600_000).toISOString().slice(11, 19);

const WINDOW_NAMES: Record<string, string> = { minute: '분당', day: '하루' };

function quotaLine(rateLimit: RateLimitInfo): string | null {
  const windows = rateLimit.windows.filter((w) => w.remaining !== null);
  if (windows.length === 0) return null;
  return `요청 한도: ${windows.map((w) => `${WINDOW_NAMES[w.name] ?? w.name} ${w.remaining}${w.limit === null ? '' : `/${w.limit}`}`).join(', ')} 남음`;
}

/** The refusal as a person reads it: the gateway's Korean message, its status and what to do next. */
function refusalLines(error: SquadApiError): string[] {
  const lines = [`오류 (HTTP ${error.status}${error.code ? `, ErrorCode ${error.code}` : ''}): ${error.message}`];
  if (error.unauthorized) lines.push('마이페이지 > API 토큰에서 새 토큰을 만들어 주세요.');
  if (error.overQuota && error.retryAfterSeconds !== null)
    lines.push(`${error.retryAfterSeconds}초 뒤에 다시 실행해 주세요.`);
  return lines;
}

async function runCheckinBot(
  squad: SquadClient,
  options: { joinId?: number; listOnly?: boolean },
  print: (line: string) => void,
): Promise<number> {
  const history = await squad.call(squad.api.GET('/api/join/history'));
  const applications = history.data.applications;
  print(`내 지원 내역 ${applications.length}건`);
  for (const a of applications)
    print(
      `  #${a.joinId} ${a.productName} ${a.cohortName} · ${a.stateName} · ${a.startDate.replaceAll('-', '.')} ~ ${a.endDate.replaceAll('-', '.')}`,
    );
  if (options.listOnly) return 0;

  const sprints = applications.filter(
    (a) =>
      a.kind === 'SPRINT' && ON_A_TEAM.has(a.state) && (options.joinId === undefined || a.joinId === options.joinId),
  );
  if (sprints.length === 0) {
    print(
      options.joinId === undefined
        ? '체크인할 스프린트 팀이 없어요.'
        : `#${options.joinId}은(는) 팀에 배정된 스프린트 지원이 아니에요.`,
    );
    return options.joinId === undefined ? 0 : 1;
  }
  let refused = 0;
  let last = history.rateLimit;
  for (const a of sprints) {
    try {
      const done = await squad.call(
        squad.api.POST('/api/applications/{joinId}/checkin', {
          // One key per application and day: a rerun the same day repeats the first answer instead of a second check-in.
          params: {
            path: { joinId: a.joinId },
            header: { 'Idempotency-Key': `checkin-${a.joinId}-${new Date().toISOString().slice(0, 10)}` },
          },
        }),
      );
      last = done.rateLimit;
      const at = seoulTime(done.data.checkedAt);
      print(
        `체크인 완료: #${a.joinId} ${a.productName} ${a.cohortName} · ${done.data.day} ${at}${done.replayed ? ' (이미 보낸 요청의 응답)' : ''}`,
      );
    } catch (error) {
      if (!(error instanceof SquadApiError) || error.status === 0 || error.unauthorized || error.overQuota) throw error;
      refused += 1;
      last = error.rateLimit;
      print(`체크인하지 못했어요: #${a.joinId} ${a.productName} ${a.cohortName}`);
      for (const line of refusalLines(error)) print(`  ${line}`);
    }
  }
  const quota = quotaLine(last);
  if (quota) print(quota);
  return refused === 0 ? 0 : 1;
}

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        'base-url': { type: 'string' },
        token: { type: 'string' },
        version: { type: 'string' },
        'join-id': { type: 'string' },
        list: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }));
  } catch {
    console.error(USAGE);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const baseUrl = values['base-url'] ?? process.env.SQ_BASE_URL;
  const token = values.token ?? process.env.SQ_TOKEN;
  const joinId = values['join-id'] === undefined ? undefined : Number(values['join-id']);
  if (!baseUrl || !token || (joinId !== undefined && !Number.isSafeInteger(joinId))) {
    console.error(USAGE);
    return 2;
  }
  let squad: SquadClient;
  try {
    squad = createSquadClient({ baseUrl, token, ...(values.version ? { version: values.version } : {}) });
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  console.log(`사이드퀘스트 체크인 봇 · ${new URL(baseUrl).origin} · API ${squad.version}`);
  try {
    return await runCheckinBot(
      squad,
      { ...(joinId === undefined ? {} : { joinId }), listOnly: values.list ?? false },
      (line) => console.log(line),
    );
  } catch (error) {
    if (!(error instanceof SquadApiError)) throw error;
    for (const line of refusalLines(error)) console.error(line);
    return 1;
  }
}

process.exitCode = await main();
