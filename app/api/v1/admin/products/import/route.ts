import { apiRoute } from '@/lib/api/api-route'
import { readStreamedForm } from '@/lib/api/body'
import { json } from '@/lib/api/errors'
import { AppError } from '@/lib/errors'
import { withAdmin } from '@/lib/api/handler'
import { countWrite } from '@/lib/api/write-limits'
import { checkProductsCsv, finishImport, oneImportAtATime } from '@/lib/products/import-products'

// POST /api/v1/admin/products/import: a CSV in the export's columns as the form's `file`, and
// `dryRun` (true or false). Answers { success, dryRun, created, updated, refused: [{ line,
// reason }] }: 200 for a dry run and for an applied import, 422 when a row was refused (nothing
// is written then). Imports, dry runs included, are rate-limited per admin and per address.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/admin/products/import', {
  POST: withAdmin(async (request, _ctx, actor, session) => {
    // Counted before the file is read: reading and checking it is the cost.
    await countWrite('productImports', { request, actor, session })
    return oneImportAtATime(async () => {
      const { fields, result: plan } = await readStreamedForm(request, {
        field: 'file',
        consume: (file) => checkProductsCsv({ actor, source: file }),
      })
      const dryRun = fields.dryRun
      if (dryRun !== 'true' && dryRun !== 'false') {
        throw new AppError('INVALID', 'dryRun must be true or false')
      }
      if (!plan) throw new AppError('INVALID', 'file: choose a CSV file to import')
      const result = await finishImport({ actor, plan, dryRun: dryRun === 'true' })
      if (result.success || result.dryRun) return json(result)
      const n = result.refused.length
      return json(
        {
          ...result,
          message: `${n} row${n === 1 ? ' was' : 's were'} refused; nothing was imported`,
        },
        { status: 422 },
      )
    })
  }),
})
