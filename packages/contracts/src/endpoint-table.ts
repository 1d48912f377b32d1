import type { Endpoint } from './common/endpoint.ts';
import { accountEndpoints } from './accounts/endpoints.ts';
import { authEndpoints } from './auth/endpoints.ts';
import { boardEndpoints } from './boards/endpoints.ts';
import { callRecordEndpoints } from './call-records/endpoints.ts';
import { companyEndpoints } from './operation/companies/endpoints.ts';
import { llmEndpoints } from './operation/llms/endpoints.ts';
import { processorEndpoints } from './operation/processors/endpoints.ts';
import { scenarioEndpoints } from './operation/scenarios/endpoints.ts';
import { tagEndpoints } from './operation/tags/endpoints.ts';
import { voiceEndpoints } from './operation/voices/endpoints.ts';
import { projectEndpoints } from './projects/endpoints.ts';
import { sipLineEndpoints } from './sip-lines/endpoints.ts';
import { subtaskEndpoints } from './subtasks/endpoints.ts';
import { taskEndpoints } from './tasks/endpoints.ts';
import { dncEndpoints } from './dnc/endpoints.ts';
import { templateEndpoints } from './templates/endpoints.ts';
import { analysisEndpoints, dashboardEndpoints } from './templates/analysis-endpoints.ts';
import { messageEndpoints } from './messages/endpoints.ts';
import { seatEndpoints } from './seat/endpoints.ts';
import { callbackEndpoints } from './callbacks/endpoints.ts';
import { speechCredentialEndpoints } from './operation/speech-credentials/endpoints.ts';
import { scenarioBenchEndpoints } from './operation/scenarios/bench/endpoints.ts';
import { testCallEndpoints, webCallEndpoints } from './webcall/endpoints.ts';
import { auditEndpoints } from './audit/endpoints.ts';
import { accessRequestEndpoints } from './access-requests/endpoints.ts';
import { apiKeyEndpoints } from './api-keys/endpoints.ts';

export { accountEndpoints } from './accounts/endpoints.ts';
export { authEndpoints } from './auth/endpoints.ts';
export { boardEndpoints } from './boards/endpoints.ts';
export { callRecordEndpoints } from './call-records/endpoints.ts';
export { companyEndpoints } from './operation/companies/endpoints.ts';
export { llmEndpoints } from './operation/llms/endpoints.ts';
export { processorEndpoints } from './operation/processors/endpoints.ts';
export { scenarioEndpoints } from './operation/scenarios/endpoints.ts';
export { tagEndpoints } from './operation/tags/endpoints.ts';
export { voiceEndpoints } from './operation/voices/endpoints.ts';
export { projectEndpoints } from './projects/endpoints.ts';
export { sipLineEndpoints } from './sip-lines/endpoints.ts';
export { subtaskEndpoints } from './subtasks/endpoints.ts';
export { taskEndpoints } from './tasks/endpoints.ts';
export { dncEndpoints } from './dnc/endpoints.ts';
export { templateEndpoints } from './templates/endpoints.ts';
export { analysisEndpoints, dashboardEndpoints } from './templates/analysis-endpoints.ts';
export { messageEndpoints } from './messages/endpoints.ts';
export { seatEndpoints } from './seat/endpoints.ts';
export { callbackEndpoints } from './callbacks/endpoints.ts';
export { speechCredentialEndpoints } from './operation/speech-credentials/endpoints.ts';
export { scenarioBenchEndpoints } from './operation/scenarios/bench/endpoints.ts';
export { testCallEndpoints, webCallEndpoints } from './webcall/endpoints.ts';
export { auditEndpoints } from './audit/endpoints.ts';
export { accessRequestEndpoints } from './access-requests/endpoints.ts';
export { apiKeyEndpoints } from './api-keys/endpoints.ts';

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
  'templates/dashboard': dashboardEndpoints,
  'templates/analysis': analysisEndpoints,
  messages: messageEndpoints,
  seat: seatEndpoints,
  callbacks: callbackEndpoints,
  'operation/speech-credentials': speechCredentialEndpoints,
  'operation/scenarios/bench': scenarioBenchEndpoints,
  webcall: webCallEndpoints,
  'webcall/test-call': testCallEndpoints,
  audit: auditEndpoints,
  'access-requests': accessRequestEndpoints,
  'api-keys': apiKeyEndpoints,
};
