/**
 * A sleep that ends early when signalled: how the job runner and the webhook dispatcher wait for
 * work without polling. A signal that arrives while nobody waits is kept for the next wait, so a
 * commit that lands between "nothing to do" and "go to sleep" is never missed.
 */
export class Wakeup {
  #pending = false;
  #resolve: (() => void) | null = null;
  #timer: NodeJS.Timeout | null = null;

  signal(): void {
    if (this.#resolve) this.#finish();
    else this.#pending = true;
  }

  /** Resolves on signal() or after ms (Infinity: only on signal). */
  wait(ms: number): Promise<void> {
    if (this.#pending) {
      this.#pending = false;
      return Promise.resolve();
    }
    if (this.#resolve) throw new Error('Wakeup.wait is single-waiter');
    return new Promise((resolve) => {
      this.#resolve = resolve;
      // setTimeout's limit is 2^31-1 ms; callers cap their sleeps well below it anyway.
      if (Number.isFinite(ms)) this.#timer = setTimeout(() => this.#finish(), Math.max(0, Math.min(ms, 2 ** 31 - 1)));
    });
  }

  #finish(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const resolve = this.#resolve;
    this.#resolve = null;
    resolve?.();
  }
}

type Listener = () => void;
/** `attempts`: the job's claims so far, which names its next BullMQ message. */
type JobListener = (jobId: string, attempts: number, delayMs: number) => void;

/**
 * In-process notifications after commits: "a job was enqueued", "deliveries were committed".
 * Cross-process wake-ups go through BullMQ (jobs) or the sleepers' upper bound (deliveries).
 */
export class Signals {
  readonly #jobs = new Set<JobListener>();
  readonly #deliveries = new Set<Listener>();

  onJob(listener: JobListener): () => void {
    this.#jobs.add(listener);
    return () => this.#jobs.delete(listener);
  }

  onDeliveries(listener: Listener): () => void {
    this.#deliveries.add(listener);
    return () => this.#deliveries.delete(listener);
  }

  /** A job row was committed: new (attempts 0) or rescheduled to run after delayMs. */
  jobEnqueued(jobId: string, attempts: number, delayMs = 0): void {
    for (const l of this.#jobs) l(jobId, attempts, delayMs);
  }

  deliveriesCommitted(): void {
    for (const l of this.#deliveries) l();
  }
}
