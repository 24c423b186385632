import { useCallback, useState } from 'react';
import { isApiError } from '@sq/api-client';
import { CONTENT_SCHEMAS, type ContentItem, type ContentKind } from '@sq/contracts/api/content-admin';
import { fieldMessages } from '@sq/contracts/forms';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { OPERATOR_MESSAGES } from '@sq/contracts/messages/operators';
import { contentBody, formErrors, type ContentValues, type FormContext } from '../content-form';

/**
 * The content editor's form: checked with the contract's schema before sending (the service validates with
 * the same), Korean messages under their fields; a refused save or publish keeps every value as typed.
 */
export function useContentForm(kind: ContentKind, initial: ContentValues, base: unknown, context: FormContext) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = useCallback((field: string, value: string | boolean) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => (field in prev ? Object.fromEntries(Object.entries(prev).filter(([k]) => k !== field)) : prev));
  }, []);

  /** Runs `send` with the checked body; null when the form or the service refused it (the messages are shown). */
  const submit = useCallback(
    async (send: (body: unknown) => Promise<ContentItem | null>): Promise<ContentItem | null | undefined> => {
      setFormError(null);
      const parsed = CONTENT_SCHEMAS[kind].safeParse(contentBody(kind, values, base, context));
      if (!parsed.success) {
        const found = formErrors(kind, fieldMessages(parsed));
        setErrors(found);
        setFormError(found._ ?? OPERATOR_MESSAGES.contentFormInvalid);
        return undefined;
      }
      setSaving(true);
      try {
        const saved = await send(parsed.data);
        setErrors({});
        return saved;
      } catch (error) {
        const fields = isApiError(error) ? formErrors(kind, error.fields ?? {}) : {};
        setErrors(fields);
        const message = isApiError(error) ? error.message : CORE_MESSAGES.genericAlert;
        setFormError(Object.values(fields).includes(message) ? OPERATOR_MESSAGES.contentFormInvalid : message);
        return undefined;
      } finally {
        setSaving(false);
      }
    },
    [base, context, kind, values],
  );

  return { values, set, errors, formError, saving, submit };
}
