import { openSse, type SseStream } from '../../test/sse-client';

/**
 * A watcher of an auction room as a browser's EventSource is one: it reads the room's stream, and
 * when the stream breaks (its server stopped) it connects again, to whichever server answers, with
 * Last-Event-ID set to the last bid it saw. It keeps the seq of every bid it was sent, in order.
 */
export class RoomWatcher {
  readonly seqs: number[] = [];
  reconnects = 0;
  private running = true;
  private stream: SseStream | null = null;
  private done: Promise<void>;

  constructor(
    private readonly spaceId: string,
    /** Where to connect first, then where to connect again (the servers still up). */
    first: string,
    private readonly nodes: () => string[],
  ) {
    this.done = this.run(first);
  }

  private async run(first: string): Promise<void> {
    let url = first;
    let turn = 0;
    while (this.running) {
      const lastId = this.seqs.length > 0 ? String(this.seqs.at(-1)) : '0';
      try {
        this.stream = await openSse(`${url}/auction/ws/auctionSpaceInfo/stream?spaceId=${this.spaceId}`, { 'last-event-id': lastId });
      } catch {
        this.stream = null;
      }
      if (this.stream?.status === 200) {
        let seen = 0;
        const take = () => {
          for (const e of this.stream!.events.slice(seen)) if (e.event === 'bid') this.seqs.push(Number(e.id));
          seen = this.stream!.events.length;
        };
        const timer = setInterval(take, 20);
        await this.stream.ended;
        clearInterval(timer);
        take();
      } else {
        this.stream?.close();
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      if (!this.running) break;
      this.reconnects++;
      const alive = this.nodes();
      url = alive[turn++ % alive.length]!;
    }
  }

  /** The highest seq seen so far. */
  last(): number {
    return this.seqs.at(-1) ?? 0;
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stream?.close();
    await this.done;
  }
}
