import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { fieldMessages } from './issues';
import { SUBMISSION_LIMITS, submissionSchema } from './sprint-submission';

const valid = {
  projectName: ' 회의록 봇 ',
  description: '회의를 요약해요.',
  repositoryUrl: 'https://github.com/example/bot',
  demoUrl: null,
  images: ['/media/uploads/0b6f7c1e-3f0a-4d2e-9a51-6f1c2d3e4f50', 'https://img.example.com/1.png'],
};

describe('the sprint final submission schema', () => {
  it('takes uploads and web images, trims the text, and no demo as null', () => {
    const parsed = submissionSchema.safeParse(valid);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.projectName).toBe('회의록 봇');
  });

  it('says what is wrong per field, in Korean', () => {
    const fields = fieldMessages(
      submissionSchema.safeParse({
        projectName: '',
        description: 'x'.repeat(SUBMISSION_LIMITS.descriptionMax + 1),
        repositoryUrl: '',
        demoUrl: 'javascript:alert(1)',
        images: ['/etc/passwd', 'data:image/png;base64,AAAA'],
      }),
    );
    expect(fields).toEqual({
      projectName: MESSAGES.projectTitleRequired,
      description: MESSAGES.submissionDescriptionLength,
      repositoryUrl: MESSAGES.submissionRepositoryRequired,
      demoUrl: MESSAGES.projectLinkInvalid,
      'images.0': MESSAGES.imageInvalid,
      'images.1': MESSAGES.imageInvalid,
    });
  });

  it('takes at most 10 images', () => {
    const images = Array.from(
      { length: SUBMISSION_LIMITS.imagesMax + 1 },
      (_, i) => `https://img.example.com/${i}.png`,
    );
    expect(fieldMessages(submissionSchema.safeParse({ ...valid, images }))).toEqual({
      images: MESSAGES.submissionImagesTooMany,
    });
  });
});
