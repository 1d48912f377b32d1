import type {
  CallCustomer,
  CallDisposition,
  CallDispositionInput,
  CallRecordDetail,
  CallRecordFilterInput,
  CallRecordOptions,
  CallRecordPage,
  CallRecordQueryInput,
  RevealedNumber,
} from '@dialwise/contracts';
import { CALL_RECORDS_EXPORT_PATH, callRecordingPath, exportQueryString } from '@dialwise/contracts';
import { post } from '../../api/client.ts';

export const callRecordKeys = {
  all: ['call-records'] as const,
  list: (query: CallRecordQueryInput) => ['call-records', 'list', query] as const,
  options: (projectId: string | undefined) => ['call-records', 'options', projectId ?? ''] as const,
  one: (id: string) => ['call-records', 'one', id] as const,
  customer: (id: string) => ['call-records', 'customer', id] as const,
};

export const listCallRecords = async (query: CallRecordQueryInput) => (await post<CallRecordPage>('/api/call-records/list', query)).data;
export const callRecordOptions = async (projectId: string | undefined) =>
  (await post<CallRecordOptions>('/api/call-records/options', { projectId })).data;
export const getCallRecord = async (id: string) => (await post<CallRecordDetail>('/api/call-records/get', { id })).data;
export const getCallCustomer = async (id: string) => (await post<CallCustomer>('/api/call-records/customer', { id })).data;
export const revealNumber = async (id: string) => (await post<RevealedNumber>('/api/call-records/reveal', { id })).data;

/** The audio element loads this itself; the browser sends the Authorization cookie. */
export const recordingUrl = (id: string) => callRecordingPath(id);

/** A download link: the server streams the CSV to the browser's download manager (nothing held in memory here). */
export const exportUrl = (filter: CallRecordFilterInput, locale: string) =>
  `${CALL_RECORDS_EXPORT_PATH}?${exportQueryString({ ...filter, locale })}`;

/**
 * Files the issue type and resolution status of a call a seat took (the agent who took it, or an ADMIN): the
 * seat's form after a call and the call-record drawer's, later.
 */
export const fileCall = async (input: CallDispositionInput) => (await post<CallDisposition>('/api/call-records/disposition', input)).data;
