import 'server-only'
import { AppError } from '@/lib/errors'

// Where image bytes live: DATA_DIR/uploads (file-store.ts) or, when the S3_ settings are given,
// a bucket of an S3-compatible object store (s3-store.ts), so that several app hosts share
// them. lib/storage/images.ts decides names and rules; a store only keeps bytes under a name.

export interface ObjectStore {
  /** Stores bytes under a name; a reader never sees half of them. */
  put(name: string, bytes: Buffer, contentType: string): Promise<void>
  /** The bytes under a name; undefined when there are none. */
  get(name: string): Promise<Buffer | undefined>
  /** Deletes a name; deleting a missing one is no error. */
  remove(name: string): Promise<void>
}

/** The store could not be reached or refused to work (an outage, wrong keys): try again later. */
export class StorageUnavailableError extends AppError {
  constructor(cause?: unknown) {
    super('UNAVAILABLE', 'Image storage is unavailable, please try again in a moment')
    this.name = 'StorageUnavailableError'
    this.cause = cause
  }
}
