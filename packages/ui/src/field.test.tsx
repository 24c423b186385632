// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CheckField, Field, SelectField, TextAreaField, TextField, withFieldStyles } from './field';

const styles = {
  field: 'f',
  label: 'l',
  optional: 'o',
  hint: 'h',
  error: 'e',
  success: 's',
  input: 'i',
  textarea: 't',
  check: 'c',
};

afterEach(cleanup);

const describedBy = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);

describe('a field whose label wraps its control', () => {
  it('names the control by its label and describes it by a live region that is there before any error', () => {
    render(<TextField styles={styles} label="이메일" name="email" hint="자주 쓰는 주소" />);
    const input = screen.getByLabelText('이메일');
    expect(input.tagName).toBe('INPUT');
    expect(input.className).toBe('i');
    expect(input.getAttribute('name')).toBe('email');
    expect(input.closest('label')?.className).toBe('f');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    const [regionId] = describedBy(input);
    const region = document.getElementById(regionId!)!;
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    expect(screen.getByText('자주 쓰는 주소').className).toBe('h');
  });

  it('shows the error in the live region under the control and marks the control invalid', () => {
    render(<TextField styles={styles} label="이메일" error="이메일 형식이 아니에요." note="확인했어요." />);
    const input = screen.getByLabelText('이메일');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const error = input.closest('label')!.parentElement!.querySelector('[data-field-error]')!;
    expect(error.textContent).toBe('이메일 형식이 아니에요.');
    expect(error.className).toBe('e');
    expect(error.hasAttribute('role')).toBe(false);
    expect(error.parentElement!.id).toBe(describedBy(input)[0]);
    // The error takes the note's place.
    expect(screen.queryByText('확인했어요.')).toBeNull();
  });

  it('shows a note in the error’s place, in its tone', () => {
    const { rerender } = render(<TextField styles={styles} label="닉네임" note="중복 확인 중…" />);
    expect(screen.getByText('중복 확인 중…').className).toBe('h');
    rerender(<TextField styles={styles} label="닉네임" note="사용 가능한 닉네임이에요." noteTone="success" />);
    const note = screen.getByText('사용 가능한 닉네임이에요.');
    expect(note.className).toBe('s');
    expect(note.parentElement!.id).toBe(describedBy(screen.getByLabelText('닉네임'))[0]);
  });

  it('marks an optional field " (선택)" and the label still finds the control', () => {
    render(<TextField styles={styles} label="GitHub 링크" optional />);
    expect(screen.getByText('(선택)', { exact: false }).className).toBe('o');
    expect(screen.getByLabelText('GitHub 링크', { exact: false }).tagName).toBe('INPUT');
    expect(screen.getByText('GitHub 링크', { exact: false }).className).toBe('l');
  });

  it('gives every field its own message region', () => {
    render(
      <>
        <TextField styles={styles} label="이름" />
        <TextField styles={styles} label="연락처" />
      </>,
    );
    expect(describedBy(screen.getByLabelText('이름'))[0]).not.toBe(describedBy(screen.getByLabelText('연락처'))[0]);
  });

  it('draws a text area with the input and text area classes', () => {
    render(<TextAreaField styles={styles} label="만들고 싶은 서비스" maxLength={1000} error="입력해 주세요." />);
    const area = screen.getByLabelText('만들고 싶은 서비스');
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.className).toBe('i t');
    expect(area.getAttribute('maxlength')).toBe('1000');
    expect(area.getAttribute('aria-invalid')).toBe('true');
  });

  it('draws a select with its placeholder first and its options', () => {
    let chosen = '';
    render(
      <SelectField
        styles={styles}
        label="직군"
        placeholder="직군을 선택해 주세요"
        options={[
          { code: 'JG_DEV', name: '개발' },
          { code: 'JG_PM', name: '기획' },
        ]}
        value=""
        onChange={(e) => (chosen = e.target.value)}
      />,
    );
    const select = screen.getByLabelText('직군') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['', '직군을 선택해 주세요'],
      ['JG_DEV', '개발'],
      ['JG_PM', '기획'],
    ]);
    fireEvent.change(select, { target: { value: 'JG_PM' } });
    expect(chosen).toBe('JG_PM');
  });

  it('draws a check box with its label beside it and its error underneath', () => {
    render(
      <CheckField
        styles={styles}
        label="(필수) 서비스 이용약관에 동의해요"
        name="agreeTerms"
        error="약관에 동의해 주세요."
      />,
    );
    const box = screen.getByLabelText('(필수) 서비스 이용약관에 동의해요') as HTMLInputElement;
    expect(box.type).toBe('checkbox');
    expect(box.closest('label')!.className).toBe('c');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(describedBy(box)[0]!)!.textContent).toBe('약관에 동의해 주세요.');
  });
});

describe('a field that names its control by id', () => {
  it('points the label at the control, which may stand among other markup', () => {
    render(
      <Field styles={styles} id="useralias" label="닉네임">
        {(control) => (
          <div>
            <input {...control} />
            <button type="button">중복 확인</button>
          </div>
        )}
      </Field>,
    );
    const input = screen.getByLabelText('닉네임');
    expect(input.id).toBe('useralias');
    expect(input.tagName).toBe('INPUT');
    expect(document.querySelector('label')!.className).toBe('l');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(screen.getByRole('button', { name: '중복 확인' })).toBeTruthy();
  });

  it('gives the hint and the error their ids, describes the control by them, and announces the error', () => {
    const { rerender } = render(
      <Field styles={styles} id="project-links" label="링크" hint="5개까지">
        {(control) => <textarea {...control} />}
      </Field>,
    );
    const area = screen.getByLabelText('링크');
    expect(describedBy(area)).toEqual(['project-links-hint']);
    expect(screen.getByText('5개까지').id).toBe('project-links-hint');
    rerender(
      <Field styles={styles} id="project-links" label="링크" hint="5개까지" error="링크를 확인해 주세요.">
        {(control) => <textarea {...control} />}
      </Field>,
    );
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('링크를 확인해 주세요.');
    expect(error.id).toBe('project-links-error');
    expect(error.className).toBe('e');
    expect(describedBy(area)).toEqual(['project-links-hint', 'project-links-error']);
    expect(area.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a positive note while there is no error, and no alert', () => {
    render(
      <Field
        styles={styles}
        id="contactEmail"
        label="수신용 이메일"
        note="사용할 수 있는 이메일이에요."
        noteTone="success"
      >
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.getByText('사용할 수 있는 이메일이에요.').className).toBe('s');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('withFieldStyles', () => {
  it('draws the field with the bound styles', () => {
    const BoundText = withFieldStyles(TextField, { ...styles, input: 'bound-input', error: 'bound-error' });
    render(<BoundText label="이름" error="이름을 입력해 주세요." />);
    expect(screen.getByLabelText('이름').className).toBe('bound-input');
    expect(screen.getByText('이름을 입력해 주세요.').className).toBe('bound-error');
  });
});
