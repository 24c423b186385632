/**
 * One zod/mini schema per account form (spec section 5), shared by the shell's screens (`@sq/contracts/forms`)
 * and the account service. Mismatch messages: the form-level 입력된 두개의 비밀번호가 서로 다릅니다. is the
 * form's `message` (field `_`); the inline 두개의 비밀번호가 서로 달라요. sits under `pw_confirm`.
 */
export * from './fields';
export * from './sign-in';
export * from './sign-up';
export * from './onboarding';
export * from './find-account';
export * from './change-password';
export * from './withdrawal';
export * from './update-user';
export * from './issues';
export * from './career-card';
export * from './sprint-submission';
