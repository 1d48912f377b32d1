import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Page = LazyExoticComponent<ComponentType>;

const Placeholder = lazy(() => import('./Placeholder.tsx'));
const exception = (status: '403' | '404' | '500') =>
  lazy(() => import('../exception/ExceptionPage.tsx').then((m) => ({ default: () => <m.default status={status} /> })));

const result = (status: 'success' | 'error') =>
  lazy(() => import('../templates/ResultPage.tsx').then((m) => ({ default: () => <m.default status={status} /> })));

/** Route name → its page (a lazy chunk each). Routes without a page yet show the honest placeholder. */
const PAGES: Record<string, Page> = {
  workplace: lazy(() => import('../dashboard/Workplace.tsx')),
  monitor: lazy(() => import('../dashboard/Monitor.tsx')),
  searchTable: lazy(() => import('../templates/SearchTablePage.tsx')),
  card: lazy(() => import('../templates/CardListPage.tsx')),
  step: lazy(() => import('../templates/StepFormPage.tsx')),
  group: lazy(() => import('../templates/GroupFormPage.tsx')),
  basic: lazy(() => import('../templates/BasicProfilePage.tsx')),
  dataAnalysis: lazy(() => import('../templates/DataAnalysisPage.tsx')),
  multiDimensionDataAnalysis: lazy(() => import('../templates/MultiDimensionPage.tsx')),
  success: result('success'),
  error: result('error'),
  userCenter: lazy(() => import('../templates/UserCenterPage.tsx')),
  projectListAdmin: lazy(() => import('../projects/ProjectListPage.tsx')),
  taskList: lazy(() => import('../tasks/TaskListPage.tsx')),
  newTask: lazy(() => import('../tasks/TaskFormPage.tsx')),
  editTask: lazy(() => import('../tasks/TaskFormPage.tsx')),
  projectBoard: lazy(() => import('../boards/ProjectBoardPage.tsx')),
  faqIndex: lazy(() => import('../faq/FaqPage.tsx')),
  companyList: lazy(() => import('../operation/companies/CompanyListPage.tsx')),
  voiceList: lazy(() => import('../operation/voices/VoiceListPage.tsx')),
  tags: lazy(() => import('../operation/tags/TagListPage.tsx')),
  dncList: lazy(() => import('../dnc/DncPage.tsx')),
  accessRequests: lazy(() => import('../access-requests/AccessRequestsPage.tsx')),
  apiKeys: lazy(() => import('../api-keys/ApiKeysPage.tsx')),
  exception403: exception('403'),
  exception404: exception('404'),
  exception500: exception('500'),
  accountManage: lazy(() => import('../accounts/AccountManagePage.tsx')),
  sipManage: lazy(() => import('../sip-lines/SipManagePage.tsx')),
  selfInfo: lazy(() => import('../profile/SelfInfoPage.tsx')),
  llm: lazy(() => import('../operation/llms/LlmListPage.tsx')),
  processor: lazy(() => import('../operation/processors/ProcessorListPage.tsx')),
  scenario: lazy(() => import('../operation/scenarios/ScenarioListPage.tsx')),
  scenarioAdd: lazy(() => import('../operation/scenarios/ScenarioEditorPage.tsx')),
  scenarioEdit: lazy(() => import('../operation/scenarios/ScenarioEditorPage.tsx')),
  callRecordBoard: lazy(() => import('../call-records/CallRecordsPage.tsx')),
  callRecordBoardOp: lazy(() => import('../call-records/CallRecordsPage.tsx')),
  projectOpIndex: lazy(() => import('../projects/OperatorProjectsPage.tsx')),
  operatorIndex: lazy(() => import('../seat/SeatPage.tsx')),
  callDisplay: lazy(() => import('../seat/SeatPage.tsx')),
};

export function pageFor(name: string): Page {
  return PAGES[name] ?? Placeholder;
}
