import {
  partnerAppFormSchema,
  type PartnerAppForm,
  type PartnerAppSummary,
  type PartnerTier,
} from '@sq/contracts/partner-apps';
import type { ConsumerScope } from '@sq/contracts/api-consumers';
import { fieldMessages } from '@sq/contracts/forms';

/** The console's form of a partner app: redirect URIs typed one per line. */
export interface PartnerAppValues {
  name: string;
  ownerEmail: string;
  scopes: ConsumerScope[];
  tier: PartnerTier;
  redirectUris: string;
  enabled: boolean;
}

export const EMPTY_PARTNER_APP: PartnerAppValues = {
  name: '',
  ownerEmail: '',
  scopes: [],
  tier: 'partner',
  redirectUris: '',
  enabled: true,
};

export const valuesOf = (app: PartnerAppSummary): PartnerAppValues => ({
  name: app.name,
  ownerEmail: app.ownerEmail,
  scopes: app.scopes,
  tier: app.tier,
  redirectUris: app.redirectUris.join('\n'),
  enabled: app.enabled,
});

export const requestOf = (values: PartnerAppValues): PartnerAppForm => ({
  name: values.name.trim(),
  ownerEmail: values.ownerEmail.trim(),
  scopes: values.scopes,
  tier: values.tier,
  redirectUris: values.redirectUris
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
  enabled: values.enabled,
});

/** The contract's Korean messages by field (a redirect URI's own message goes to the whole list). */
export function partnerAppErrors(values: PartnerAppValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, message] of Object.entries(fieldMessages(partnerAppFormSchema.safeParse(requestOf(values)))))
    errors[key.split('.')[0]!] ??= message;
  return errors;
}
