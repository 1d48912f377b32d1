/**
 * Local UDP ports for RTP, taken from a configurable range (firewalls open a range for media). Even
 * ports only: RTP uses the even port and RTCP, by convention, the odd one above it (we send no RTCP, so
 * the odd port is left free for a future RTCP socket). A port taken by another process is skipped.
 */
import { createSocket, type Socket } from 'node:dgram';
import { isIPv6 } from 'node:net';

export interface RtpPortRange {
  min: number;
  max: number;
}

export const DEFAULT_RTP_PORTS: RtpPortRange = { min: 20000, max: 39998 };

export class RtpPortPool {
  private readonly first: number;
  private readonly count: number;
  private cursor = 0;
  private readonly taken = new Set<number>();

  constructor(
    range: RtpPortRange,
    private readonly bindAddress: string,
  ) {
    this.first = range.min % 2 === 0 ? range.min : range.min + 1;
    this.count = Math.max(0, Math.floor((range.max - this.first) / 2) + 1);
    if (this.count === 0) throw new Error(`empty RTP port range ${range.min}-${range.max}`);
  }

  get inUse(): number {
    return this.taken.size;
  }

  /** Binds a socket on the next free even port; throws when the whole range is busy. */
  async open(): Promise<{ socket: Socket; port: number }> {
    for (let tried = 0; tried < this.count; tried++) {
      const port = this.first + 2 * ((this.cursor + tried) % this.count);
      if (this.taken.has(port)) continue;
      this.taken.add(port);
      const socket = await bind(port, this.bindAddress);
      if (socket) {
        this.cursor = (this.cursor + tried + 1) % this.count;
        return { socket, port };
      }
      this.taken.delete(port);
    }
    throw new Error('no free RTP port in the range');
  }

  release(port: number): void {
    this.taken.delete(port);
  }
}

function bind(port: number, address: string): Promise<Socket | null> {
  return new Promise((resolve) => {
    const socket = createSocket({ type: isIPv6(address) ? 'udp6' : 'udp4' });
    const onError = () => {
      socket.close();
      resolve(null);
    };
    socket.once('error', onError);
    socket.bind({ port, address, exclusive: true }, () => {
      socket.off('error', onError);
      resolve(socket);
    });
  });
}
