import { CurrentApplications } from '../features/applications/components/CurrentApplications';
import { MyPageIntroPage } from '../features/my-intro';

/** /mypage: the member's intro and, under it, their current applications (two features composed here). */
export function MyPageHome() {
  return (
    <>
      <MyPageIntroPage />
      <CurrentApplications />
    </>
  );
}
