import { SERVICE_PORTS, runService } from '@sq/service-kit';
import { accountService } from './service';

await runService(accountService, SERVICE_PORTS.account);
