import { useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { ACCOUNT_MESSAGES } from '@sq/contracts/messages/account';
import { Button, Modal } from '@sq/ui';
import { useRequiredInfoForm, type SignUpVariant } from '../hooks/use-required-info-form';
import { EMPTY_SIGN_UP, formatPhoneInput, phoneFromProvider, type SignUpValues } from '../sign-up-form';
import { readSnsTicket } from '../sns-flow';
import { TextField } from './Field';
import { ConsentSection, JobSection } from './SignUpFormSections';
import styles from './account.module.css';

const VENDOR_NAMES: Record<string, string> = { GOOGLE: '구글', KAKAO: '카카오', NAVER: '네이버' };

/**
 * /signup/required (e-mail) and /signup/required_sns (social, no password, prefilled from the provider).
 * Messages appear inline as the user types or leaves a field, from the shared schemas the service uses too;
 * nickname, career card ID and both e-mails are checked for duplicates as they are typed; the submit button
 * stays disabled, saying why, until both duplicate checks passed and both consents are given. A failed
 * submit keeps everything typed.
 */
function RequiredInfoForm({ variant, initial }: { variant: SignUpVariant; initial: SignUpValues }) {
  const navigate = useNavigate();
  const location = useLocation();
  const {
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
  } = useRequiredInfoForm(variant, initial);

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
          <TextField
            label="이메일 (가입 계정)"
            name="email"
            value={variant.email}
            readOnly
            hint={`${VENDOR_NAMES[variant.vendor] ?? variant.vendor} 계정으로 가입해요.`}
          />
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
        <TextField
          label="이름"
          name="username"
          autoComplete="name"
          placeholder="홍길동"
          value={values.username}
          hint="커리어 카드에 닉네임과 함께 공개돼요."
          onChange={(e) => change('username', e.target.value)}
          onBlur={() => visit('username')}
          {...fieldState('username')}
        />
        <TextField
          label="닉네임"
          name="useralias"
          autoComplete="nickname"
          placeholder="2자 이상"
          value={values.useralias}
          onChange={(e) => change('useralias', e.target.value)}
          onBlur={() => visit('useralias')}
          {...fieldState('useralias', nicknameCheck)}
        />
        <TextField
          label="커리어 카드 ID"
          name="careerCardId"
          placeholder="영문, 숫자 2자 이상"
          hint={
            values.careerCardId
              ? `내 커리어 카드 주소: /careercard/${values.careerCardId}`
              : '커리어 카드 주소에 쓰여요.'
          }
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

      <JobSection
        values={values}
        change={change}
        setValue={form.setValue}
        visit={visit}
        fieldState={fieldState}
        positions={positions}
        jobGroups={jobGroups}
        careerYears={careerYears}
        codesFailed={codesFailed}
      />
      <ConsentSection values={values} change={change} search={location.search} />

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

const EMAIL_VARIANT: SignUpVariant = { kind: 'email' };

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
  const variant = useMemo<SignUpVariant | null>(
    () =>
      ticket
        ? { kind: 'sns', ticket: ticket.ticket, email: ticket.prefill.email, vendor: ticket.prefill.vendor }
        : null,
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
