import { useCallback, useState } from 'react';
import { isApiError } from '@sq/api-client';
import { cohortInputSchema, type AdminCohort, type CohortInput } from '@sq/contracts/api/operators/cohorts';
import { fieldMessages } from '@sq/contracts/forms';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { cohortRequest, type CohortValues } from '../cohort-form';

/**
 * The cohort form: checked with the contract's schema before sending (the service validates with the same),
 * the Korean messages under their fields; a refused save keeps every value as typed.
 */
export function useCohortForm(initial: CohortValues, save: (input: CohortInput) => Promise<AdminCohort>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = useCallback((change: Partial<CohortValues>, field: string) => {
    setValues((prev) => ({ ...prev, ...change }));
    setErrors((prev) => (field in prev ? Object.fromEntries(Object.entries(prev).filter(([k]) => k !== field)) : prev));
  }, []);

  const submit = useCallback(async (): Promise<AdminCohort | null> => {
    setFormError(null);
    const parsed = cohortInputSchema.safeParse(cohortRequest(values));
    if (!parsed.success) {
      const found = fieldMessages(parsed);
      setErrors(found);
      if (found._) setFormError(found._);
      return null;
    }
    setSaving(true);
    try {
      const saved = await save(parsed.data);
      setErrors({});
      return saved;
    } catch (error) {
      const fields = isApiError(error) ? (error.fields ?? {}) : {};
      setErrors(fields);
      const message = isApiError(error) ? error.message : CORE_MESSAGES.genericAlert;
      if (!Object.values(fields).includes(message)) setFormError(message);
      return null;
    } finally {
      setSaving(false);
    }
  }, [save, values]);

  return { values, set, errors, formError, saving, submit };
}
