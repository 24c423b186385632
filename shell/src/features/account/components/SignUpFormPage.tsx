import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { isApiError } from '@sq/api-client';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { ACCOUNT_MESSAGES } from '@sq/contracts/messages/account';
import { Button, Modal, Spinner } from '@sq/ui';
import { SHOW_PRIVACY_QUERY, SHOW_TERMS_QUERY } from '../../../shared/constants';
import { checkCareerCardId, checkContactEmail, checkEmail, checkNickname } from '../api/check-availability';
import { useCareerYears } from '../api/get-career-years';
import { useJobGroups } from '../api/get-job-groups';
import { signUp } from '../api/sign-up';
import { snsSignUp } from '../api/sns-sign-up';
import { useAvailability, isAvailableFor, type Availability } from '../hooks/use-availability';
import { useForm } from '../hooks/use-form';
import {
  EMPTY_SIGN_UP,
  INLINE_SERVER_FIELDS,
  duplicateEmailDialogBody,
  emailSignUpForm,
  formatPhoneInput,
  missingForSubmit,
  normalisedCareerCardId,
  normalisedContactEmail,
  normalisedEmail,
  normalisedNickname,
  phoneFromProvider,
  snsSignUpForm,
  type SignUpValues,
} from '../sign-up-form';
import type { SignUpForm, SnsSignUpForm } from '@sq/contracts/forms';
import type { FormSchema } from '../hooks/use-form';
import { clearSnsTicket, readSnsTicket } from '../sns-flow';
import { SelectField, TextField } from './Field';
import styles from './account.module.css';

const CHECK_OK: Record<string, string> = {
  email: '가입할 수 있는 이메일이에요.',
  contactEmail: '사용할 수 있는 수신용 이메일이에요.',
  useralias: '사용 가능한 닉네임이에요.',
  careerCardId: '사용 가능한 커리어 카드 ID예요.',
};

/** The note under a checked field: checking…, free, or the server's duplicate message (shown as an error). */
function availabilityNote(state: Availability, field: string): { error?: string; note?: string; tone?: 'neutral' | 'success' } {
  if (state.status === 'checking') return { note: '중복 확인 중…' };
  if (state.status === 'available') return { note: CHECK_OK[field], tone: 'success' };
  if (state.status === 'taken' || state.status === 'error') return { error: state.message };
  return {};
}

function withFlag(search: string, flag: string): string {
  const params = new URLSearchParams(search);
  params.set(flag, '');
  return `?${params.toString()}`;
}

type Variant = { kind: 'email' } | { kind: 'sns'; ticket: string; email: string; vendor: string };

const VENDOR_NAMES: Record<string, string> = { GOOGLE: '구글', KAKAO: '카카오', NAVER: '네이버' };

/**
 * /signup/required (e-mail) and /signup/required_sns (social, no password, prefilled from the provider).
 * Messages appear inline as the user types or leaves a field, from the shared schemas the service uses too;
 * nickname, career card ID and both e-mails are checked for duplicates as they are typed; the submit button
 * stays disabled, saying why, until both duplicate checks passed and both consents are given. A failed
 * submit keeps everything typed.
 */
function RequiredInfoForm({ variant, initial }: { variant: Variant; initial: SignUpValues }) {
  const navigate = useNavigate();
  const location = useLocation();
  const schema = useMemo<FormSchema<SignUpForm | SnsSignUpForm>>(() => (variant.kind === 'sns' ? snsSignUpForm(variant.ticket) : emailSignUpForm), [variant]);
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
      if (fields.email || (error.status === 409 && !Object.keys(fields).length && error.message !== CORE_MESSAGES.contactEmailDuplicate)) {
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

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="signup-form">
      <div className={styles.section}>
        <h2 className={styles.sectionTitle}>계정 정보</h2>
        {variant.kind === 'email' ? (
          <TextField
            label="이메일 (가입 계정)"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="example@email.com"
            value={values.email}
            onChange={(e) => onEmail(e.target.value)}
            onBlur={() => visit('email')}
            {...fieldState('email', emailCheck)}
          />
        ) : (
          <TextField label="이메일 (가입 계정)" name="email" value={variant.email} readOnly hint={`${VENDOR_NAMES[variant.vendor] ?? variant.vendor} 계정으로 가입해요.`} />
        )}
        <TextField
          label="수신용 이메일"
          name="contactEmail"
          type="email"
          autoComplete="email"
          placeholder="example@email.com"
          hint="프로그램 안내와 알림을 받을 이메일이에요. 자주 사용하는 이메일이 아니라면 변경해 주세요."
          value={values.contactEmail}
          onChange={(e) => {
            contactTouched.current = true;
            change('contactEmail', e.target.value);
          }}
          onBlur={() => visit('contactEmail')}
          {...fieldState('contactEmail', contactCheck)}
        />
        {variant.kind === 'email' ? (
          <>
            <TextField
              label="비밀번호"
              name="password"
              type="password"
              autoComplete="new-password"
              placeholder="영문, 숫자, 특수문자 포함 8~22자"
              value={values.password}
              onChange={(e) => change('password', e.target.value)}
              onBlur={() => visit('password')}
              {...fieldState('password')}
            />
            <TextField
              label="비밀번호 확인"
              name="pw_confirm"
              type="password"
              autoComplete="new-password"
              placeholder="비밀번호를 한 번 더 입력하세요"
              value={values.pw_confirm}
              onChange={(e) => change('pw_confirm', e.target.value)}
              onBlur={() => visit('pw_confirm')}
              {...fieldState('pw_confirm')}
            />
          </>
        ) : null}
      </div>

      <div className={styles.section}>
        <h2 className={styles.sectionTitle}>회원 정보</h2>
        <TextField label="이름" name="username" autoComplete="name" placeholder="홍길동" value={values.username}
          hint="커리어 카드에 닉네임과 함께 공개돼요."
          onChange={(e) => change('username', e.target.value)} onBlur={() => visit('username')} {...fieldState('username')} />
        <TextField label="닉네임" name="useralias" autoComplete="nickname" placeholder="2자 이상" value={values.useralias}
          onChange={(e) => change('useralias', e.target.value)} onBlur={() => visit('useralias')} {...fieldState('useralias', nicknameCheck)} />
        <TextField
          label="커리어 카드 ID"
          name="careerCardId"
          placeholder="영문, 숫자 2자 이상"
          hint={values.careerCardId ? `내 커리어 카드 주소: /careercard/${values.careerCardId}` : '커리어 카드 주소에 쓰여요.'}
          value={values.careerCardId}
          onChange={(e) => change('careerCardId', e.target.value)}
          onBlur={() => visit('careerCardId')}
          {...fieldState('careerCardId', careerCardIdCheck)}
        />
        <TextField
          label="연락처"
          name="userphone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder="010-1234-5678"
          value={values.userphone}
          onChange={(e) => change('userphone', formatPhoneInput(e.target.value))}
          onBlur={() => visit('userphone')}
          {...fieldState('userphone')}
        />
      </div>

      <div className={styles.section}>
        <h2 className={styles.sectionTitle}>직무 정보</h2>
        {jobGroups.status === 'loading' || careerYears.status === 'loading' ? <Spinner /> : null}
        {codesFailed ? (
          <p role="alert" className={styles.error}>
            {CORE_MESSAGES.genericAlert}{' '}
            <Button variant="text" size="small" onClick={() => (jobGroups.status === 'error' ? jobGroups.reload() : careerYears.reload())}>
              {CORE_MESSAGES.retry}
            </Button>
          </p>
        ) : null}
        <SelectField
          label="직군"
          name="jobGroup"
          placeholder="직군을 선택하세요"
          options={jobGroups.data ?? []}
          value={values.jobGroup}
          onChange={(e) => {
            change('jobGroup', e.target.value);
            setValue('position', '');
          }}
          onBlur={() => visit('jobGroup')}
          error={fieldState('jobGroup').error}
        />
        <SelectField
          label="포지션"
          name="position"
          placeholder={values.jobGroup ? '포지션을 선택하세요' : '직군을 먼저 선택하세요'}
          options={positions}
          disabled={!values.jobGroup}
          value={values.position}
          onChange={(e) => change('position', e.target.value)}
          onBlur={() => visit('position')}
          error={fieldState('position').error}
        />
        <SelectField
          label="경력"
          name="careerYears"
          placeholder="경력을 선택하세요"
          options={careerYears.data ?? []}
          value={values.careerYears}
          onChange={(e) => change('careerYears', e.target.value)}
          onBlur={() => visit('careerYears')}
          error={fieldState('careerYears').error}
        />
      </div>

      <div className={styles.section}>
        <h2 className={styles.sectionTitle}>약관 동의</h2>
        <label className={styles.check}>
          <input type="checkbox" name="termsAgreed" checked={values.termsAgreed} onChange={(e) => change('termsAgreed', e.target.checked)} />
          <span>[필수] 서비스 이용약관 동의</span>
          <Link className={styles.checkLink} to={withFlag(location.search, SHOW_TERMS_QUERY)}>
            보기
          </Link>
        </label>
        <label className={styles.check}>
          <input type="checkbox" name="privacyAgreed" checked={values.privacyAgreed} onChange={(e) => change('privacyAgreed', e.target.checked)} />
          <span>[필수] 개인정보 수집 및 이용 동의</span>
          <Link className={styles.checkLink} to={withFlag(location.search, SHOW_PRIVACY_QUERY)}>
            보기
          </Link>
        </label>
        <label className={styles.check}>
          <input type="checkbox" name="marketingAgreed" checked={values.marketingAgreed} onChange={(e) => change('marketingAgreed', e.target.checked)} />
          <span>[선택] 마케팅 정보 수신 동의</span>
        </label>
      </div>

      {formError || (form.submitted && form.messages._) ? (
        <p role="alert" className={styles.error}>
          {formError ?? form.messages._}
        </p>
      ) : null}
      <Button type="submit" block disabled={busy || missing.length > 0} aria-describedby="signup-missing">
        {busy ? '가입 중…' : '가입하기'}
      </Button>
      <div id="signup-missing" className={styles.missing} data-testid="signup-missing" aria-live="polite">
        {missing.map((m) => (
          <p key={m}>{m}</p>
        ))}
      </div>

      <Modal
        open={duplicateDialog !== null}
        title={CORE_MESSAGES.duplicateEmailTitle}
        onClose={() => setDuplicateDialog(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDuplicateDialog(null)}>
              닫기
            </Button>
            <Button onClick={() => navigate('/signin')}>로그인</Button>
          </>
        }
      >
        {duplicateDialog}
      </Modal>
    </form>
  );
}

const EMAIL_VARIANT: Variant = { kind: 'email' };

export function SignUpRequiredPage() {
  return (
    <section className={styles.pageWide}>
      <h1 className={styles.heading}>필수 정보 입력</h1>
      <p className={styles.lead}>이메일로 가입해요. 모든 항목을 입력해 주세요.</p>
      <RequiredInfoForm variant={EMAIL_VARIANT} initial={EMPTY_SIGN_UP} />
    </section>
  );
}

/** /signup/required_sns: the ticket and the provider's prefill come from /oauthreturn. */
export function SignUpRequiredSnsPage() {
  const ticket = useMemo(() => readSnsTicket(), []);
  const variant = useMemo<Variant | null>(
    () => (ticket ? { kind: 'sns', ticket: ticket.ticket, email: ticket.prefill.email, vendor: ticket.prefill.vendor } : null),
    [ticket],
  );
  if (!ticket || !variant) {
    return (
      <section className={styles.page}>
        <h1 className={styles.heading}>필수 정보 입력</h1>
        <p role="alert" className={styles.error}>
          {ACCOUNT_MESSAGES.socialSignUpExpired}
        </p>
        <div className={styles.links}>
          <Link to="/signup">회원가입으로 돌아가기</Link>
        </div>
      </section>
    );
  }
  const { prefill } = ticket;
  const initial: SignUpValues = {
    ...EMPTY_SIGN_UP,
    email: prefill.email,
    contactEmail: prefill.email,
    username: prefill.username ?? '',
    useralias: prefill.useralias ?? '',
    userphone: phoneFromProvider(prefill.userphone),
  };
  return (
    <section className={styles.pageWide}>
      <h1 className={styles.heading}>필수 정보 입력</h1>
      <p className={styles.lead}>소셜 계정 정보를 확인하고 나머지 항목을 입력해 주세요.</p>
      <RequiredInfoForm variant={variant} initial={initial} />
    </section>
  );
}
