import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '@sq/api-client';
import { CORE_MESSAGES as MESSAGES } from '@sq/contracts/core-messages';
import { fieldMessages } from '@sq/contracts/forms';

/** What the form needs of a contract schema: zod/mini's safeParse. */
export interface StepSchema<T> {
  safeParse(value: unknown): {
    success: boolean;
    data?: T;
    error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
  };
}

/**
 * The typed-in answers of a step are copied to sessionStorage as the member types, so a refresh, the back
 * button or a trip to the card page never loses them; the copy is dropped once the server has the step.
 */
export const backupKey = (oddId: number, step: string) => `sq.apply.${oddId}.${step}`;

function readBackup<V>(key: string): V | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as V) : null;
  } catch {
    return null;
  }
}

export function clearBackup(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Storage unavailable (private mode): nothing was kept.
  }
}

/**
 * One wizard step's form: values (restored from the backup, else from the saved draft and the account),
 * client checks with the same schema the server enforces, and the server's Korean messages next to the
 * fields they name. A failed save keeps every value as typed.
 */
export function useStepForm<V extends object, T>(options: {
  storageKey: string;
  initial: () => V;
  schema: StepSchema<T>;
  /** Values -> request body (e.g. "3, 4" -> ["3", "4"]); checks the screen adds to the schema's (e.g. the friend limit). */
  toRequest: (values: V) => unknown;
  extraChecks?: (values: V) => Record<string, string>;
  save: (request: T) => Promise<void>;
}) {
  const { storageKey, schema, toRequest, extraChecks, save } = options;
  const [values, setValues] = useState<V>(() => ({
    ...options.initial(),
    ...(readBackup<Partial<V>>(storageKey) ?? {}),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    try {
      sessionStorage.setItem(storageKey, JSON.stringify(values));
    } catch {
      // Storage full or unavailable: the server's draft still has the last saved step.
    }
  }, [storageKey, values]);

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    // The message under a field goes once the member changes it; the others stay until the next try.
    setErrors((prev) => {
      const key = String(name);
      if (!Object.keys(prev).some((k) => k === key || k.startsWith(`${key}.`))) return prev;
      return Object.fromEntries(Object.entries(prev).filter(([k]) => k !== key && !k.startsWith(`${key}.`)));
    });
  }, []);

  const submit = useCallback(async () => {
    setFormError(null);
    const request = toRequest(values);
    const parsed = schema.safeParse(request);
    const found = { ...fieldMessages(parsed), ...(extraChecks?.(values) ?? {}) };
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      if (found._) setFormError(found._);
      return false;
    }
    setSaving(true);
    try {
      await save(parsed.data as T);
      clearBackup(storageKey);
      setErrors({});
      return true;
    } catch (error) {
      const fields = isApiError(error) ? (error.fields ?? {}) : {};
      setErrors(fields);
      // The server's message always shows: next to its field when it names one, above the form otherwise.
      const message = isApiError(error) ? error.message : MESSAGES.genericAlert;
      if (Object.keys(fields).length === 0 || !Object.values(fields).includes(message)) setFormError(message);
      return false;
    } finally {
      setSaving(false);
    }
  }, [extraChecks, save, schema, storageKey, toRequest, values]);

  /** The message under a field, or under any of its parts (e.g. `friendCareerCardIds.1`). */
  const errorOf = useCallback(
    (name: string) => errors[name] ?? Object.entries(errors).find(([k]) => k.startsWith(`${name}.`))?.[1],
    [errors],
  );

  return { values, setValue, setValues, errors, errorOf, formError, saving, submit };
}
