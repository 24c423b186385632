import { build, type TestService } from '@sq/service-kit/testing';
import type { CheckupRun } from '@sq/contracts';
import { itskillService } from '../src/service';

/** The itskill service on a fresh database, with `env` set while it is built (configuration is read then). */
export async function buildItskill(env: Record<string, string> = {}): Promise<TestService> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return await build(itskillService);
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

export const member = (service: TestService, userId: number) =>
  service.as({ userId, role: 'ROLE_USER', sid: `s${userId}` });
export const admin = (service: TestService, userId = 1) =>
  service.as({ userId, role: 'ROLE_ADMIN', sid: `a${userId}` });

export function call(
  service: TestService,
  headers: Record<string, string>,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
) {
  return service.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/**
 * Takes the whole check-up as member `userId` through the API: base info, every answer (option index chosen by
 * `pick`, 0 = 입문 … 3 = 전문가), submit. Returns the share key.
 */
export async function takeCheckup(
  service: TestService,
  userId: number,
  base: { jobGroupCode: string; yearCode: string; positionCode?: string | null },
  pick: (index: number) => number = () => 2,
): Promise<string> {
  const headers = member(service, userId);
  const started = await call(service, headers, 'POST', '/api/itskill/checkup/run', base);
  if (started.statusCode !== 200) throw new Error(`start failed: ${started.body}`);
  const run = started.json<{ run: CheckupRun }>().run;
  for (const [index, question] of run.questions.entries()) {
    const saved = await call(service, headers, 'POST', '/api/itskill/checkup/run/answers', {
      questionId: question.questionId,
      optionId: question.options[pick(index)]!.optionId,
    });
    if (saved.statusCode !== 200) throw new Error(`answer failed: ${saved.body}`);
  }
  const submitted = await call(service, headers, 'POST', '/api/itskill/checkup/run/submit');
  if (submitted.statusCode !== 200) throw new Error(`submit failed: ${submitted.body}`);
  return submitted.json<{ shareKey: string }>().shareKey;
}
