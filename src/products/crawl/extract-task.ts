/**
 * One page's extraction as the worker thread runs it (extract.worker.ts → extract-pool.ts):
 * charset decoding, the budget pre-scan, then the parse and the extraction rules.
 */
import type { MessagePort } from 'node:worker_threads';
import { decodeHtml } from '../../net/charset.ts';
import { extractProduct, type PageVerdict } from './extract.ts';
import { pageOverBudget, type ParseBudget } from './page-budget.ts';

export interface ExtractTask {
  body: Uint8Array;
  contentType: string | undefined;
  url: string;
  budget: ParseBudget;
  /** Told when the task starts running, so its time budget does not count the wait in the queue. */
  started?: MessagePort;
}

export type ExtractResult = PageVerdict | { kind: 'over_budget'; reason: string };

export function extractTask(task: ExtractTask): ExtractResult {
  task.started?.postMessage('started');
  task.started?.close();
  const body = Buffer.from(task.body.buffer, task.body.byteOffset, task.body.byteLength);
  const { text } = decodeHtml(body, task.contentType);
  const over = pageOverBudget(text, task.budget);
  if (over) return { kind: 'over_budget', reason: over };
  return extractProduct(text, task.url);
}
