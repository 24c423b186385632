import { mailerPlugin, type ServiceDefinition } from '@sq/service-kit';
import { migrations } from './migrations';
import { seed } from './seeds';
import itskillConfig from './config';
import accountClient from './clients/account-client';
import programsClient from './clients/programs-client';
import skillChangeOutbox from './repositories/skill-change-outbox';
import surveyRepository from './repositories/survey-repository';
import runRepository from './repositories/run-repository';
import alarmRepository from './repositories/alarm-repository';
import resultRepository from './repositories/result-repository';
import trendsRepository from './repositories/trends-repository';
import checkupRoutes from './routes/checkup';
import resultRoutes from './routes/results';
import trendRoutes from './routes/trends';
import adminRoutes from './routes/admin';

/** IT skill check-up (seasons, question banks, runs, results, alarms) and IT skill trends. */
export const itskillService: ServiceDefinition = {
  name: 'itskill',
  schema: 'itskill',
  migrations,
  seed,
  plugin: async (app) => {
    await app.register(itskillConfig);
    await app.register(accountClient);
    await app.register(programsClient);
    await app.register(skillChangeOutbox);
    await app.register(mailerPlugin, { smtp: app.itskillConfig.smtp });
    await app.register(surveyRepository);
    await app.register(runRepository);
    await app.register(alarmRepository);
    await app.register(resultRepository);
    await app.register(trendsRepository);
    await app.register(checkupRoutes);
    await app.register(resultRoutes);
    await app.register(trendRoutes);
    await app.register(adminRoutes);
  },
};
