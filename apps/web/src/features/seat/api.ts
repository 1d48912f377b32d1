import type { CallDispositionInput, CallRecordDetail, SeatCallInfo } from '@dialwise/contracts';
import { post } from '../../api/client.ts';

export const seatKeys = {
  info: (callId: string) => ['seat', 'call', callId] as const,
};

/** The call the seat was offered or took: the call, its customer and history, its task. */
export const getSeatCallInfo = async (callId: string) => (await post<SeatCallInfo>('/api/seat/call-info', { callId })).data;
/** Files the issue type and resolution status on the call record. */
export const saveCallDisposition = async (input: CallDispositionInput) =>
  (await post<CallRecordDetail['disposition']>('/api/seat/disposition', input)).data;
