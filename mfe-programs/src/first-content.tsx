import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { MainPageResponse } from '@sq/contracts';
import type { FirstContentModule } from '@sq/contracts/first-content';
import { HomeContent } from './features/home/components/HomeContent';

/**
 * This remote's server module (@sq/contracts/first-content): the home page's content rendered from
 * GET /api/open/main-page, which the gateway writes into the HTML so the first paint needs no script. It is
 * the same component the browser renders (HomePage → HomeContent), built for Node by the remote's own build
 * (@sq/mf-config, `firstContent`), so a release of this remote also releases its server-rendered markup.
 */
export const pages: FirstContentModule['pages'] = {
  '/': {
    api: '/open/main-page',
    render: (body, { mobile }) =>
      renderToString(
        <StaticRouter location="/">
          <HomeContent data={(body as MainPageResponse).mainPage} desktop={!mobile} />
        </StaticRouter>,
      ),
  },
};
