import type { FastifyInstance } from 'fastify';
import { templateEndpoints } from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { requestLocale } from '../http/locale.ts';
import { statsFor } from './call-stats.ts';
import { listQualityInspection, listRulePresets, listServices, setCardSwitch } from './cards.ts';
import { approveMediaSettings, getBasicProfile, saveGroupForm, submitChannelForm } from './forms.ts';
import { getUserInfo } from './get-user-info.ts';
import { listOperationLog } from './operation-log.ts';
import { createPolicy, listPolicies, setPolicyStatus } from './policies.ts';

/**
 * The template pages' lists, forms and profile (calls the console template only mocked, served for real), at the
 * paths its pages call. Everything reads and writes the caller's company only. Roles follow the route table:
 * the card list is ADMIN's; approving media parameters is ADMIN's; the rest is any signed-in user's.
 */
export async function templateRoutes(app: FastifyInstance) {
  route(app, templateEndpoints.userInfo, async (request) => ok(request, await getUserInfo(contextOf(request))));

  route(app, templateEndpoints.policies, async (request) => ok(request, await listPolicies(contextOf(request), request.query)));
  route(app, templateEndpoints.createPolicy, async (request) => ok(request, await createPolicy(contextOf(request), request.body)));
  route(app, templateEndpoints.setPolicyStatus, async (request) => ok(request, await setPolicyStatus(contextOf(request), request.body)));

  route(app, templateEndpoints.qualityInspection, async (request) =>
    ok(request, await listQualityInspection(await statsFor(contextOf(request), app.clock.now()), requestLocale(request))),
  );
  route(app, templateEndpoints.services, async (request) => ok(request, await listServices(contextOf(request), requestLocale(request))));
  route(app, templateEndpoints.rulesPreset, async (request) =>
    ok(request, await listRulePresets(contextOf(request), requestLocale(request))),
  );
  route(app, templateEndpoints.cardSwitch, async (request) => ok(request, await setCardSwitch(contextOf(request), request.body)));

  route(app, templateEndpoints.channelFormSubmit, async (request) =>
    ok(request, await submitChannelForm(contextOf(request), request.body)),
  );
  route(app, templateEndpoints.groupFormSubmit, async (request) => ok(request, await saveGroupForm(contextOf(request), request.body)));
  route(app, templateEndpoints.profileBasic, async (request) => ok(request, await getBasicProfile(contextOf(request))));
  route(app, templateEndpoints.profileBasicApprove, async (request) =>
    ok(request, await approveMediaSettings(contextOf(request), request.body.id)),
  );
  route(app, templateEndpoints.operationLog, async (request) =>
    ok(request, await listOperationLog(contextOf(request), request.query, requestLocale(request))),
  );
}

/** The footer's domain-not-filed notice, for every page including the login page: no authentication. */
export async function siteRoutes(app: FastifyInstance) {
  route(app, templateEndpoints.footerNotice, async (request) => ok(request, app.config.footerNotice));
}
