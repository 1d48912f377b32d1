import type { Endpoint } from '../endpoint.ts';
import { accountEndpoints } from './accounts.ts';
import { authEndpoints } from './auth.ts';
import { sipLineEndpoints } from './sip-lines.ts';
import { projectEndpoints } from './projects.ts';
import { taskEndpoints } from './tasks.ts';
import { subtaskEndpoints } from './subtasks.ts';
import { callRecordEndpoints } from './call-records.ts';
import { boardEndpoints } from './boards.ts';

export {
  accountEndpoints,
  authEndpoints,
  sipLineEndpoints,
  projectEndpoints,
  taskEndpoints,
  subtaskEndpoints,
  callRecordEndpoints,
  boardEndpoints,
};

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
};
