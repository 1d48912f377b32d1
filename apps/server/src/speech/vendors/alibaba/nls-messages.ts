import { randomUUID } from 'node:crypto';
import { VendorError } from '../shared/vendor-error.ts';

/**
 * Alibaba Cloud Intelligent Speech Interaction (NLS) gateway messages: JSON commands with a `header`
 * (message_id, task_id — 32 hex characters —, namespace, name, appkey) and a `payload`; the gateway
 * answers events of the same shape (`header.status` 20000000 = OK) and, for synthesis, binary audio.
 * Docs: https://www.alibabacloud.com/help/en/isi/developer-reference/websocket-protocol-description
 */
export function nlsId(): string {
  return randomUUID().replaceAll('-', '');
}

export function nlsCommand(namespace: string, name: string, taskId: string, appkey: string, payload?: object): string {
  return JSON.stringify({ header: { message_id: nlsId(), task_id: taskId, namespace, name, appkey }, ...(payload ? { payload } : {}) });
}

export interface NlsEvent {
  header: { name: string; status?: number; status_text?: string; task_id?: string };
  payload?: Record<string, unknown>;
}

/** Statuses the gateway uses for refused credentials: bad or expired token, unknown AppKey. */
const AUTH_STATUSES = new Set([40000001, 40020105, 40020106]);

export function nlsFailure(provider: string, event: NlsEvent): VendorError {
  const status = event.header.status ?? 0;
  const auth = AUTH_STATUSES.has(status) || /token|appkey|access.?denied/i.test(event.header.status_text ?? '');
  // The gateway quotes the refused token ("The token 'abc…' is invalid!"): keep it out of errors and logs.
  const text = (event.header.status_text ?? '').replace(/token\s+'[^']*'/gi, "token '…'");
  // The recognition model, and so its sample rate, is the AppKey's project setting in the NLS console.
  const hint = /SAMPLE_RATE/i.test(text) ? " (the AppKey's project must use an 8 kHz telephone model)" : '';
  return new VendorError(auth ? 'auth' : 'vendor', provider, `${status} ${text}${hint}`.trim(), status);
}

export function parseNlsEvent(text: string): NlsEvent {
  return JSON.parse(text) as NlsEvent;
}
