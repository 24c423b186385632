import type { Knex } from 'knex';
import { countRows } from '@sq/service-kit';

const GROUPS = [
  { group_id: 'JOB_GROUP', name: '직군', description: '기획, 디자인, 개발' },
  { group_id: 'POSITION', name: '포지션', description: '직군별 세부 포지션' },
  { group_id: 'CAREER_YEARS', name: '경력', description: 'IT 실무 경력 기간' },
];

const JOB_GROUPS: [string, string, [string, string][]][] = [
  [
    'JG_PLAN',
    '기획',
    [
      ['POS_SERVICE_PLANNING', '서비스 기획'],
      ['POS_PM', 'PM'],
      ['POS_PO', 'PO'],
      ['POS_DATA_ANALYSIS', '데이터 분석'],
      ['POS_CONTENT', '콘텐츠 기획'],
    ],
  ],
  [
    'JG_DESIGN',
    '디자인',
    [
      ['POS_UXUI', 'UX/UI 디자인'],
      ['POS_UI', 'UI 디자인'],
      ['POS_BX', 'BX 디자인'],
      ['POS_GRAPHIC', '그래픽 디자인'],
      ['POS_UX_RESEARCH', 'UX 리서치'],
      ['POS_MOTION', '모션 디자인'],
      ['POS_ILLUSTRATION', '일러스트'],
    ],
  ],
  [
    'JG_DEV',
    '개발',
    [
      ['POS_FRONTEND', '프론트엔드'],
      ['POS_BACKEND', '백엔드'],
      ['POS_IOS', 'iOS'],
      ['POS_ANDROID', '안드로이드'],
      ['POS_FLUTTER', 'Flutter'],
      ['POS_DATA_ENGINEERING', '데이터 엔지니어'],
      ['POS_DEVOPS', 'DevOps'],
    ],
  ],
];

const CAREER_YEARS: [string, string][] = [
  ['CY_UNDER_6M', '6개월 미만'],
  ['CY_6M_1Y', '6개월 이상 1년 미만'],
  ['CY_1_3Y', '1년 이상 3년 미만'],
  ['CY_3_5Y', '3년 이상 5년 미만'],
  ['CY_5_10Y', '5년 이상 10년 미만'],
  ['CY_10Y_PLUS', '10년 이상'],
];

export async function seedCodes(knex: Knex): Promise<void> {
  if ((await countRows(knex('code_group'))) > 0) return;
  await knex('code_group').insert(GROUPS);
  await knex('code_detail').insert(
    JOB_GROUPS.map(([code, name], order) => ({
      code,
      group_id: 'JOB_GROUP',
      parent_code: null,
      name,
      sort_order: order,
    })),
  );
  await knex('code_detail').insert(
    JOB_GROUPS.flatMap(([parent, , positions]) =>
      positions.map(([code, name], order) => ({
        code,
        group_id: 'POSITION',
        parent_code: parent,
        name,
        sort_order: order,
      })),
    ),
  );
  await knex('code_detail').insert(
    CAREER_YEARS.map(([code, name], order) => ({
      code,
      group_id: 'CAREER_YEARS',
      parent_code: null,
      name,
      sort_order: order,
    })),
  );
}
