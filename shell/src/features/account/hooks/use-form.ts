import { useCallback, useMemo, useState } from 'react';
import { fieldMessages } from '@sq/contracts/forms';

/** What useForm needs of a schema: zod/mini's safeParse. */
export interface FormSchema<T> {
  safeParse(value: unknown): {
    success: boolean;
    data?: T;
    error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
  };
}

/**
 * Form state checked by one of the shared schemas on every change. A field's message shows once the user
 * has typed in it or left it (or tried to submit), so nobody is scolded for a field they have not reached;
 * the form-level message (`_`, e.g. the password mismatch) shows with the field it concerns.
 */
export function useForm<V extends Record<string, unknown>, T = V>(schema: FormSchema<T>, initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);

  const result = useMemo(() => schema.safeParse(values), [schema, values]);
  const messages = useMemo(() => fieldMessages(result), [result]);

  const visit = useCallback(
    (name: string) => setVisited((prev) => (prev.has(name) ? prev : new Set(prev).add(name))),
    [],
  );
  const setValue = useCallback(
    <K extends keyof V & string>(name: K, value: V[K]) => {
      setValues((prev) => ({ ...prev, [name]: value }));
      visit(name);
    },
    [visit],
  );

  /** The message to show under `name` now (undefined while the field is untouched). */
  const messageOf = useCallback(
    (name: string) => (submitted || visited.has(name) ? messages[name] : undefined),
    [messages, submitted, visited],
  );

  return {
    values,
    setValues,
    setValue,
    /** onBlur: the user left the field. */
    visit,
    messages,
    messageOf,
    valid: result.success,
    /** The user has tried to submit: every message shows, the form-level one (`_`) too. */
    submitted,
    data: result.success ? (result.data as T) : undefined,
    /** Show every message (the user pressed submit). */
    revealAll: useCallback(() => setSubmitted(true), []),
  };
}
