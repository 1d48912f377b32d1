import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/helper.ts';
import { QuietCall, transferRequest, useSeatWorld } from '../../test/seat-fixtures.ts';
import type { CallHandle } from '../telephony/index.ts';
import type { TransferResult } from '../conversation/seat-dispatcher.ts';

const seat = { heartbeatIntervalMs: 200, heartbeatTimeoutMs: 3000, offerSeconds: 1.5, mediaSeconds: 1 };
const server = useTestServer({ seat });
const seats = useSeatWorld(server);

describe('one seat, two transfers at once', () => {
  it('exactly one transfer rings the seat; the other finds no seat', async () => {
    const client = await seats.signedInOn(server.app, seats.world.tokens.op1);
    const requests = [
      await transferRequest(server, seats.world, new QuietCall() as unknown as CallHandle),
      await transferRequest(server, seats.world, new QuietCall() as unknown as CallHandle),
    ];
    const results: Promise<TransferResult>[] = requests.map((request) => server.app.seats.transfer(request));
    const offer = await client.next('offer');
    const loser = requests.find((r) => r.callId !== offer.callId)!;
    expect(await results[requests.indexOf(loser)]).toEqual({ ok: false, reason: 'no-seat' });
    expect(await client.gets('offer', 300)).toBe(false);
    client.send({ type: 'reject', offerId: offer.offerId });
    expect(await results[requests.indexOf(loser) === 0 ? 1 : 0]).toEqual({ ok: false, reason: 'not-accepted' });
    expect(await seats.offersOf(loser.callId)).toEqual([]);
  });
});
