import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chainQuerySchema,
  chartPointSchema,
  chatItemSchema,
  dataOverviewSchema,
  monitorSchema,
  opinionQuerySchema,
  popularAuthorSchema,
  popularItemSchema,
  popularQuerySchema,
  quotaResultSchema,
  seriesChartSchema,
  workplaceOverviewSchema,
} from '@dialwise/contracts';
import type { FastifyRequest } from 'fastify';
import { contextOf } from '../auth/authenticate.ts';
import { answers, ok } from '../http/envelope.ts';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['templates'];
  const ADMIN = ['ADMIN'] as const;
  const stats = (request: FastifyRequest) => statsFor(contextOf(request), app.clock.now());

  r.get(
    '/api/dashboard/overview',
    {
      schema: {
        tags,
        summary: "Today's calls and connect rate against yesterday, running tasks, pending numbers",
        response: answers(workplaceOverviewSchema),
      },
      onRequest: app.authenticate(ADMIN),
    },
    async (request) => ok(request, await getWorkplaceOverview(await stats(request))),
  );
  r.get(
    '/api/dashboard/monitor',
    {
      schema: { tags, summary: 'Running tasks with their live calls and concurrency; seat states', response: answers(monitorSchema) },
      onRequest: app.authenticate(ADMIN),
    },
    async (request) => ok(request, await getMonitor(contextOf(request), options.seatStates)),
  );
  r.get(
    '/api/chat/list',
    {
      schema: { tags, summary: 'The latest finished calls, newest first (the monitor feed)', response: answers(z.array(chatItemSchema)) },
      onRequest: app.authenticate(ADMIN),
    },
    async (request) => ok(request, await getLatestCalls(contextOf(request))),
  );
  r.get(
    '/api/content-data',
    {
      schema: { tags, summary: 'Calls placed per day over the last 7 days', response: answers(z.array(chartPointSchema)) },
      onRequest: app.authenticate(ADMIN),
    },
    async (request) => ok(request, await getContentData(await stats(request))),
  );
  r.get(
    '/api/popular/list',
    {
      schema: {
        tags,
        summary: 'Busiest tasks (text), lines (image) or projects (video) this week',
        querystring: popularQuerySchema,
        response: answers(z.array(popularItemSchema)),
      },
      onRequest: app.authenticate(ADMIN),
    },
    async (request) => ok(request, await getPopular(await stats(request), request.query.type)),
  );

  r.post(
    '/api/public-opinion-analysis',
    {
      schema: {
        tags,
        summary: 'A quota card: visitors = calls, comment = connected, published = transfers, other = talk minutes',
        body: opinionQuerySchema,
        response: answers(quotaResultSchema),
      },
      onRequest: app.authenticate(),
    },
    async (request) => ok(request, await getOpinion(await stats(request), request.body.quota)),
  );
  r.get(
    '/api/content-period-analysis',
    {
      schema: { tags, summary: 'Calls placed and connected per hour of the day this week', response: answers(seriesChartSchema) },
      onRequest: app.authenticate(),
    },
    async (request) => ok(request, await getPeriodAnalysis(await stats(request), requestLocale(request))),
  );
  r.get(
    '/api/content-publish',
    {
      schema: { tags, summary: 'Calls per SIP line per day this week (the five busiest lines)', response: answers(seriesChartSchema) },
      onRequest: app.authenticate(),
    },
    async (request) => ok(request, await getContentPublish(await stats(request))),
  );
  r.get(
    '/api/popular-author/list',
    {
      schema: {
        tags,
        summary: 'Task creators ranked by the calls their tasks placed this week',
        response: answers(z.object({ list: z.array(popularAuthorSchema) })),
      },
      onRequest: app.authenticate(),
    },
    async (request) => ok(request, await getPopularAuthors(await stats(request))),
  );
  r.post(
    '/api/data-chain-growth',
    {
      schema: {
        tags,
        summary: 'A quota over 8 days: calls, connect rate, transfers, average talk seconds',
        body: chainQuerySchema,
        response: answers(quotaResultSchema),
      },
      onRequest: app.authenticate(),
    },
    async (request) => ok(request, await getChainGrowth(await stats(request), request.body.quota)),
  );
  r.get(
    '/api/data-overview',
    {
      schema: { tags, summary: 'Placed, connected, missed and transfers per day over 8 days', response: answers(dataOverviewSchema) },
      onRequest: app.authenticate(),
    },
    async (request) => ok(request, await getDataOverview(await stats(request), requestLocale(request))),
  );
}
