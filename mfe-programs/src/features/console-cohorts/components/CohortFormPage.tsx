import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ProductSummary } from '@sq/contracts';
import type { AdminCohort, CohortInput, RoleSeats } from '@sq/contracts/api/operators/cohorts';
import { Button, Spinner } from '@sq/ui';
import { FormError, SelectField, TextField } from '../../../shared/Field';
import { LoadError } from '../../../shared/LoadError';
import { NotFoundPage } from '../../../shared/NotFoundPage';
import { useCohort } from '../../../shared/console/api/get-cohorts';
import { useProducts } from '../../../shared/console/api/get-products';
import { createCohort, updateCohort } from '../api/save-cohort';
import { EMPTY_COHORT, cohortValues, type CohortValues } from '../cohort-form';
import { useCohortForm } from '../hooks/use-cohort-form';
import { useOddId } from '../../../shared/console/CohortFrame';
import { ROLE_OPTIONS } from '../../../shared/console/labels';
import styles from '../../../shared/console/console.module.css';

function CohortForm({ cohort, products }: { cohort: AdminCohort | null; products: ProductSummary[] }) {
  const navigate = useNavigate();
  const save = useCallback(
    (input: CohortInput) => (cohort ? updateCohort(cohort.oddId, input) : createCohort(input)),
    [cohort],
  );
  const form = useCohortForm(cohort ? cohortValues(cohort) : EMPTY_COHORT, save);
  const { values, set, errors } = form;
  const text = (name: Exclude<keyof CohortValues, 'seats'>) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => set({ [name]: e.target.value }, name),
  });
  const seat = (role: keyof RoleSeats) => ({
    name: `seats.${role}`,
    value: values.seats[role],
    error: errors[`roleSeats.${role}`],
    onChange: (e: { target: { value: string } }) =>
      set({ seats: { ...values.seats, [role]: e.target.value } }, `roleSeats.${role}`),
  });

  return (
    <form
      className={styles.form}
      noValidate
      data-testid="cohort-form"
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit().then((saved) => saved && navigate('/admin/cohorts', { state: { saved: saved.oddId } }));
      }}
    >
      <FormError message={form.formError} />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>기본 정보</legend>
        <SelectField
          label="프로그램"
          placeholder="프로그램을 선택해 주세요"
          options={products.map((p) => ({ code: String(p.productId), name: p.name }))}
          disabled={cohort !== null}
          {...text('productId')}
        />
        <TextField label="기수 이름" placeholder="예: 10일 팀 스프린트 2027년 1월" maxLength={100} {...text('name')} />
        <TextField
          label="정원"
          optional
          inputMode="numeric"
          hint="판매할 자리 수예요. 제한이 없으면 비워 두세요."
          {...text('capacity')}
        />
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>일정 (한국 시간)</legend>
        <div className={styles.grid}>
          <TextField label="모집 시작" type="datetime-local" {...text('recruitStart')} />
          <TextField label="모집 마감" type="datetime-local" {...text('recruitEnd')} />
          <TextField label="팀 빌딩 결과 발표일" optional type="date" {...text('teamBuildingAnnounceDate')} />
          <TextField label="킥오프" optional type="date" {...text('kickoffDate')} />
          <TextField label="시작일" type="date" {...text('startDate')} />
          <TextField label="종료일" type="date" {...text('endDate')} />
        </div>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>팀당 역할별 자리</legend>
        <p className={styles.hint}>비워 두면 프로그램의 기본 구성을 따라요.</p>
        <div className={styles.grid}>
          {ROLE_OPTIONS.map((role) => (
            <TextField key={role.code} label={role.name} optional inputMode="numeric" {...seat(role.code)} />
          ))}
        </div>
      </fieldset>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => navigate('/admin/cohorts')}>
          취소
        </Button>
        <Button type="submit" disabled={form.saving} data-testid="cohort-save">
          {form.saving ? '저장 중...' : cohort ? '수정하기' : '만들기'}
        </Button>
      </div>
    </form>
  );
}

/** `/admin/cohorts/new` and `/admin/cohorts/{oddId}/edit`: dates, capacity and seats per role. */
export function CohortFormPage() {
  const oddId = useOddId();
  const editing = oddId !== null;
  const products = useProducts();
  const cohort = useCohort(oddId ?? 0);
  if (products.status === 'loading' || (editing && cohort.status === 'loading')) return <Spinner boxed />;
  if (products.status === 'error') return <LoadError error={products.error} onRetry={products.reload} />;
  if (editing && cohort.status === 'error') return <LoadError error={cohort.error} onRetry={cohort.reload} />;
  if (editing && !cohort.data) return <NotFoundPage />;
  return (
    <>
      <header className={styles.head}>
        <h1 className={styles.title}>{editing ? `${cohort.data!.name} 수정` : '기수 만들기'}</h1>
      </header>
      <CohortForm cohort={editing ? cohort.data! : null} products={products.data} />
    </>
  );
}
