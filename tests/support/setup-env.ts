import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

// Each test file gets its own DATA_DIR (uploads, generated secret) before any module reads it.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'))
process.env.DATA_DIR = dir
process.env.SESSION_SECRET ??= 'test-secret-test-secret-test-secret-0123456789'
delete process.env.DATABASE_URL
