import 'server-only'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { StorageUnavailableError, type ObjectStore } from './store'

// Images as files in one folder (DATA_DIR/uploads), the default. Names are checked by the
// caller (lib/storage/images.ts) against a pattern without slashes or dots before they get here.

const missing = (error: unknown) =>
  error instanceof Error && 'code' in error && ['ENOENT', 'ENOTDIR'].includes(String(error.code))

export function createFileStore(dir: string): ObjectStore {
  return {
    async put(name, bytes) {
      await fs.mkdir(dir, { recursive: true })
      const file = path.join(dir, name)
      // Write to a temporary name and rename, so a reader never sees half a file.
      const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
      await fs.writeFile(tmp, bytes)
      await fs.rename(tmp, file)
    },
    async get(name) {
      try {
        return await fs.readFile(path.join(dir, name))
      } catch (error) {
        if (missing(error)) return undefined
        throw new StorageUnavailableError(error)
      }
    },
    async remove(name) {
      await fs.rm(path.join(dir, name), { force: true })
    },
  }
}
