import { z } from 'zod';
import { defineEndpoints } from '../common/endpoint.ts';
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
} from './schemas.ts';

/** The dashboards' figures (workplace and monitor), from the company's own calls: ADMIN's, as the dashboards' routes are. */
export const dashboardEndpoints = defineEndpoints(
  { tag: 'templates', roles: ['ADMIN'] },
  {
    overview: {
      method: 'GET',
      path: '/api/dashboard/overview',
      summary: "Today's calls and connect rate against yesterday, running tasks, pending numbers",
      response: workplaceOverviewSchema,
    },
    monitor: {
      method: 'GET',
      path: '/api/dashboard/monitor',
      summary: 'Running tasks with their live calls and concurrency; seat states',
      response: monitorSchema,
    },
    chatList: {
      method: 'GET',
      path: '/api/chat/list',
      summary: 'The latest finished calls, newest first (the monitor feed)',
      response: z.array(chatItemSchema),
    },
    contentData: {
      method: 'GET',
      path: '/api/content-data',
      summary: 'Calls placed per day over the last 7 days',
      response: z.array(chartPointSchema),
    },
    popularList: {
      method: 'GET',
      path: '/api/popular/list',
      summary: 'Busiest tasks (text), lines (image) or projects (video) this week',
      query: popularQuerySchema,
      response: z.array(popularItemSchema),
    },
  },
);

/** The visualization pages' charts, from the company's own calls (docs/templates.md maps each template chart to what it shows): any signed-in user's. */
export const analysisEndpoints = defineEndpoints(
  { tag: 'templates', roles: 'signedIn' },
  {
    publicOpinionAnalysis: {
      path: '/api/public-opinion-analysis',
      summary: 'A quota card: visitors = calls, comment = connected, published = transfers, other = talk minutes',
      body: opinionQuerySchema,
      response: quotaResultSchema,
    },
    contentPeriodAnalysis: {
      method: 'GET',
      path: '/api/content-period-analysis',
      summary: 'Calls placed and connected per hour of the day this week',
      response: seriesChartSchema,
    },
    contentPublish: {
      method: 'GET',
      path: '/api/content-publish',
      summary: 'Calls per SIP line per day this week (the five busiest lines)',
      response: seriesChartSchema,
    },
    popularAuthorList: {
      method: 'GET',
      path: '/api/popular-author/list',
      summary: 'Task creators ranked by the calls their tasks placed this week',
      response: z.object({ list: z.array(popularAuthorSchema) }),
    },
    dataChainGrowth: {
      path: '/api/data-chain-growth',
      summary: 'A quota over 8 days: calls, connect rate, transfers, average talk seconds',
      body: chainQuerySchema,
      response: quotaResultSchema,
    },
    dataOverview: {
      method: 'GET',
      path: '/api/data-overview',
      summary: 'Placed, connected, missed and transfers per day over 8 days',
      response: dataOverviewSchema,
    },
  },
);
