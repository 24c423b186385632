import { describe, expect, it } from 'vitest';
import { isKakaoInAppBrowser, kakaoOpenExternalUrl, socialStartUrl } from './social';
import { ONBOARDING_STEPS, isOnboardingStep, nextOnboardingStep, toUserDetailBody } from './onboarding';

describe('social login', () => {
  it('starts at the account service with the return path', () => {
    expect(socialStartUrl('/api', 'kakao', '/mypage?tab=1')).toBe('/api/oauth/kakao/start?to=%2Fmypage%3Ftab%3D1');
    expect(socialStartUrl('https://api.example.kr/api/', 'google', '/')).toBe(
      'https://api.example.kr/api/oauth/google/start?to=%2F',
    );
  });

  it('recognises the KakaoTalk in-app browser', () => {
    expect(isKakaoInAppBrowser('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) AppleWebKit/605.1.15 KAKAOTALK 10.4.5')).toBe(
      true,
    );
    expect(isKakaoInAppBrowser('Mozilla/5.0 (Linux; Android 14) Chrome/120.0 Mobile Safari/537.36')).toBe(false);
  });

  it('opens a page in the external browser through KakaoTalk’s scheme', () => {
    expect(kakaoOpenExternalUrl('https://site.example/signin?to=/mypage')).toBe(
      'kakaotalk://web/openExternal?url=https%3A%2F%2Fsite.example%2Fsignin%3Fto%3D%2Fmypage',
    );
  });
});

describe('onboarding steps', () => {
  it('run in order and end at the completion page', () => {
    expect(ONBOARDING_STEPS).toEqual(['1', '2', '3']);
    expect(nextOnboardingStep('1')).toBe('2');
    expect(nextOnboardingStep('2')).toBe('3');
    expect(nextOnboardingStep('3')).toBeNull();
    expect(isOnboardingStep('4')).toBe(false);
    expect(isOnboardingStep(undefined)).toBe(false);
  });

  it('leaves an empty intro and a missing image out of POST /api/user/detail', () => {
    const none = { imgId: '', imgUrl: '' };
    expect(toUserDetailBody({ ...none, intro: '  ', jobCode: 'JG_DEV', yearCode: 'CY_1_3Y' })).toEqual({
      jobCode: 'JG_DEV',
      yearCode: 'CY_1_3Y',
    });
    expect(toUserDetailBody({ ...none, intro: '안녕하세요', jobCode: 'JG_DEV', yearCode: 'CY_1_3Y' })).toEqual({
      intro: '안녕하세요',
      jobCode: 'JG_DEV',
      yearCode: 'CY_1_3Y',
    });
    const image = {
      imgId: '0b7c4f2e-8d4a-4c1e-9f3a-2b6d8e1f0a5c',
      imgUrl: '/media/uploads/0b7c4f2e-8d4a-4c1e-9f3a-2b6d8e1f0a5c',
    };
    expect(toUserDetailBody({ ...image, intro: '', jobCode: 'JG_DEV', yearCode: 'CY_1_3Y' })).toEqual({
      imgId: image.imgId,
      jobCode: 'JG_DEV',
      yearCode: 'CY_1_3Y',
    });
  });
});
