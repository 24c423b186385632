import { SERVICE_PORTS, runService } from '@sq/service-kit';
import { itskillService } from './service';

await runService(itskillService, SERVICE_PORTS.itskill);
