/**
 * Requests the far end sends inside our dialog: BYE ends the call, a re-INVITE or UPDATE moves its media,
 * OPTIONS/INFO/NOTIFY are acknowledged, anything else gets 501. Requests for another dialog get 481.
 */
import { ALLOW } from './sip-call-context.ts';
import { tagOf } from './sip-address.ts';
import type { Peer, SipEndpoint } from './sip-endpoint.ts';
import type { SipMessage, SipRequest } from './sip-message.ts';

export interface DialogView {
  endpoint: SipEndpoint;
  /** Our From tag: the far end's requests carry it as their To tag. */
  fromTag: string;
  /** Whether the call is answered and not yet over (confirmed), over (terminated), or not yet answered. */
  state: 'confirmed' | 'terminated' | 'early';
  contact(): string;
  /** Answers a new SDP offer with ours: null when nothing in it is acceptable. */
  reoffer(body: string): string | null;
  /** The far end hung up. */
  onBye(): void;
}

export function answerFarEndRequest(dialog: DialogView, request: SipRequest, from: Peer): void {
  const { endpoint } = dialog;
  if (request.method === 'ACK') return;
  if (tagOf(request.headers.get('to')) !== dialog.fromTag) {
    endpoint.respond(request, 481, 'Call/Transaction Does Not Exist', from);
    return;
  }
  switch (request.method) {
    case 'BYE':
      endpoint.respond(request, 200, 'OK', from);
      if (dialog.state === 'confirmed') dialog.onBye();
      return;
    case 'INVITE':
    case 'UPDATE':
      answerOffer(dialog, request, from);
      return;
    case 'OPTIONS':
    case 'INFO':
    case 'NOTIFY':
    case 'CANCEL':
      endpoint.respond(request, 200, 'OK', from);
      return;
    default:
      endpoint.respond(request, 501, 'Not Implemented', from, { headers: [['Allow', ALLOW]] });
  }
}

/**
 * A re-INVITE or UPDATE (session refresh, hold, a media change by the carrier): follow the new remote
 * address if the offer carries one, answer with our unchanged stream. The 200 is not resent until the
 * ACK arrives; a lost one costs the carrier a retransmission, not the call.
 */
function answerOffer(dialog: DialogView, request: SipRequest, from: Peer): void {
  const { endpoint } = dialog;
  if (dialog.state !== 'confirmed') {
    const over = dialog.state === 'terminated';
    endpoint.respond(request, over ? 481 : 491, over ? 'Call/Transaction Does Not Exist' : 'Request Pending', from);
    return;
  }
  const body = hasSdp(request) ? dialog.reoffer(request.body) : '';
  if (body === null) {
    endpoint.respond(request, 488, 'Not Acceptable Here', from);
    return;
  }
  const headers: Array<[string, string]> = [['Contact', dialog.contact()]];
  if (body) headers.push(['Content-Type', 'application/sdp']);
  endpoint.respond(request, 200, 'OK', from, { headers, body });
}

export function hasSdp(message: SipMessage): boolean {
  const type = (message.headers.get('content-type') ?? 'application/sdp').toLowerCase();
  return message.body.trim() !== '' && type.startsWith('application/sdp');
}
