/**
 * The call's CANCEL and BYE (non-INVITE client transactions, RFC 3261 §17.1.2): one in flight per
 * method, resent until answered; a BYE challenged by a proxy is answered once with the line's credentials.
 */
import type { TelephonyLogger } from '../telephony-logger.ts';
import type { DialRequest } from '../trunk.ts';
import { NORMAL_CLEARING, type SipTimers } from './sip-call-context.ts';
import type { SipDialog } from './sip-dialog.ts';
import { answerAsLine, readChallenge } from './sip-digest.ts';
import type { Peer, SipEndpoint } from './sip-endpoint.ts';
import type { SipRequest, SipResponse } from './sip-message.ts';
import { buildRequest, NonInviteClient } from './sip-transaction.ts';

export interface NonInviteDeps {
  request: DialRequest;
  dialog: SipDialog;
  endpoint: SipEndpoint;
  timers: SipTimers;
  logger: TelephonyLogger;
  nextCseq: () => number;
}

export class NonInviteRequests {
  private readonly inFlight = new Map<string, NonInviteClient>();
  private byeAuthTried = false;

  constructor(private readonly deps: NonInviteDeps) {}

  start(message: SipRequest, peer: Promise<Peer>): void {
    this.inFlight.get(message.method)?.finish();
    this.inFlight.set(message.method, new NonInviteClient(message, peer, this.deps.endpoint, this.deps.timers, this.deps.logger));
  }

  /** CANCEL of the INVITE in progress: same Request-URI, Via branch, From, To, Call-ID and CSeq number. */
  cancel(invite: { message: SipRequest; cseq: number }): void {
    const { message } = invite;
    const cancel = buildRequest({
      method: 'CANCEL',
      uri: message.uri,
      via: message.headers.get('via')!,
      from: message.headers.get('from')!,
      to: message.headers.get('to')!,
      callId: message.headers.get('call-id')!,
      cseq: invite.cseq,
      headers: [['User-Agent', this.deps.endpoint.userAgent]],
    });
    this.start(cancel, Promise.resolve(this.deps.dialog.nextHop!));
  }

  /** BYE inside the dialog ("normal call clearing"), with extra headers (credentials) when given. */
  bye(headers: Array<readonly [string, string]> = []): void {
    const { dialog } = this.deps;
    this.start(buildRequest(dialog.inDialog('BYE', this.deps.nextCseq(), [['Reason', NORMAL_CLEARING], ...headers])), dialog.dialogPeer);
  }

  onResponse(response: SipResponse, method: string): void {
    const tx = this.inFlight.get(method);
    if (!tx || tx.done) return;
    if (response.status < 200) {
      tx.onProvisional();
      return;
    }
    tx.finish();
    if ((response.status === 401 || response.status === 407) && method === 'BYE' && !this.byeAuthTried) {
      // Some proxies challenge BYE too: answer once with the line's credentials.
      const carrier = readChallenge(response);
      if (!carrier) return;
      this.byeAuthTried = true;
      this.bye([answerAsLine(carrier, this.deps.request.line, 'BYE', this.deps.dialog.target)]);
    }
  }

  /** Stops every retransmission (the call is being forgotten). */
  finishAll(): void {
    for (const tx of this.inFlight.values()) tx.finish();
  }
}
