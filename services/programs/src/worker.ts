import { runWorker } from '@sq/service-kit';
import { readProgramsConfig } from './config';
import { createProgramsService } from './service';

// The `programs-worker` role: the pg-boss workers and cron schedules, whatever PROGRAMS_JOB_WORKERS says (that
// setting is the web role's), and no public port.
const config = readProgramsConfig();
await runWorker(
  createProgramsService({ config: { ...config, jobs: { ...config.jobs, workers: true } } }),
  'programs-worker',
);
