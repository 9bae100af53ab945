import pg from 'pg';

/** What a listener on one channel is told: each payload, and that some may have been missed. */
export interface NotificationHandlers {
  message(payload: string): void;
  /** The connection was lost: until resumed, notifications are not heard. */
  lost?(): void;
  /** The connection was lost and is back: notifications sent meanwhile are gone, so re-read. */
  resumed(): void;
}

/** Starts listening on a channel (resolves once LISTEN is in effect); answers the call that stops it. */
export type Listen = (channel: string, handlers: NotificationHandlers) => Promise<() => Promise<void>>;

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertChannel(channel: string) {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid notification channel: ${channel}`);
}

/** Waits before reconnecting: 0.5 s, doubling to at most 10 s. */
const reconnectDelay = (failures: number) => Math.min(10_000, 500 * 2 ** failures);

/**
 * One dedicated connection per process for LISTEN (a pooled connection cannot hold one): opened on
 * the first listen, re-opened with backoff when it is lost (then every channel is listened to again and
 * its handlers are told they may have missed messages), ended by close.
 */
export class PgListener {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private readonly channels = new Map<string, Set<NotificationHandlers>>();
  private failures = 0;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly connectionString: string) {}

  readonly listen: Listen = async (channel, handlers) => {
    assertChannel(channel);
    if (this.closed) throw new Error('The database connection is closed');
    let set = this.channels.get(channel);
    const first = !set;
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(handlers);
    try {
      const client = await this.connection();
      if (first) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      set.delete(handlers);
      if (set.size === 0) this.channels.delete(channel);
      throw error;
    }
    return async () => {
      set.delete(handlers);
      if (set.size > 0 || this.channels.get(channel) !== set) return;
      this.channels.delete(channel);
      await this.client?.query(`UNLISTEN ${channel}`).catch(() => undefined);
    };
  };

  private connection(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.connectionString, connectionTimeoutMillis: 5_000 });
    client.on('notification', (note) => {
      for (const handlers of this.channels.get(note.channel) ?? []) handlers.message(note.payload ?? '');
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    await client.connect();
    if (this.closed) {
      await client.end().catch(() => undefined);
      throw new Error('The database connection is closed');
    }
    for (const channel of this.channels.keys()) await client.query(`LISTEN ${channel}`);
    this.client = client;
    this.failures = 0;
    return client;
  }

  /** The connection broke: drop it and reconnect in the background, then tell every listener. */
  private lost(client: pg.Client) {
    if (this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => undefined);
    if (this.closed) return;
    for (const set of this.channels.values()) for (const handlers of set) handlers.lost?.();
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.retry || this.channels.size === 0) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.connection().then(
        () => {
          for (const set of this.channels.values()) for (const handlers of set) handlers.resumed();
        },
        () => {
          this.failures++;
          if (!this.closed) this.scheduleReconnect();
        },
      );
    }, reconnectDelay(this.failures));
    this.retry.unref();
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retry);
    this.channels.clear();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
