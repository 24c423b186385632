import type { ServiceDefinition } from '@sq/service-kit';
import { migrations } from './migrations';
import { seed } from './seeds';
import surveyRepository from './repositories/survey-repository';
import alarmRepository from './repositories/alarm-repository';
import resultRepository from './repositories/result-repository';
import checkupRoutes from './routes/checkup';
import resultRoutes from './routes/results';

/** IT skill check-up (surveys, answers, results, alarms) and IT skill trends. */
export const itskillService: ServiceDefinition = {
  name: 'itskill',
  schema: 'itskill',
  migrations,
  seed,
  plugin: async (app) => {
    await app.register(surveyRepository);
    await app.register(alarmRepository);
    await app.register(resultRepository);
    await app.register(checkupRoutes);
    await app.register(resultRoutes);
  },
};
