import { describe, expect, it } from 'vitest';
import { destinationOf } from './components/FindMyProfilePage';

describe('find-myprofile destination', () => {
  it('sends a member to onboarding until it is finished, resuming at the step reached', () => {
    expect(destinationOf({ profileId: 'minji', onboardedAt: null, onboardingStep: null })).toBe(
      '/careercard/onboarding/job',
    );
    expect(destinationOf({ profileId: 'minji', onboardedAt: null, onboardingStep: 'career' })).toBe(
      '/careercard/onboarding/career',
    );
    expect(destinationOf({ profileId: 'minji', onboardedAt: '2026-11-01T00:00:00Z', onboardingStep: 'skills' })).toBe(
      '/careercard/onboarding/skills',
    );
    expect(destinationOf({ profileId: 'minji', onboardedAt: '2026-11-01T00:00:00Z', onboardingStep: 'done' })).toBe(
      '/careercard/minji',
    );
    expect(destinationOf({ profileId: 'minji', onboardedAt: '2026-11-01T00:00:00Z', onboardingStep: null })).toBe(
      '/careercard/minji',
    );
  });
});
