/**
 * Ids in the documented examples (OpenAPI). Catalog ids in examples are real; these stand for
 * records a client makes first (test/openapi.test.ts swaps them for ones it made).
 */
export const EXAMPLE_IDS = {
  product: '58c37506b8e0bfdbe05f323598354074',
  project: '8410884b93d2aeccccdd380644de0ff9',
  endpoint: '8cf27c0b9ce573fcf36fe7cc1106884b',
  delivery: '019ab3f0c2d9e8a1b2c3d4e5f6a7b8c9',
  event: '019ab3f0c2d1a4e5f60718293a4b5c6d',
} as const;

/** Unix seconds in the examples. */
export const EXAMPLE_TIME = 1795618906;
