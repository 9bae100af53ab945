import type { Listen } from '@compliance/db/notifications';

/** The channel the jobs table's trigger announces changes on (migration 0016); the payload is the job id alone. */
export const JOB_CHANGED_CHANNEL = 'job_changed';

/**
 * Wakes whoever waits on a job when its row changes, in any process: the server's REST wait and the
 * progress subscription alike, whether the in-process queue or a BullMQ worker ran the job. One LISTEN
 * per process, opened on the first wait; a notification carries only a job id and wakes only the
 * waiters of that id, who then re-read the job through their own scope. If listening fails (database
 * down), waiters still see the job through their timed re-check, and the next wait tries again.
 */
export class JobChanges {
  private readonly waiters = new Map<string, Set<() => void>>();
  private listening: Promise<boolean> | undefined;

  constructor(private readonly listen: Listen) {}

  /** Calls wake each time the job changes (or when changes may have been missed); answers the unsubscribe. */
  async subscribe(jobId: string, wake: () => void): Promise<() => void> {
    let set = this.waiters.get(jobId);
    if (!set) this.waiters.set(jobId, (set = new Set()));
    set.add(wake);
    const unsubscribe = () => {
      set.delete(wake);
      if (set.size === 0 && this.waiters.get(jobId) === set) this.waiters.delete(jobId);
    };
    await this.ensureListening();
    return unsubscribe;
  }

  /** Waiters currently registered (every wait removes its own when it ends). */
  get waiterCount(): number {
    let count = 0;
    for (const set of this.waiters.values()) count += set.size;
    return count;
  }

  private ensureListening(): Promise<boolean> {
    this.listening ??= this.listen(JOB_CHANGED_CHANNEL, {
      message: (jobId) => {
        for (const wake of this.waiters.get(jobId) ?? []) wake();
      },
      resumed: () => {
        for (const set of this.waiters.values()) for (const wake of set) wake();
      },
    }).then(
      () => true,
      () => {
        this.listening = undefined;
        return false;
      },
    );
    return this.listening;
  }
}
