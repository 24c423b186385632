import { useState } from 'react';
import type { SignedInUser } from '@sq/contracts';
import { ErrorFallback, Spinner, useAsync } from '@sq/ui';
import { isApiError } from '@sq/api-client';
import { CORE_MESSAGES as MESSAGES } from '@sq/contracts/core-messages';
import { getMe } from '../api/my-info-api';
import { InfoForm } from './InfoForm';
import { PasswordForm } from './PasswordForm';
import { WithdrawalSection } from './WithdrawalSection';
import styles from './my-info.module.css';

/** /mypage/info (members): edit my details, change the password, withdraw. */
export function MyInfoPage() {
  const me = useAsync((signal) => getMe(signal), []);
  if (me.status === 'loading') return <Spinner boxed />;
  if (me.status === 'error')
    return (
      <ErrorFallback title={isApiError(me.error) ? me.error.message : MESSAGES.genericAlert} onRetry={me.reload} />
    );
  return <Sections initial={me.data.userData} />;
}

function Sections({ initial }: { initial: SignedInUser }) {
  const [user, setUser] = useState(initial);
  return (
    <div className={styles.page} data-testid="my-info">
      <h1 className={styles.title}>내 정보</h1>
      <InfoForm user={user} onSaved={setUser} />
      <PasswordForm socialOnly={user.vendor !== 'EMAIL'} />
      <WithdrawalSection userId={user.userId} />
    </div>
  );
}
