import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { signInUrl } from '@sq/api-client';
import { Button, Modal } from '@sq/ui';
import { sessionAtom, signedInAtom } from '../../../shared/state/session';
import styles from './account.module.css';

/** Signed in: my career card, my info, logout (after a confirmation). Signed out: a sign-in link. */
export function AccountMenu() {
  const signedIn = useAtomValue(signedInAtom);
  const { user } = useAtomValue(sessionAtom);
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  useEffect(() => setOpen(false), [location.pathname]);

  if (!signedIn) {
    const here = `${location.pathname}${location.search}`;
    return (
      <Link className={styles.menuButton} to={location.pathname.startsWith('/signin') ? '/signin' : signInUrl(here)}>
        로그인
      </Link>
    );
  }

  return (
    <div className={styles.menu} ref={ref}>
      <button
        type="button"
        className={styles.menuButton}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        {user?.userAlias ?? '내 계정'} ▾
      </button>
      {open ? (
        <div role="menu" className={styles.menuList}>
          <Link
            role="menuitem"
            className={styles.menuItem}
            to={user?.profileId ? `/careercard/${user.profileId}` : '/careercard'}
          >
            내 커리어 카드
          </Link>
          <Link role="menuitem" className={styles.menuItem} to="/mypage/info">
            내 정보
          </Link>
          <button type="button" role="menuitem" className={styles.menuItem} onClick={() => setConfirming(true)}>
            로그아웃
          </button>
        </div>
      ) : null}
      <Modal
        open={confirming}
        title="로그아웃"
        onClose={() => setConfirming(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              취소
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                navigate('/signout');
              }}
            >
              로그아웃
            </Button>
          </>
        }
      >
        로그아웃 하시겠어요?
      </Modal>
    </div>
  );
}
