import type { Endpoint } from '../endpoint.ts';
import { accountEndpoints } from './accounts.ts';
import { authEndpoints } from './auth.ts';
import { boardEndpoints } from './boards.ts';
import { callRecordEndpoints } from './call-records.ts';
import { companyEndpoints } from './operation-companies.ts';
import { llmEndpoints } from './operation-llms.ts';
import { processorEndpoints } from './operation-processors.ts';
import { scenarioEndpoints } from './operation-scenarios.ts';
import { tagEndpoints } from './operation-tags.ts';
import { voiceEndpoints } from './operation-voices.ts';
import { projectEndpoints } from './projects.ts';
import { sipLineEndpoints } from './sip-lines.ts';
import { subtaskEndpoints } from './subtasks.ts';
import { taskEndpoints } from './tasks.ts';
import { dncEndpoints } from './dnc.ts';
import { templateEndpoints } from './templates.ts';
import { analysisEndpoints } from './templates-analysis.ts';
import { messageEndpoints } from './messages.ts';
import { seatEndpoints } from './seat.ts';
import { callbackEndpoints } from './callbacks.ts';
import { speechCredentialEndpoints } from './operation-speech-credentials.ts';
import { scenarioBenchEndpoints } from './operation-scenario-bench.ts';
import { webCallEndpoints } from './webcall.ts';
import { auditEndpoints } from './audit.ts';
import { accessRequestEndpoints } from './access-requests.ts';
import { apiKeyEndpoints } from './api-keys.ts';

export { accountEndpoints } from './accounts.ts';
export { authEndpoints } from './auth.ts';
export { boardEndpoints } from './boards.ts';
export { callRecordEndpoints } from './call-records.ts';
export { companyEndpoints } from './operation-companies.ts';
export { llmEndpoints } from './operation-llms.ts';
export { processorEndpoints } from './operation-processors.ts';
export { scenarioEndpoints } from './operation-scenarios.ts';
export { tagEndpoints } from './operation-tags.ts';
export { voiceEndpoints } from './operation-voices.ts';
export { projectEndpoints } from './projects.ts';
export { sipLineEndpoints } from './sip-lines.ts';
export { subtaskEndpoints } from './subtasks.ts';
export { taskEndpoints } from './tasks.ts';
export { dncEndpoints } from './dnc.ts';
export { templateEndpoints } from './templates.ts';
export { analysisEndpoints } from './templates-analysis.ts';
export { messageEndpoints } from './messages.ts';
export { seatEndpoints } from './seat.ts';
export { callbackEndpoints } from './callbacks.ts';
export { speechCredentialEndpoints } from './operation-speech-credentials.ts';
export { scenarioBenchEndpoints } from './operation-scenario-bench.ts';
export { webCallEndpoints } from './webcall.ts';
export { auditEndpoints } from './audit.ts';
export { accessRequestEndpoints } from './access-requests.ts';
export { apiKeyEndpoints } from './api-keys.ts';

/** Every area's endpoints: the whole HTTP API the server registers and the console calls (docs/api.md). */
export const ENDPOINT_TABLE: Readonly<Record<string, Readonly<Record<string, Endpoint>>>> = {
  auth: authEndpoints,
  accounts: accountEndpoints,
  'sip-lines': sipLineEndpoints,
  projects: projectEndpoints,
  tasks: taskEndpoints,
  subtasks: subtaskEndpoints,
  'call-records': callRecordEndpoints,
  boards: boardEndpoints,
  'operation/companies': companyEndpoints,
  'operation/llms': llmEndpoints,
  'operation/voices': voiceEndpoints,
  'operation/processors': processorEndpoints,
  'operation/scenarios': scenarioEndpoints,
  'operation/tags': tagEndpoints,
  dnc: dncEndpoints,
  templates: templateEndpoints,
  'templates/analysis': analysisEndpoints,
  messages: messageEndpoints,
  seat: seatEndpoints,
  callbacks: callbackEndpoints,
  'operation/speech-credentials': speechCredentialEndpoints,
  'operation/scenarios/bench': scenarioBenchEndpoints,
  webcall: webCallEndpoints,
  audit: auditEndpoints,
  'access-requests': accessRequestEndpoints,
  'api-keys': apiKeyEndpoints,
};
