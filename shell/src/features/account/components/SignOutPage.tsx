import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '@sq/ui';
import { logout } from '../api/logout';

/** /signout: tells the server, forgets the token, goes home. */
export function SignOutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    void logout().then(() => {
      if (!cancelled) navigate('/', { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate]);
  return <Spinner boxed label="로그아웃 중" />;
}
