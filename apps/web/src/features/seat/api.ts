import type { CallDispositionInput } from '@dialwise/contracts';
import { seatEndpoints } from '@dialwise/contracts';
import { api } from '../../api/client.ts';

export const seatKeys = {
  info: (callId: string) => ['seat', 'call', callId] as const,
};

/** The call the seat was offered or took: the call, its customer and history, its task. */
export const getSeatCallInfo = async (callId: string) => api(seatEndpoints.callInfo, { callId });
/** Files the issue type and resolution status on the call record. */
export const saveCallDisposition = async (input: CallDispositionInput) => api(seatEndpoints.disposition, input);
