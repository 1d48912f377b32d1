import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approveSchema,
  basicProfileSchema,
  cardSwitchSchema,
  channelFormResultSchema,
  channelFormSchema,
  groupFormSchema,
  operationLogSchema,
  pageSchema,
  policyCreateSchema,
  policyQuerySchema,
  policySchema,
  policyStatusSchema,
  qualityInspectionSchema,
  rulePresetSchema,
  serviceCardSchema,
  userInfoSchema,
} from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { answers, ok } from '../http/envelope.ts';
import { requestLocale } from '../http/locale.ts';
import { statsFor } from './call-stats.ts';
import { listQualityInspection, listRulePresets, listServices, setCardSwitch } from './cards.ts';
import { approveMediaSettings, getBasicProfile, saveGroupForm, submitChannelForm } from './forms.ts';
import { getUserInfo } from './get-user-info.ts';
import { listOperationLog } from './operation-log.ts';
import { createPolicy, listPolicies, setPolicyStatus } from './policies.ts';

/**
 * The template pages' lists, forms and profile (spec §7's mock-only calls, served for real), at the
 * spec's paths. Everything reads and writes the caller's company only. Roles follow the route table:
 * the card list is ADMIN's; approving media parameters is ADMIN's; the rest is any signed-in user's.
 */
export async function templateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['templates'];
  const ADMIN = ['ADMIN'] as const;

  r.get(
    '/api/user/info',
    {
      schema: { tags, summary: "The template's user info, from the signed-in account", response: answers(userInfoSchema) },
      onRequest: app.authenticate(),
    },
    async (request) => ok(request, await getUserInfo(contextOf(request))),
  );

  r.get(
    '/api/list/policy',
    {
      schema: {
        tags,
        summary: 'A page of policies (current/pageSize default 1 and 10), newest first, filtered',
        querystring: policyQuerySchema,
        response: answers(pageSchema(policySchema)),
      },
      onRequest: app.authenticate(),
    },
    async (request) => ok(request, await listPolicies(contextOf(request), request.query)),
  );
  r.post(
    '/api/list/policy',
    {
      schema: { tags, summary: 'Creates a policy (offline)', body: policyCreateSchema, response: answers(policySchema) },
      onRequest: app.authenticate(),
    },
    async (request) => ok(request, await createPolicy(contextOf(request), request.body)),
  );
  r.post(
    '/api/list/policy/status',
    {
      schema: { tags, summary: 'Puts a policy online or offline', body: policyStatusSchema, response: answers(policySchema) },
      onRequest: app.authenticate(),
    },
    async (request) => ok(request, await setPolicyStatus(contextOf(request), request.body)),
  );

  r.get(
    '/api/list/quality-inspection',
    {
      schema: { tags, summary: 'A quality card per task that dialled this week', response: answers(z.array(qualityInspectionSchema)) },
      onRequest: app.authenticate(ADMIN),
    },
    async (request) =>
      ok(request, await listQualityInspection(await statsFor(contextOf(request), app.clock.now()), requestLocale(request))),
  );
  r.get(
    '/api/list/the-service',
    {
      schema: { tags, summary: "The service cards with the company's switches", response: answers(z.array(serviceCardSchema)) },
      onRequest: app.authenticate(ADMIN),
    },
    async (request) => ok(request, await listServices(contextOf(request), requestLocale(request))),
  );
  r.get(
    '/api/list/rules-preset',
    {
      schema: { tags, summary: "The rule presets with the company's switches", response: answers(z.array(rulePresetSchema)) },
      onRequest: app.authenticate(ADMIN),
    },
    async (request) => ok(request, await listRulePresets(contextOf(request), requestLocale(request))),
  );
  r.post(
    '/api/list/card-switch',
    {
      schema: {
        tags,
        summary: 'Turns a service or a rule preset on or off for the company; answers the new state',
        body: cardSwitchSchema,
        response: answers(z.boolean()),
      },
      onRequest: app.authenticate(ADMIN),
    },
    async (request) => ok(request, await setCardSwitch(contextOf(request), request.body)),
  );

  r.post(
    '/api/channel-form/submit',
    {
      schema: {
        tags,
        summary: 'Saves the step form (activity name, promote link, advertising content rules)',
        body: channelFormSchema,
        response: answers(channelFormResultSchema),
      },
      onRequest: app.authenticate(),
    },
    async (request) => ok(request, await submitChannelForm(contextOf(request), request.body)),
  );
  r.post(
    '/api/group-form/submit',
    {
      schema: {
        tags,
        summary: 'Saves the group form as media parameters awaiting approval (frame rate 1–30, bitrate 150–1800)',
        body: groupFormSchema,
        response: answers(z.object({ id: z.string() })),
      },
      onRequest: app.authenticate(),
    },
    async (request) => ok(request, await saveGroupForm(contextOf(request), request.body)),
  );
  r.get(
    '/api/profile/basic',
    {
      schema: {
        tags,
        summary: 'The newest media parameters, their approval step, and those in force',
        response: answers(basicProfileSchema),
      },
      onRequest: app.authenticate(),
    },
    async (request) => ok(request, await getBasicProfile(contextOf(request))),
  );
  r.post(
    '/api/profile/basic/approve',
    {
      schema: { tags, summary: 'Approves saved media parameters (ADMIN)', body: approveSchema, response: answers(z.literal(true)) },
      onRequest: app.authenticate(ADMIN),
    },
    async (request) => ok(request, await approveMediaSettings(contextOf(request), request.body.id)),
  );
  r.get(
    '/api/operation/log',
    {
      schema: {
        tags,
        summary: "The company's latest audit entries in the operation-log shape (optionally of one entity)",
        querystring: z.object({ entity: z.string().max(64).optional() }),
        response: answers(z.array(operationLogSchema)),
      },
      onRequest: app.authenticate(),
    },
    async (request) => ok(request, await listOperationLog(contextOf(request), request.query, requestLocale(request))),
  );
}

/** The footer's domain-not-filed notice, for every page including the login page: no authentication. */
export async function siteRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/site/footer-notice',
    {
      schema: {
        tags: ['templates'],
        summary: 'The configured footer notice (FOOTER_NOTICE), or null when none is configured',
        security: [],
        response: answers(z.object({ text: z.string(), link: z.string().nullable() }).nullable()),
      },
    },
    async (request) => ok(request, app.config.footerNotice),
  );
}
