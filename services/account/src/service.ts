import { mailerPlugin, type ServiceDefinition } from '@sq/service-kit';
import { migrations } from './migrations';
import { seed } from './seeds';
import { accountConfigPlugin } from './config';
import tokens from './tokens';
import productionGuard from './lib/production-guard';
import careercardClient from './clients/careercard-client';
import programsClient from './clients/programs-client';
import internalUserRoutes from './routes/internal-users';
import userRepository from './repositories/user-repository';
import sessionRepository from './repositories/session-repository';
import guardRepository from './repositories/guard-repository';
import pointRepository from './repositories/point-repository';
import oauthRepository from './repositories/oauth-repository';
import recoveryRepository from './repositories/recovery-repository';
import sessionRoutes from './routes/session';
import signUpRoutes from './routes/sign-up';
import checkRoutes from './routes/checks';
import recoveryRoutes, { resetMailQueue } from './routes/recovery';
import memberRoutes from './routes/member';
import withdrawalRoutes from './routes/withdrawal';
import withdrawalRepository, { withdrawalOutbox } from './repositories/withdrawal-repository';
import oauthRoutes from './routes/oauth';
import internalRoutes from './routes/internal';
import itskillClient from './clients/itskill-client';
import internalContactRoutes from './routes/internal-contacts';
import personalTokenRepository from './repositories/personal-token-repository';
import personalTokenRoutes from './routes/personal-tokens';
import partnerAppRepository from './repositories/partner-app-repository';
import partnerProvider from './partners/mount';
import partnerTokenRoutes from './routes/partner-tokens';
import partnerConsentRoutes from './routes/partner-consents';
import adminPartnerAppRoutes from './routes/admin-partner-apps';

/** Users, credentials, social identities, sessions and tokens, recovery, duplicate checks, points. */
export const accountService: ServiceDefinition = {
  name: 'account',
  schema: 'account',
  migrations,
  seed,
  plugin: async (app) => {
    await app.register(accountConfigPlugin);
    await app.register(tokens);
    await app.register(careercardClient);
    await app.register(programsClient);
    await app.register(mailerPlugin, { smtp: app.accountConfig.smtp });
    await app.register(userRepository);
    await app.register(sessionRepository);
    await app.register(guardRepository);
    await app.register(productionGuard);
    await app.register(pointRepository);
    await app.register(oauthRepository);
    await app.register(recoveryRepository);
    await app.register(itskillClient);
    await app.register(internalContactRoutes);
    await app.register(sessionRoutes);
    await app.register(signUpRoutes);
    await app.register(checkRoutes);
    await app.register(resetMailQueue);
    await app.register(recoveryRoutes);
    await app.register(memberRoutes);
    await app.register(withdrawalRepository);
    await app.register(withdrawalOutbox);
    await app.register(withdrawalRoutes);
    await app.register(oauthRoutes);
    await app.register(internalRoutes);
    await app.register(internalUserRoutes);
    await app.register(personalTokenRepository);
    await app.register(personalTokenRoutes);
    await app.register(partnerAppRepository);
    await app.register(partnerProvider);
    await app.register(partnerTokenRoutes);
    await app.register(partnerConsentRoutes);
    await app.register(adminPartnerAppRoutes);
  },
};
