import { LocalBlobStore, type BlobStore } from '../../src/storage/blob-store.ts';

/** The server's store when it is local disk (the default), for tests that look at the files themselves. */
export function localStore(store: BlobStore): LocalBlobStore {
  if (!(store instanceof LocalBlobStore)) throw new Error('this test needs STORAGE=local');
  return store;
}
