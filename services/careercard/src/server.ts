import { SERVICE_PORTS, runService } from '@sq/service-kit';
import { careercardService } from './service';

await runService(careercardService, SERVICE_PORTS.careercard);
