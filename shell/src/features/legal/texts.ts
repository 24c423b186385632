/**
 * The legal texts shown in the footer modals, in one module so the content service can replace them later
 * without touching the components. Facts come from spec section 9 (effective date, notice periods,
 * retention periods); the company name is configuration (GET /api/setting/site).
 */
export interface LegalSection {
  heading: string;
  paragraphs: string[];
}
export interface LegalText {
  title: string;
  effectiveDate: string;
  sections: LegalSection[];
}

export const TERMS_OF_SERVICE: LegalText = {
  title: '이용약관',
  effectiveDate: '2020-07-24',
  sections: [
    {
      heading: '제1조 (목적)',
      paragraphs: ['이 약관은 회사가 제공하는 IT 사이드 프로젝트 팀 빌딩 서비스(이하 "서비스")의 이용 조건과 절차, 회사와 회원의 권리·의무 및 책임 사항을 정합니다.'],
    },
    {
      heading: '제2조 (회원가입)',
      paragraphs: ['회원가입은 이메일 또는 소셜 계정(Google, Kakao, Naver)으로 할 수 있으며, 이용약관과 개인정보 처리방침에 동의해야 합니다. 마케팅 정보 수신 동의는 선택입니다.'],
    },
    {
      heading: '제3조 (프로그램 신청과 결제)',
      paragraphs: [
        '프로그램 신청 시 결제 수단이 예약되며 이때는 청구되지 않습니다. 최종 팀 빌딩이 완료되면 결제가 청구되고, 팀이 구성되지 않으면 예약은 자동으로 취소됩니다.',
        '팀 빌딩이 시작되기 전에는 회원이 직접 신청을 취소할 수 있으며, 팀 빌딩 중에는 고객 채널을 통해 취소해야 합니다.',
      ],
    },
    {
      heading: '제4조 (환불)',
      paragraphs: [
        '14주 팀 프로젝트: 팀 빌딩 결과 발표 1일 전까지 전액, 킥오프 밋업까지 80%, 시작 1일 전까지 70%, 시작 후 2주까지 50%를 환불하며 그 이후에는 환불하지 않습니다.',
        '팀 중단 시 4주 이내 80%, 5~8주 40%, 9~12주 20%를 환불하며 13주차부터는 환불하지 않습니다. 회사 사정으로 프로젝트가 종료되면 1개월 이내 90%, 2개월 이내 50%, 3개월 이내 20%를 환불합니다.',
        '10일 팀 스프린트: 7일차까지 전액, 8일차부터 환불하지 않습니다. 초대 후 시작 전에 이탈하면 50%를 환불합니다.',
        '기획자 과정: 7일 이내이고 VOD 수강이 10% 이하이면 전액, 기간의 1/3 경과 전 2/3, 1/2 경과 전 1/2을 환불하며 그 이후에는 환불하지 않습니다.',
      ],
    },
    {
      heading: '제5조 (약관의 변경)',
      paragraphs: ['회사는 약관을 변경할 때 시행 7일 전에, 회원에게 중대한 변경은 시행 30일 전에 공지합니다.'],
    },
  ],
};

export const PRIVACY_POLICY: LegalText = {
  title: '개인정보 처리방침',
  effectiveDate: '2020-07-24',
  sections: [
    {
      heading: '1. 수집하는 개인정보',
      paragraphs: ['필수: 이메일(가입 계정), 수신용 이메일, 비밀번호, 이름, 닉네임, 휴대전화 번호, 직군, 포지션, 경력. 선택: 프로필 사진, 자기소개, 마케팅 수신 동의.'],
    },
    {
      heading: '2. 이용 목적',
      paragraphs: ['회원 식별과 로그인, 프로그램 신청·결제·팀 빌딩, 커리어 카드 제공, 공지와 고객 문의 응대에 이용합니다.'],
    },
    {
      heading: '3. 보유 기간',
      paragraphs: [
        '회원 탈퇴 시 지체 없이 파기합니다. 다만 관계 법령에 따라 계약 및 결제 기록은 5년, 소비자 불만 및 분쟁 처리 기록은 3년, 로그인 기록은 3개월간 보관합니다.',
      ],
    },
    {
      heading: '4. 처리방침의 변경',
      paragraphs: ['변경 시 시행 7일 전에, 중대한 변경은 시행 30일 전에 공지합니다.'],
    },
  ],
};
