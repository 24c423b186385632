import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { ApiError } from '@sq/api-client';
import { MESSAGES } from '@sq/contracts/messages';
import { OnboardingPage } from './OnboardingPage';

const api = { uploadImage: vi.fn(), saveUserDetail: vi.fn() };
vi.mock('../api/upload-image', () => ({ uploadImage: (...a: unknown[]) => api.uploadImage(...a) }));
vi.mock('../api/save-user-detail', () => ({ saveUserDetail: (...a: unknown[]) => api.saveUserDetail(...a) }));
vi.mock('../api/get-me', () => ({ refreshMe: () => Promise.resolve({}) }));
vi.mock('../api/get-job-groups', async () => {
  const { useAsync } = await import('@sq/ui');
  const groups = [{ code: 'JG_DEV', name: '개발', positions: [] }];
  return { useJobGroups: () => useAsync(async () => groups, []) };
});
vi.mock('../api/get-career-years', async () => {
  const { useAsync } = await import('@sq/ui');
  const codes = [{ code: 'CY_1_3Y', name: '1년 이상 3년 미만', parentCode: null }];
  return { useCareerYears: () => useAsync(async () => codes, []) };
});

const IMG_ID = '0b7c4f2e-8d4a-4c1e-9f3a-2b6d8e1f0a5c';
const IMG_URL = `/media/uploads/${IMG_ID}`;

function Step() {
  const { step } = useParams();
  return <OnboardingPage step={step} />;
}
function Done() {
  return <p data-testid="done">done</p>;
}
function renderStep(step = '1') {
  return render(
    <MemoryRouter initialEntries={[`/signup/onboarding/${step}`]}>
      <Routes>
        <Route path="/signup/onboarding/done" element={<Done />} />
        <Route path="/signup/onboarding/:step" element={<Step />} />
      </Routes>
    </MemoryRouter>,
  );
}

const fileInput = () => screen.getByLabelText('프로필 이미지 선택') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const png = (name = 'me.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, { type: 'image/png' });
const next = () => fireEvent.click(screen.getByRole('button', { name: '다음' }));
const preview = () => screen.queryByAltText('프로필 이미지 미리보기') as HTMLImageElement | null;

/** Resolves the upload when the test says so. */
function pendingUpload() {
  let resolve!: (value: unknown) => void;
  let reject!: (error: unknown) => void;
  api.uploadImage.mockImplementation(
    () =>
      new Promise((res, rej) => {
        resolve = res;
        reject = rej;
      }),
  );
  return { resolve: (value: unknown) => resolve(value), reject: (error: unknown) => reject(error) };
}

async function finishCodes() {
  await screen.findByRole('option', { name: '개발' });
  fireEvent.change(document.querySelector('[name="jobCode"]')!, { target: { value: 'JG_DEV' } });
  fireEvent.change(document.querySelector('[name="yearCode"]')!, { target: { value: 'CY_1_3Y' } });
  fireEvent.click(screen.getByRole('button', { name: '완료' }));
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:local-preview');
  URL.revokeObjectURL = vi.fn();
  api.saveUserDetail.mockResolvedValue({ pointGranted: true, pointBalance: 10_000, userStep: 'DONE' });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  sessionStorage.clear();
});

describe('/signup/onboarding: the image step', () => {
  it('previews the chosen image, uploads it, and sends its id with the rest at the end', async () => {
    renderStep('1');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1단계', '2단계', '3단계']);
    const upload = pendingUpload();
    const file = png();
    choose(file);
    // The local preview shows at once; the step waits for the upload.
    expect(preview()?.getAttribute('src')).toBe('blob:local-preview');
    expect(api.uploadImage).toHaveBeenCalledWith(file, expect.any(AbortSignal));
    expect(screen.getByRole('button', { name: '다음' })).toHaveProperty('disabled', true);
    upload.resolve({ imgId: IMG_ID, imgUrl: IMG_URL });
    await waitFor(() => expect(preview()?.getAttribute('src')).toBe(IMG_URL));
    expect(screen.getByRole('button', { name: '다음' })).toHaveProperty('disabled', false);
    // The draft is written after the render that shows the upload.
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem('sq.onboarding')!)).toMatchObject({ imgId: IMG_ID, imgUrl: IMG_URL }),
    );

    next();
    await screen.findByRole('heading', { name: '나를 소개해 주세요' });
    fireEvent.change(document.querySelector('[name="intro"]')!, { target: { value: '백엔드 개발자예요.' } });
    next();
    await screen.findByRole('heading', { name: '직무와 경력을 알려 주세요' });
    await finishCodes();
    await screen.findByTestId('done');
    expect(api.saveUserDetail).toHaveBeenCalledWith({
      imgId: IMG_ID,
      intro: '백엔드 개발자예요.',
      jobCode: 'JG_DEV',
      yearCode: 'CY_1_3Y',
    });
  });

  it('shows the server’s Korean message inline and keeps everything else typed', async () => {
    sessionStorage.setItem(
      'sq.onboarding',
      JSON.stringify({ imgId: '', imgUrl: '', intro: '먼저 쓴 소개', jobCode: '', yearCode: '' }),
    );
    renderStep('1');
    const upload = pendingUpload();
    choose(png('fake.png'));
    upload.reject(
      new ApiError('40', MESSAGES.uploadTypeInvalid, 415, {
        ErrorCode: '40',
        message: MESSAGES.uploadTypeInvalid,
        fields: { file: MESSAGES.uploadTypeInvalid },
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.uploadTypeInvalid);
    expect(preview()).toBeNull();
    expect(fileInput().getAttribute('aria-invalid')).toBe('true');

    // The step can still be skipped; the intro typed before is still there.
    next();
    await screen.findByRole('heading', { name: '나를 소개해 주세요' });
    expect((document.querySelector('[name="intro"]') as HTMLTextAreaElement).value).toBe('먼저 쓴 소개');
  });

  it('refuses a wrong type or a file over 5 MB before sending anything', async () => {
    renderStep('1');
    choose(new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.uploadTypeInvalid);
    const big = png('big.png');
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    choose(big);
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.uploadTooLarge);
    expect(api.uploadImage).not.toHaveBeenCalled();
  });

  it('keeps the uploaded image when coming back, and can take it off again', async () => {
    sessionStorage.setItem(
      'sq.onboarding',
      JSON.stringify({ imgId: IMG_ID, imgUrl: IMG_URL, intro: '', jobCode: '', yearCode: '' }),
    );
    renderStep('1');
    expect(preview()?.getAttribute('src')).toBe(IMG_URL);
    fireEvent.click(screen.getByRole('button', { name: '이미지 지우기' }));
    expect(preview()).toBeNull();
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem('sq.onboarding')!)).toMatchObject({ imgId: '', imgUrl: '' }),
    );
  });

  it('goes on without an image and sends none', async () => {
    renderStep('1');
    next();
    await screen.findByRole('heading', { name: '나를 소개해 주세요' });
    next();
    await screen.findByRole('heading', { name: '직무와 경력을 알려 주세요' });
    await finishCodes();
    await screen.findByTestId('done');
    expect(api.saveUserDetail).toHaveBeenCalledWith({ jobCode: 'JG_DEV', yearCode: 'CY_1_3Y' });
  });

  it('drops a picture the server would not attach at the end, with its message, and keeps the rest', async () => {
    sessionStorage.setItem(
      'sq.onboarding',
      JSON.stringify({ imgId: IMG_ID, imgUrl: IMG_URL, intro: '소개', jobCode: '', yearCode: '' }),
    );
    api.saveUserDetail.mockRejectedValueOnce(
      new ApiError('40', MESSAGES.imageInvalid, 400, {
        ErrorCode: '40',
        message: MESSAGES.imageInvalid,
        fields: { imgId: MESSAGES.imageInvalid },
      }),
    );
    renderStep('3');
    await finishCodes();
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.imageInvalid);
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem('sq.onboarding')!)).toMatchObject({
        imgId: '',
        imgUrl: '',
        intro: '소개',
        jobCode: 'JG_DEV',
        yearCode: 'CY_1_3Y',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: '완료' }));
    await screen.findByTestId('done');
    expect(api.saveUserDetail).toHaveBeenLastCalledWith({ intro: '소개', jobCode: 'JG_DEV', yearCode: 'CY_1_3Y' });
  });
});
