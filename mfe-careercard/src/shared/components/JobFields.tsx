import { useAsync } from '@sq/ui';
import { getCareerYears, getJobGroups } from '../card-api';
import { Field, formStyles as styles } from './Field';

export interface JobValues {
  jobGroup: string;
  position: string | null;
  careerYears: string;
}

/** Job group, its positions and career years, from the common codes (GET /profile/job-group/position, CAREER_YEARS). */
export function JobFields({
  values,
  onChange,
  errors,
  show = ['job', 'years'],
}: {
  values: JobValues;
  onChange: (values: JobValues) => void;
  errors: Record<string, string>;
  show?: ('job' | 'years')[];
}) {
  const groups = useAsync((signal) => getJobGroups(signal), []);
  const years = useAsync((signal) => getCareerYears(signal), []);
  const positions = groups.data?.find((g) => g.code === values.jobGroup)?.positions ?? [];
  return (
    <>
      {show.includes('job') ? (
        <div className={styles.row}>
          <Field id="jobGroup" label="직군" error={errors.jobGroup ?? errors.jobCode}>
            {(control) => (
              <select
                {...control}
                className={styles.select}
                value={values.jobGroup}
                onChange={(e) => onChange({ ...values, jobGroup: e.target.value, position: null })}
              >
                <option value="">직군을 선택해 주세요</option>
                {groups.data?.map((g) => (
                  <option key={g.code} value={g.code}>
                    {g.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="position" label="포지션" error={errors.position ?? errors.positionCode}>
            {(control) => (
              <select
                {...control}
                className={styles.select}
                value={values.position ?? ''}
                onChange={(e) => onChange({ ...values, position: e.target.value || null })}
              >
                <option value="">선택 안 함</option>
                {positions.map((p) => (
                  <option key={p.code} value={p.code}>
                    {p.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      ) : null}
      {show.includes('years') ? (
        <Field id="careerYears" label="경력" error={errors.careerYears ?? errors.yearCode}>
          {(control) => (
            <select
              {...control}
              className={styles.select}
              value={values.careerYears}
              onChange={(e) => onChange({ ...values, careerYears: e.target.value })}
            >
              <option value="">경력을 선택해 주세요</option>
              {years.data?.map((y) => (
                <option key={y.code} value={y.code}>
                  {y.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
    </>
  );
}
