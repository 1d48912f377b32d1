import type { FastifyInstance, FastifyRequest } from 'fastify';
import { analysisEndpoints, dashboardEndpoints } from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { requestLocale } from '../http/locale.ts';
import { statsFor } from './call-stats.ts';
import {
  getChainGrowth,
  getContentData,
  getContentPublish,
  getDataOverview,
  getOpinion,
  getPeriodAnalysis,
  getPopular,
  getPopularAuthors,
} from './get-analysis.ts';
import { getLatestCalls, getMonitor, getWorkplaceOverview, type SeatStates } from './get-dashboards.ts';

/**
 * The dashboards' and visualization pages' charts, from the company's own calls (docs/templates.md maps
 * each template chart to what it shows). The dashboards are ADMIN's, as their routes are.
 */
export async function analysisRoutes(app: FastifyInstance, options: { seatStates: SeatStates }) {
  const stats = (request: FastifyRequest) => statsFor(contextOf(request), app.clock.now());

  route(app, dashboardEndpoints.overview, async (request) => ok(request, await getWorkplaceOverview(await stats(request))));
  route(app, dashboardEndpoints.monitor, async (request) => ok(request, await getMonitor(contextOf(request), options.seatStates)));
  route(app, dashboardEndpoints.chatList, async (request) => ok(request, await getLatestCalls(contextOf(request))));
  route(app, dashboardEndpoints.contentData, async (request) => ok(request, await getContentData(await stats(request))));
  route(app, dashboardEndpoints.popularList, async (request) => ok(request, await getPopular(await stats(request), request.query.type)));

  route(app, analysisEndpoints.publicOpinionAnalysis, async (request) =>
    ok(request, await getOpinion(await stats(request), request.body.quota)),
  );
  route(app, analysisEndpoints.contentPeriodAnalysis, async (request) =>
    ok(request, await getPeriodAnalysis(await stats(request), requestLocale(request))),
  );
  route(app, analysisEndpoints.contentPublish, async (request) => ok(request, await getContentPublish(await stats(request))));
  route(app, analysisEndpoints.popularAuthorList, async (request) => ok(request, await getPopularAuthors(await stats(request))));
  route(app, analysisEndpoints.dataChainGrowth, async (request) =>
    ok(request, await getChainGrowth(await stats(request), request.body.quota)),
  );
  route(app, analysisEndpoints.dataOverview, async (request) =>
    ok(request, await getDataOverview(await stats(request), requestLocale(request))),
  );
}
