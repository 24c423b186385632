import { ConsoleFrame } from '../shared/console/ConsoleFrame';
import { cohortRoutes } from '../features/console-cohorts/routes';
import { boardRoutes } from '../features/console-board/routes';
import { teamRoutes } from '../features/console-teams/routes';
import { judgingRoutes } from '../features/console-judging/routes';
import { moneyRoutes } from '../features/console-money/routes';
import { contentRoutes } from '../features/console-content/routes';
import { auditRoutes } from '../features/console-audit/routes';
import { releaseRoutes } from '../features/console-releases/routes';
import { partnerRoutes } from '../features/console-partners/routes';

/**
 * The operators' console under the manifest route `/admin/*` (ROLE_ADMIN, fluid layout: the shell's route
 * guard sends anyone else to /), the './admin' entry's one screen: its frame (menu, /admin itself, unknown
 * paths) around the routes of each console feature, relative to /admin. Each feature's pages are lazy chunks
 * of their own (its routes.tsx), so this entry's own chunk stays the frame and the route table.
 */
export function AdminConsole() {
  return (
    <ConsoleFrame>
      {cohortRoutes}
      {boardRoutes}
      {teamRoutes}
      {judgingRoutes}
      {moneyRoutes}
      {contentRoutes}
      {auditRoutes}
      {releaseRoutes}
      {partnerRoutes}
    </ConsoleFrame>
  );
}
