import { expect } from 'vitest';
import type { ProductDetailResponse } from '@sq/contracts';
import type { BookResponse, JoinHistoryResponse } from '@sq/contracts/api/applications';
import type { BoardResponse } from '@sq/contracts/api/operators/board';
import type { CohortInput } from '@sq/contracts/api/operators/cohorts';
import { INTERNAL_SECRET_HEADER } from '@sq/contracts/identity';
import { siteApi } from './api';
import { DEMO_ADMIN, signInToken } from './session';

/**
 * A sprint team running on the e2e site, made as people make one: an operator creates a sprint cohort, new members
 * apply and reserve through the sandbox PG's card page, the operator runs the matcher and publishes, and the charge
 * jobs assign everyone. The demo data has no running sprint, and the 22:00 check-in close must not depend on the
 * hour of the run, so the programs service's clock is moved onto the sprint's days (PUT /internal/clock).
 */
export interface Sprinter {
  name: string;
  careerCardId: string;
  /** The member's session token (the site's sign-in). */
  token: string;
  joinId: number;
}

export const SPRINT_ROLES = [
  { role: 'PLANNER', jobGroup: 'JG_PLAN', position: 'POS_PM' },
  { role: 'DESIGNER', jobGroup: 'JG_DESIGN', position: 'POS_UXUI' },
  { role: 'DEVELOPER', jobGroup: 'JG_DEV', position: 'POS_BACKEND' },
] as const;

/** A Korean calendar day `days` from today. */
export const seoulDay = (days: number) =>
  new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

let serial = 0;
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}${(serial++).toString(36)}`;

export function sprintTeams(site: { baseUrl: string; programsUrl: string; internalSecret: string }) {
  const api = <T>(method: 'GET' | 'POST' | 'PUT', path: string, token?: string, body?: unknown) =>
    siteApi<T>(site.baseUrl, path, { method, token, body });
  async function ok<T>(method: 'GET' | 'POST' | 'PUT', path: string, token?: string, body?: unknown): Promise<T> {
    const answer = await api<T>(method, path, token, body);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  }

  /** Moves the programs service's clock (null: back to the real time). */
  async function setClock(at: string | null) {
    const response = await fetch(`${site.programsUrl}/internal/clock`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', [INTERNAL_SECRET_HEADER]: site.internalSecret },
      body: JSON.stringify({ at }),
    });
    expect(response.status).toBe(200);
  }

  /** A new member who signs up, answers every sprint step, registers a card on the sandbox PG's page and is reserved. */
  async function sprinter(oddId: number, name: string, seat: (typeof SPRINT_ROLES)[number]): Promise<Sprinter> {
    const id = unique('mt');
    const phone = `010-${String(3000 + (serial % 6000)).padStart(4, '0')}-${String(Date.now() % 10000).padStart(4, '0')}`;
    const signUp = await api<{ userData: { token: string } }>('POST', '/signUp', undefined, {
      email: `${id}@example.com`,
      contactEmail: `${id}@example.com`,
      password: 'sidequest1!',
      pw_confirm: 'sidequest1!',
      username: name,
      useralias: id,
      careerCardId: id,
      userphone: phone,
      jobGroup: seat.jobGroup,
      position: seat.position,
      careerYears: 'CY_1_3Y',
      termsAgreed: true,
      privacyAgreed: true,
    });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
    const token = signUp.body.userData.token;
    expect((await api('POST', `/apply/${oddId}/draft`, token)).status).toBe(201);
    await ok('PUT', `/apply/${oddId}/steps/required`, token, {
      contactEmail: `${id}@example.com`,
      phone,
      jobGroup: seat.jobGroup,
      position: seat.position,
      careerYears: 'CY_1_3Y',
      experienceMonths: 24,
      role: seat.role,
    });
    await ok('PUT', `/apply/${oddId}/steps/aside`, token, {
      portfolioUrl: null,
      githubUrl: null,
      wantToBuild: '회의록을 요약하는 서비스',
      availableTime: '평일 저녁',
      friendCareerCardIds: [],
    });
    await ok('PUT', `/apply/${oddId}/steps/product`, token, {
      kind: 'SPRINT',
      idea: '10일 안에 만드는 회의록 요약 봇',
      stack: ['Next.js'],
    });
    const booked = await ok<BookResponse>('POST', `/apply/${oddId}/book`, token, {
      agreeTerms: true,
      agreePrivacy: true,
      agreeRefundPolicy: true,
      device: 'desktop',
    });
    // The hosted card page as a person fills it in.
    const form = new URLSearchParams(new URL(booked.payment.paymentPageUrl).searchParams);
    form.set('cardNumber', '4242424242424242');
    form.set('expiry', '12/30');
    form.set('birth', '900101');
    form.set('password', '12');
    const card = await fetch(new URL('/billing-keys/issue', booked.payment.paymentPageUrl), {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(card.status).toBe(303);
    const back = Object.fromEntries(new URL(card.headers.get('location')!).searchParams);
    const confirmed = await ok<{ result: string }>('POST', `/apply/${oddId}/payment/confirm`, token, back);
    expect(confirmed.result).toBe('RESERVED');
    return { name, careerCardId: id, token, joinId: booked.application.joinId };
  }

  const stateOf = async (member: Sprinter) =>
    (await ok<JoinHistoryResponse>('GET', '/join/history', member.token)).applications.find(
      (a) => a.joinId === member.joinId,
    )?.state;

  /** Waits (a minute at most) for the charge jobs to assign the member. expect.poll is for tests, not hooks. */
  async function assigned(member: Sprinter) {
    let state: string | undefined;
    for (
      const until = Date.now() + 60_000;
      Date.now() < until;
      await new Promise((resolve) => setTimeout(resolve, 1_000))
    ) {
      state = await stateOf(member);
      if (state === 'ASSIGNED') return;
    }
    expect(state, `#${member.joinId} not assigned after a minute`).toBe('ASSIGNED');
  }

  /**
   * A potenday sprint cohort recruiting now (teams announced in 8 days, the sprint from day 9 to day 18), one member
   * per name in SPRINT_ROLES' order, matched into one team, published and assigned.
   */
  async function runningTeam(
    names: readonly string[],
  ): Promise<{ admin: string; oddId: number; start: string; end: string; members: Sprinter[] }> {
    const admin = await signInToken(site.baseUrl, DEMO_ADMIN);
    const { product } = await ok<ProductDetailResponse>('GET', '/products/potenday');
    const start = seoulDay(9);
    const end = seoulDay(18);
    const cohortInput: CohortInput = {
      productId: product.productId,
      name: unique('E2E 스프린트 '),
      recruitStart: new Date(Date.now() - 3_600_000).toISOString(),
      recruitEnd: `${seoulDay(7)}T23:59:59+09:00`,
      teamBuildingAnnounceDate: seoulDay(8),
      kickoffDate: start,
      startDate: start,
      endDate: end,
      capacity: null,
      roleSeats: null,
    };
    const { cohort } = await ok<{ cohort: { oddId: number } }>('POST', '/admin/cohorts', admin, cohortInput);
    const oddId = cohort.oddId;

    const members: Sprinter[] = [];
    for (const [i, name] of names.entries())
      members.push(await sprinter(oddId, name, SPRINT_ROLES[i % SPRINT_ROLES.length]!));

    // The operator runs the matcher (one team) and publishes; the charge jobs assign everyone.
    const board = await ok<BoardResponse>('POST', `/admin/cohorts/${oddId}/board/run`, admin, { seed: 1 });
    expect(board.teams).toHaveLength(1);
    expect(board.teams[0]!.members.map((m) => m.joinId).sort()).toEqual(members.map((m) => m.joinId).sort());
    await ok('POST', `/admin/cohorts/${oddId}/board/publish`, admin);
    for (const member of members) await assigned(member);
    return { admin, oddId, start, end, members };
  }

  return { api, ok, setClock, runningTeam };
}
