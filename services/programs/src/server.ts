import { SERVICE_PORTS, runService } from '@sq/service-kit';
import { programsService } from './service';

await runService(programsService, SERVICE_PORTS.programs);
