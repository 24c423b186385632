import { SERVICE_PORTS, runService } from '@sq/service-kit';
import { contentService } from './service';

await runService(contentService, SERVICE_PORTS.content);
