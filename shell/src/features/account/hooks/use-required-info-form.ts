import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '@sq/api-client';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import type { SignUpForm, SnsSignUpForm } from '@sq/contracts/forms';
import { checkCareerCardId, checkContactEmail, checkEmail, checkNickname } from '../api/check-availability';
import { useCareerYears } from '../api/get-career-years';
import { useJobGroups } from '../api/get-job-groups';
import { signUp } from '../api/sign-up';
import { snsSignUp } from '../api/sns-sign-up';
import {
  INLINE_SERVER_FIELDS,
  duplicateEmailDialogBody,
  emailSignUpForm,
  missingForSubmit,
  normalisedCareerCardId,
  normalisedContactEmail,
  normalisedEmail,
  normalisedNickname,
  snsSignUpForm,
  type SignUpValues,
} from '../sign-up-form';
import { clearSnsTicket } from '../sns-flow';
import { useAvailability, isAvailableFor, type Availability } from './use-availability';
import { useForm, type FormSchema } from './use-form';

/** Which sign-up: e-mail with a password, or a social account's (its ticket, e-mail and provider). */
export type SignUpVariant = { kind: 'email' } | { kind: 'sns'; ticket: string; email: string; vendor: string };

const CHECK_OK: Record<string, string> = {
  email: '가입할 수 있는 이메일이에요.',
  contactEmail: '사용할 수 있는 수신용 이메일이에요.',
  useralias: '사용 가능한 닉네임이에요.',
  careerCardId: '사용 가능한 커리어 카드 ID예요.',
};

/** The note under a checked field: checking…, free, or the server's duplicate message (shown as an error). */
function availabilityNote(
  state: Availability,
  field: string,
): { error?: string; note?: string; tone?: 'neutral' | 'success' } {
  if (state.status === 'checking') return { note: '중복 확인 중…' };
  if (state.status === 'available') return { note: CHECK_OK[field], tone: 'success' };
  if (state.status === 'taken' || state.status === 'error') return { error: state.message };
  return {};
}

/**
 * The required-information form's state: the values checked against the shared schemas as they are typed, the
 * duplicate checks, what still blocks the submit, and the submit itself (a failed one keeps everything typed; the
 * server's field messages show inline, a taken e-mail in a dialog).
 */
export function useRequiredInfoForm(variant: SignUpVariant, initial: SignUpValues) {
  const navigate = useNavigate();
  const schema = useMemo<FormSchema<SignUpForm | SnsSignUpForm>>(
    () => (variant.kind === 'sns' ? snsSignUpForm(variant.ticket) : emailSignUpForm),
    [variant],
  );
  const form = useForm<SignUpValues, SignUpForm | SnsSignUpForm>(schema, initial);
  const { values, setValue, visit } = form;
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [duplicateDialog, setDuplicateDialog] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const contactTouched = useRef(initial.contactEmail !== '' && initial.contactEmail !== initial.email);
  const jobGroups = useJobGroups();
  const careerYears = useCareerYears();

  const emailValue = variant.kind === 'email' ? normalisedEmail(values.email) : null;
  const contactValue = normalisedContactEmail(values.contactEmail);
  const nicknameValue = normalisedNickname(values.useralias);
  const careerCardIdValue = normalisedCareerCardId(values.careerCardId);
  const emailCheck = useAvailability(checkEmail, emailValue ?? '', emailValue !== null);
  const contactCheck = useAvailability(checkContactEmail, contactValue ?? '', contactValue !== null);
  const nicknameCheck = useAvailability(checkNickname, nicknameValue ?? '', nicknameValue !== null);
  const careerCardIdCheck = useAvailability(checkCareerCardId, careerCardIdValue ?? '', careerCardIdValue !== null);

  const change = useCallback(
    <K extends keyof SignUpValues & string>(name: K, value: SignUpValues[K]) => {
      setValue(name, value);
      setServerErrors((prev) => {
        if (!(name in prev)) return prev;
        const { [name]: _removed, ...rest } = prev;
        return rest;
      });
    },
    [setValue],
  );

  const onEmail = (value: string) => {
    change('email', value);
    // The receiving e-mail follows the account e-mail until the user sets it apart.
    if (!contactTouched.current) setValue('contactEmail', value);
  };

  const missing = missingForSubmit({
    nicknameChecked: nicknameValue !== null && isAvailableFor(nicknameCheck, nicknameValue),
    careerCardIdChecked: careerCardIdValue !== null && isAvailableFor(careerCardIdCheck, careerCardIdValue),
    termsAgreed: values.termsAgreed,
    privacyAgreed: values.privacyAgreed,
  });

  /** Schema message first (as typed), then a server message for the field, then the duplicate check. */
  const fieldState = (name: string, check?: Availability) => {
    const error = form.messageOf(name) ?? serverErrors[name];
    if (error) return { error };
    if (!check) return {};
    const note = availabilityNote(check, name);
    return { error: note.error, note: note.note, noteTone: note.tone };
  };

  const positions = jobGroups.data?.find((g) => g.code === values.jobGroup)?.positions ?? [];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    form.revealAll();
    setFormError(null);
    const body = form.data;
    if (missing.length > 0 || !body) return;
    if (emailCheck.status === 'taken') {
      setDuplicateDialog(duplicateEmailDialogBody(emailCheck.message));
      return;
    }
    setBusy(true);
    try {
      if ('ticket' in body) {
        await snsSignUp(body);
        clearSnsTicket();
      } else {
        await signUp(body);
      }
      navigate('/signup/onboarding/1', { replace: true, state: { welcome: true } });
    } catch (error) {
      setBusy(false);
      if (!isApiError(error)) {
        setFormError(CORE_MESSAGES.genericAlert);
        return;
      }
      const fields = error.fields ?? {};
      if (
        fields.email ||
        (error.status === 409 && !Object.keys(fields).length && error.message !== CORE_MESSAGES.contactEmailDuplicate)
      ) {
        setDuplicateDialog(duplicateEmailDialogBody(fields.email ?? error.message));
        return;
      }
      const inline: Record<string, string> = {};
      for (const name of INLINE_SERVER_FIELDS) if (fields[name]) inline[name] = fields[name];
      setServerErrors(inline);
      if (!Object.keys(inline).length || fields._) setFormError(fields._ ?? error.message);
    }
  };

  const codesFailed = jobGroups.status === 'error' || careerYears.status === 'error';

  return {
    form,
    values,
    visit,
    change,
    onEmail,
    fieldState,
    missing,
    positions,
    onSubmit,
    busy,
    formError,
    duplicateDialog,
    setDuplicateDialog,
    jobGroups,
    careerYears,
    codesFailed,
    contactTouched,
    emailCheck,
    contactCheck,
    nicknameCheck,
    careerCardIdCheck,
  };
}
