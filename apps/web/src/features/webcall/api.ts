import {
  type TestCallEvents,
  type TestCallStart,
  type TestCallStarted,
  type WebCallConfig,
  testCallEndpoints,
  webCallEndpoints,
} from '@dialwise/contracts';
import { api } from '../../api/client.ts';

export async function getWebCallConfig(): Promise<WebCallConfig> {
  return api(webCallEndpoints.config);
}

export async function startTestCall(input: TestCallStart): Promise<TestCallStarted> {
  return api(testCallEndpoints.start, input);
}
export async function hangUpTestCall(callId: string): Promise<void> {
  await api(testCallEndpoints.hangup, { callId });
}
/** The call's events after the first `after` the page has. */
export async function testCallEvents(callId: string, after: number): Promise<TestCallEvents> {
  return api(testCallEndpoints.events, { callId, after });
}
