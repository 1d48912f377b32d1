import { z } from 'zod';
import { defineEndpoints } from '../common/endpoint.ts';
import { pageSchema } from '../common/envelope.ts';
import {
  approveSchema,
  basicProfileSchema,
  cardSwitchSchema,
  channelFormResultSchema,
  channelFormSchema,
  groupFormSchema,
  operationLogSchema,
  policyCreateSchema,
  policyQuerySchema,
  policySchema,
  policyStatusSchema,
  qualityInspectionSchema,
  rulePresetSchema,
  serviceCardSchema,
  userInfoSchema,
} from './schemas.ts';

/** The template pages' lists, forms and profile (the console template's mock calls, served for real at their paths), and the footer's notice. Roles follow the route table: the card list and approving media parameters are ADMIN's, the rest is any signed-in user's. */
export const templateEndpoints = defineEndpoints(
  { tag: 'templates', roles: 'signedIn' },
  {
    userInfo: {
      method: 'GET',
      path: '/api/user/info',
      summary: "The template's user info, from the signed-in account",
      response: userInfoSchema,
    },
    policies: {
      method: 'GET',
      path: '/api/list/policy',
      summary: 'A page of policies (current/pageSize default 1 and 10), newest first, filtered',
      query: policyQuerySchema,
      response: pageSchema(policySchema),
    },
    createPolicy: { path: '/api/list/policy', summary: 'Creates a policy (offline)', body: policyCreateSchema, response: policySchema },
    setPolicyStatus: {
      path: '/api/list/policy/status',
      summary: 'Puts a policy online or offline',
      body: policyStatusSchema,
      response: policySchema,
    },
    qualityInspection: {
      method: 'GET',
      path: '/api/list/quality-inspection',
      summary: 'A quality card per task that dialled this week',
      roles: ['ADMIN'],
      response: z.array(qualityInspectionSchema),
    },
    services: {
      method: 'GET',
      path: '/api/list/the-service',
      summary: "The service cards with the company's switches",
      roles: ['ADMIN'],
      response: z.array(serviceCardSchema),
    },
    rulesPreset: {
      method: 'GET',
      path: '/api/list/rules-preset',
      summary: "The rule presets with the company's switches",
      roles: ['ADMIN'],
      response: z.array(rulePresetSchema),
    },
    cardSwitch: {
      path: '/api/list/card-switch',
      summary: 'Turns a service or a rule preset on or off for the company; answers the new state',
      roles: ['ADMIN'],
      body: cardSwitchSchema,
      response: z.boolean(),
    },
    channelFormSubmit: {
      path: '/api/channel-form/submit',
      summary: 'Saves the step form (activity name, promote link, advertising content rules)',
      body: channelFormSchema,
      response: channelFormResultSchema,
    },
    groupFormSubmit: {
      path: '/api/group-form/submit',
      summary: 'Saves the group form as media parameters awaiting approval (frame rate 1–30, bitrate 150–1800)',
      body: groupFormSchema,
      response: z.object({ id: z.string() }),
    },
    profileBasic: {
      method: 'GET',
      path: '/api/profile/basic',
      summary: 'The newest media parameters, their approval step, and those in force',
      response: basicProfileSchema,
    },
    profileBasicApprove: {
      path: '/api/profile/basic/approve',
      summary: 'Approves saved media parameters (ADMIN)',
      roles: ['ADMIN'],
      body: approveSchema,
      response: z.literal(true),
    },
    operationLog: {
      method: 'GET',
      path: '/api/operation/log',
      summary: "The company's latest audit entries in the operation-log shape (optionally of one entity)",
      query: z.object({ entity: z.string().max(64).optional() }),
      response: z.array(operationLogSchema),
    },
    footerNotice: {
      method: 'GET',
      path: '/api/site/footer-notice',
      summary: 'The configured footer notice (FOOTER_NOTICE), or null when none is configured',
      roles: 'public',
      response: z.object({ text: z.string(), link: z.string().nullable() }).nullable(),
    },
  },
);
