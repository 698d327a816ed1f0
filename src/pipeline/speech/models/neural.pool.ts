/**
 * Neural voices off the event loop: sentences go to a small pool of worker threads (piscina, the
 * project's one worker-thread mechanism: face.pool.ts, extract-pool.ts) that keep their models
 * loaded; the caller posts text and awaits samples. Threads start on the first sentence and end
 * after a minute idle. Only models that passed the load probe (model-probe.ts) come here.
 */
import { Piscina } from 'piscina';
import { workerEntry } from '../../../lib/worker-entry.ts';

const WORKER = new URL('./neural.worker.mjs', import.meta.url);

export interface NeuralTask {
  engineConfig: Record<string, unknown>;
  text: string;
  sid: number;
  /** sherpa-onnx's speed: the model's length scale is 1 / speed. */
  speed: number;
}

export interface NeuralAudio {
  samples: Float32Array;
  sampleRate: number;
}

export class NeuralPool {
  private pool: Piscina<NeuralTask, NeuralAudio> | null = null;

  constructor(
    /** Worker threads (VOICE_MODEL_THREADS); each runs onnxruntime on one core. */
    readonly threads = 1,
    /** Time one sentence may take, queueing included. */
    private readonly timeoutMs = 120_000,
  ) {}

  async speak(task: NeuralTask): Promise<NeuralAudio> {
    const entry = await workerEntry(WORKER);
    this.pool ??= new Piscina({ ...entry, minThreads: 0, maxThreads: this.threads, idleTimeout: 60_000, resourceLimits: { maxOldGenerationSizeMb: 1024 } });
    return this.pool.run(task, { signal: AbortSignal.timeout(this.timeoutMs) });
  }

  /** Sentences spoken by the pool's threads so far. */
  get completed(): number {
    return this.pool?.completed ?? 0;
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = null;
  }
}

let shared: NeuralPool | null = null;

/** The process's pool (sized by configureNeuralPool, else one thread). */
export function sharedNeuralPool(): NeuralPool {
  shared ??= new NeuralPool();
  return shared;
}

/** Sets the process pool's size (buildServices); an idle pool of another size is replaced. */
export function configureNeuralPool(threads: number): NeuralPool {
  if (shared?.threads !== threads) {
    void shared?.close();
    shared = new NeuralPool(threads);
  }
  return shared;
}
