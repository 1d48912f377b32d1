import type { CallDispositionInput, CallRecordFilterInput, CallRecordQueryInput } from '@dialwise/contracts';
import { callRecordEndpoints, endpointPath, exportQueryString } from '@dialwise/contracts';
import { api } from '../../api/client.ts';

export const callRecordKeys = {
  all: ['call-records'] as const,
  list: (query: CallRecordQueryInput) => ['call-records', 'list', query] as const,
  options: (projectId: string | undefined) => ['call-records', 'options', projectId ?? ''] as const,
  one: (id: string) => ['call-records', 'one', id] as const,
  customer: (id: string) => ['call-records', 'customer', id] as const,
};

export const listCallRecords = async (query: CallRecordQueryInput) => api(callRecordEndpoints.list, query);
export const callRecordOptions = async (projectId: string | undefined) => api(callRecordEndpoints.options, { projectId });
export const getCallRecord = async (id: string) => api(callRecordEndpoints.get, { id });
export const getCallCustomer = async (id: string) => api(callRecordEndpoints.customer, { id });
export const revealNumber = async (id: string) => api(callRecordEndpoints.reveal, { id });

/** The audio element loads this itself; the browser sends the Authorization cookie. */
export const recordingUrl = (id: string) => endpointPath(callRecordEndpoints.recording, { id });

/** A download link: the server streams the CSV to the browser's download manager (nothing held in memory here). */
export const exportUrl = (filter: CallRecordFilterInput, locale: string) =>
  `${callRecordEndpoints.export.path}?${exportQueryString({ ...filter, locale })}`;

/**
 * Files the issue type and resolution status of a call a seat took (the agent who took it, or an ADMIN): the
 * seat's form after a call and the call-record drawer's, later.
 */
export const fileCall = async (input: CallDispositionInput) => api(callRecordEndpoints.disposition, input);
