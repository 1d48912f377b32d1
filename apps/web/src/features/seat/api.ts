import type { SeatCallInfo, SeatUnfiledCalls } from '@dialwise/contracts';
import { post } from '../../api/client.ts';

export const seatKeys = {
  info: (callId: string) => ['seat', 'call', callId] as const,
  unfiled: ['seat', 'unfiled'] as const,
};

/** The call the seat was offered or took: the call, its customer and history, its task. */
export const getSeatCallInfo = async (callId: string) => (await post<SeatCallInfo>('/api/seat/call-info', { callId })).data;
/** The calls this agent took and has not filed yet (filed through the call records' endpoint). */
export const listUnfiledCalls = async () => (await post<SeatUnfiledCalls>('/api/seat/unfiled', {})).data;
