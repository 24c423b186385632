import type { ProgramRefundRulesResponse } from '@sq/contracts';
import { formatKrw } from '@sq/contracts/format';
import { ROLE_NAMES } from '@sq/contracts/api/application-states';

/**
 * Placeholders an FAQ answer may use for a program's facts, so fees and team sizes are typed only in the
 * programs service: {{fee}} 300,000원, {{teamSize}} 6~8명, {{roles}} 기획자 2명, 디자이너 2명, 개발자 4명,
 * {{maxFriends}} 2명, {{productName}} 14주 팀 프로젝트, {{eligibility}} IT 실무 경력 6개월 이상인 기획자, 디자이너, 개발자.
 */
const PLACEHOLDER = /\{\{(\w+)\}\}/g;

export function hasPlaceholder(text: string): boolean {
  return /\{\{\w+\}\}/.test(text);
}

function facts(data: ProgramRefundRulesResponse): Record<string, string | null> {
  const { product } = data;
  const team = product.teamMakeup;
  const roles = team
    ? (
        [
          [ROLE_NAMES.PLANNER, team.roles.planner],
          [ROLE_NAMES.DESIGNER, team.roles.designer],
          [ROLE_NAMES.DEVELOPER, team.roles.developer],
        ] as const
      )
        .filter(([, seats]) => seats !== null && seats > 0)
        .map(([name, seats]) => `${name} ${seats}명`)
        .join(', ')
    : '';
  return {
    fee: formatKrw(product.feeKrw),
    productName: product.name,
    teamSize: team ? (team.minSize === team.maxSize ? `${team.minSize}명` : `${team.minSize}~${team.maxSize}명`) : null,
    roles: roles || null,
    maxFriends: team ? `${team.maxFriends}명` : null,
    eligibility: product.eligibility.trim() || null,
  };
}

/** The text with its placeholders filled, or null when one of them has no value for this program. */
export function fillPlaceholders(text: string, data: ProgramRefundRulesResponse | null): string | null {
  if (!hasPlaceholder(text)) return text;
  if (!data) return null;
  const values = facts(data);
  let missing = false;
  const filled = text.replace(PLACEHOLDER, (_match, name: string) => {
    const value = values[name];
    if (value === null || value === undefined) {
      missing = true;
      return '';
    }
    return value;
  });
  return missing ? null : filled;
}
