import { seatEndpoints } from '@dialwise/contracts';
import { api } from '../../api/client.ts';

export const seatKeys = {
  info: (callId: string) => ['seat', 'call', callId] as const,
  unfiled: ['seat', 'unfiled'] as const,
};

/** The call the seat was offered or took: the call, its customer and history, its task. */
export const getSeatCallInfo = async (callId: string) => api(seatEndpoints.callInfo, { callId });
/** The calls this agent took and has not filed yet (filed through the call records' endpoint). */
export const listUnfiledCalls = async () => api(seatEndpoints.unfiled);
