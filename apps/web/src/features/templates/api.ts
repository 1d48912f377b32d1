import type {
  CardSwitch,
  ChannelFormInput,
  GroupFormInput,
  MessageType,
  PolicyCreate,
  PolicyQuery,
  PolicyStatusChange,
} from '@dialwise/contracts';
import {
  analysisEndpoints,
  type CHAIN_QUOTAS,
  dashboardEndpoints,
  messageEndpoints,
  type OPINION_QUOTAS,
  templateEndpoints,
} from '@dialwise/contracts';
import { api } from '../../api/client.ts';

export const templatesApi = {
  overview: () => api(dashboardEndpoints.overview),
  monitor: () => api(dashboardEndpoints.monitor),
  latestCalls: () => api(dashboardEndpoints.chatList),
  contentData: () => api(dashboardEndpoints.contentData),
  popular: (type: 'text' | 'image' | 'video') => api(dashboardEndpoints.popularList, { type }),
  opinion: (quota: (typeof OPINION_QUOTAS)[number]) => api(analysisEndpoints.publicOpinionAnalysis, { quota }),
  chain: (quota: (typeof CHAIN_QUOTAS)[number]) => api(analysisEndpoints.dataChainGrowth, { quota }),
  period: () => api(analysisEndpoints.contentPeriodAnalysis),
  publish: () => api(analysisEndpoints.contentPublish),
  authors: () => api(analysisEndpoints.popularAuthorList),
  dataOverview: () => api(analysisEndpoints.dataOverview),

  policies: (query: Partial<PolicyQuery>) => api(templateEndpoints.policies, query),
  createPolicy: (input: PolicyCreate) => api(templateEndpoints.createPolicy, input),
  setPolicyStatus: (input: PolicyStatusChange) => api(templateEndpoints.setPolicyStatus, input),
  quality: () => api(templateEndpoints.qualityInspection),
  services: () => api(templateEndpoints.services),
  rules: () => api(templateEndpoints.rulesPreset),
  setSwitch: (input: CardSwitch) => api(templateEndpoints.cardSwitch, input),

  submitChannel: (input: ChannelFormInput) => api(templateEndpoints.channelFormSubmit, input),
  submitGroup: (input: GroupFormInput) => api(templateEndpoints.groupFormSubmit, input),
  basicProfile: () => api(templateEndpoints.profileBasic),
  approve: (id: string) => api(templateEndpoints.profileBasicApprove, { id }),
  operationLog: (entity: string) => api(templateEndpoints.operationLog, { entity }),
  userInfo: () => api(templateEndpoints.userInfo),

  messages: (type?: MessageType) => api(messageEndpoints.list, type ? { type } : {}),
  unread: () => api(messageEndpoints.unread),
  read: (ids: string[]) => api(messageEndpoints.read, { ids }),
  readAll: (type?: MessageType) => api(messageEndpoints.readAll, type ? { type } : {}),
};
