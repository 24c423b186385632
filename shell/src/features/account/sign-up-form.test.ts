import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@sq/contracts/messages';
import { fieldMessages } from '@sq/contracts/forms';
import {
  EMPTY_SIGN_UP,
  duplicateEmailDialogBody,
  emailSignUpForm,
  formatPhoneInput,
  missingForSubmit,
  normalisedCareerCardId,
  normalisedEmail,
  normalisedNickname,
  phoneFromProvider,
  snsSignUpForm,
  toSnsSignUpBody,
  type SignUpValues,
} from './sign-up-form';

const complete: SignUpValues = {
  ...EMPTY_SIGN_UP,
  email: 'New.User@Example.com',
  contactEmail: 'me@example.com',
  password: 'sidequest1!',
  pw_confirm: 'sidequest1!',
  username: '홍길동',
  useralias: '길동',
  careerCardId: 'gildong1',
  userphone: '010-1234-5678',
  jobGroup: 'JG_DEV',
  careerYears: 'CY_1_3Y',
  termsAgreed: true,
  privacyAgreed: true,
};

describe('sign-up submit gate (spec section 5)', () => {
  it('opens only after both duplicate checks passed and both consents are given', () => {
    expect(
      missingForSubmit({ nicknameChecked: true, careerCardIdChecked: true, termsAgreed: true, privacyAgreed: true }),
    ).toEqual([]);
    expect(
      missingForSubmit({
        nicknameChecked: false,
        careerCardIdChecked: false,
        termsAgreed: false,
        privacyAgreed: false,
      }),
    ).toEqual([
      MESSAGES.nicknameCheckRequired,
      MESSAGES.careerCardIdCheckRequired,
      MESSAGES.termsRequired,
      MESSAGES.privacyRequired,
    ]);
    expect(
      missingForSubmit({ nicknameChecked: true, careerCardIdChecked: false, termsAgreed: true, privacyAgreed: true }),
    ).toEqual([MESSAGES.careerCardIdCheckRequired]);
  });
});

describe('the shared schema on the screen values', () => {
  it('accepts a complete form with no position (an unpicked position is sent as null)', () => {
    const result = emailSignUpForm.safeParse(complete);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ email: 'new.user@example.com', position: null, marketingAgreed: false });
  });

  it('words every spec rule the way the service does', () => {
    const messages = fieldMessages(
      emailSignUpForm.safeParse({
        ...complete,
        password: 'short1!',
        pw_confirm: 'other',
        username: '홍',
        useralias: 'a',
        careerCardId: 'my-id',
        userphone: '010-12',
        jobGroup: '',
        careerYears: '',
      }),
    );
    expect(messages).toMatchObject({
      password: '비밀번호는 8자 이상, 22자 이하로 입력하세요.',
      pw_confirm: '두개의 비밀번호가 서로 달라요.',
      _: '입력된 두개의 비밀번호가 서로 다릅니다.',
      username: MESSAGES.nameLength,
      useralias: MESSAGES.nicknameLength,
      careerCardId: MESSAGES.careerCardIdFormat,
      userphone: MESSAGES.phoneFormat,
      jobGroup: MESSAGES.jobGroupRequired,
      careerYears: MESSAGES.careerYearsRequired,
    });
  });

  it('requires the consents but not marketing', () => {
    expect(fieldMessages(emailSignUpForm.safeParse({ ...complete, termsAgreed: false, privacyAgreed: false }))).toEqual(
      {
        termsAgreed: MESSAGES.termsRequired,
        privacyAgreed: MESSAGES.privacyRequired,
      },
    );
  });

  it('social sign-up has no password and carries the ticket', () => {
    const ticket = 't'.repeat(43);
    const result = snsSignUpForm(ticket).safeParse({ ...complete, password: '', pw_confirm: '' });
    expect(result.success).toBe(true);
    expect(toSnsSignUpBody(complete, ticket)).not.toHaveProperty('password');
    expect(toSnsSignUpBody(complete, ticket).ticket).toBe(ticket);
  });
});

describe('duplicate checks start only on well-formed values, normalised like the service stores them', () => {
  it.each([
    [normalisedEmail, ' Me@Example.COM ', 'me@example.com'],
    [normalisedEmail, 'me@', null],
    [normalisedNickname, ' 길동 ', '길동'],
    [normalisedNickname, '길', null],
    [normalisedCareerCardId, 'gildong1', 'gildong1'],
    [normalisedCareerCardId, 'superadmin', null],
    [normalisedCareerCardId, '한글', null],
  ])('%#: %s', (normalise, input, expected) => {
    expect(normalise(input)).toBe(expected);
  });
});

describe('phone input', () => {
  it('reads a provider phone in international form as a domestic number', () => {
    expect(phoneFromProvider('+82 10-2222-3333')).toBe('010-2222-3333');
    expect(phoneFromProvider('+82 010-2222-3333')).toBe('010-2222-3333');
    expect(phoneFromProvider('010-3333-4444')).toBe('010-3333-4444');
    expect(phoneFromProvider(null)).toBe('');
  });

  it('strips non-digits and inserts hyphens as the user types', () => {
    expect(formatPhoneInput('01012345678')).toBe('010-1234-5678');
    expect(formatPhoneInput('010-1234-567a8')).toBe('010-1234-5678');
    expect(formatPhoneInput('0101')).toBe('010-1');
  });
});

describe('중복 이메일 오류 dialog', () => {
  it('asks an e-mail account owner to sign in, and a social one to use that provider', () => {
    expect(duplicateEmailDialogBody(MESSAGES.accountDuplicate)).toBe('이미 가입된 이메일입니다. 로그인 해주세요.');
    expect(duplicateEmailDialogBody(MESSAGES.duplicateEmailBody)).toBe(MESSAGES.duplicateEmailBody);
    expect(duplicateEmailDialogBody(MESSAGES.registeredWithKakao)).toBe(MESSAGES.registeredWithKakao);
    expect(duplicateEmailDialogBody(MESSAGES.registeredWithGoogle)).toBe(MESSAGES.registeredWithGoogle);
  });
});
