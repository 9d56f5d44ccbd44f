'use client'
import { useRouter } from 'next/navigation'
import { useId, useState } from 'react'
import { createPortal } from 'react-dom'
import { toast } from '@/components/layout/toast'
import { Dialog } from '@/components/ui/dialog'

// The products list's CSV import (docs/product.md "Products"): a file is chosen, sent as a dry
// run first (what would be created, updated, refused, each refused row with its line), then
// applied. Sent with XMLHttpRequest for its upload progress: the server checks the rows as they
// arrive, so the bar is the check's progress too; then "Applying…" while the one transaction runs.

const URL_PATH = '/api/v1/admin/products/import'
const FALLBACK = 'The import failed. Please try again.'
/** Refused rows shown; the rest are counted. */
const SHOWN = 200

type Refusal = { line: number; reason: string }
type Report = { created: number; updated: number; refused: Refusal[] }
type Answer = { status: number; body: Partial<Report> & { message?: string; success?: boolean } }
type Stage =
  | { kind: 'idle' }
  | { kind: 'sending'; dryRun: boolean; percent: number; uploaded: boolean }
  | { kind: 'checked'; file: File; report: Report }

function send(file: File, dryRun: boolean, onProgress: (percent: number) => void) {
  return new Promise<Answer>((resolve) => {
    const request = new XMLHttpRequest()
    request.open('POST', URL_PATH)
    request.setRequestHeader('Accept', 'application/json')
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100))
    }
    request.upload.onload = () => onProgress(100)
    request.onload = () => {
      let body: Answer['body'] = {}
      try {
        body = JSON.parse(request.responseText) as Answer['body']
      } catch {
        // not JSON: the fallback message below
      }
      resolve({ status: request.status, body })
    }
    request.onerror = () => resolve({ status: 0, body: {} })
    const form = new FormData()
    form.set('dryRun', String(dryRun))
    form.set('file', file)
    request.send(form)
  })
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}`

const BUTTON =
  'inline-flex h-10 items-center justify-center rounded-md px-4 text-sm font-semibold disabled:opacity-60'

export function ProductImport() {
  const router = useRouter()
  const id = useId()
  const [open, setOpen] = useState(false)
  const [mounted, setMounted] = useState(false)
  const [stage, setStage] = useState<Stage>({ kind: 'idle' })
  const busy = stage.kind === 'sending'

  async function run(file: File, dryRun: boolean) {
    setStage({ kind: 'sending', dryRun, percent: 0, uploaded: false })
    const { status, body } = await send(file, dryRun, (percent) =>
      setStage({ kind: 'sending', dryRun, percent, uploaded: percent >= 100 }),
    )
    const report: Report = {
      created: body.created ?? 0,
      updated: body.updated ?? 0,
      refused: body.refused ?? [],
    }
    if (dryRun && status === 200) {
      setStage({ kind: 'checked', file, report })
      return
    }
    if (!dryRun && status === 200 && body.success) {
      toast.success(
        `Imported: ${plural(report.created, 'created')}, ${plural(report.updated, 'updated')}`,
      )
      setStage({ kind: 'idle' })
      setOpen(false)
      router.refresh()
      return
    }
    toast.error(typeof body.message === 'string' && body.message ? body.message : FALLBACK)
    // A refusal found at apply time (the file changed in between): show it as a dry run would.
    setStage(status === 422 ? { kind: 'checked', file, report } : { kind: 'idle' })
  }

  function choose(input: HTMLInputElement) {
    const file = input.files?.[0]
    // The same file may be chosen again once it is fixed.
    input.value = ''
    if (file) void run(file, true)
  }

  const checked = stage.kind === 'checked' ? stage.report : undefined

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          setMounted(true)
          setOpen(true)
        }}
        className={`${BUTTON} border border-slate-300 bg-white px-3 text-ink hover:border-brand-600 hover:text-brand-700`}
      >
        Import CSV
      </button>
      {mounted &&
        createPortal(
          <Dialog
            open={open}
            onClose={() => {
              if (!busy) setOpen(false)
            }}
            title="Import products"
          >
            <div className="space-y-4 p-5 text-left text-sm">
              <p className="text-ink-soft">
                A CSV in the columns of Export CSV: a row with an id changes that product, a row
                without one adds a product. Images are URLs of this shop&apos;s pictures, or empty.
                Nothing changes until you apply.
              </p>
              <div>
                <label htmlFor={`${id}-file`} className="block font-semibold text-ink">
                  CSV file
                </label>
                <input
                  id={`${id}-file`}
                  type="file"
                  accept=".csv,text/csv"
                  disabled={busy}
                  onChange={(event) => choose(event.currentTarget)}
                  className="mt-1 block w-full text-sm"
                />
              </div>

              {stage.kind === 'sending' && (
                <div role="status" className="space-y-1">
                  <p className="font-medium text-ink">
                    {stage.uploaded && !stage.dryRun
                      ? 'Applying…'
                      : `${stage.dryRun ? 'Checking' : 'Uploading'}… ${stage.percent} %`}
                  </p>
                  <progress
                    aria-label={stage.dryRun ? 'Checking the file' : 'Importing'}
                    className="h-2 w-full"
                    max={100}
                    // Indeterminate while the transaction runs.
                    value={stage.uploaded && !stage.dryRun ? undefined : stage.percent}
                  />
                </div>
              )}

              {checked && (
                <div className="space-y-3">
                  <p role="status" className="font-medium text-ink">
                    Dry run: {plural(checked.created, 'to create')},{' '}
                    {plural(checked.updated, 'to update')},{' '}
                    {plural(checked.refused.length, 'refused')}.
                  </p>
                  {checked.refused.length > 0 && (
                    <>
                      <p className="text-red-800">
                        Nothing can be imported while a row is refused: fix these rows and choose
                        the file again.
                      </p>
                      <div className="max-h-64 overflow-y-auto rounded-md border border-slate-200">
                        <table className="w-full text-left">
                          <caption className="sr-only">Refused rows</caption>
                          <thead className="bg-slate-50">
                            <tr>
                              <th scope="col" className="px-3 py-2">
                                Line
                              </th>
                              <th scope="col" className="px-3 py-2">
                                Reason
                              </th>
                            </tr>
                          </thead>
                          <tbody>
                            {checked.refused.slice(0, SHOWN).map((r) => (
                              <tr key={r.line} className="border-t border-slate-200">
                                <td className="px-3 py-1.5 align-top">{r.line}</td>
                                <td className="px-3 py-1.5 break-words">{r.reason}</td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      </div>
                      {checked.refused.length > SHOWN && (
                        <p className="text-ink-soft">
                          And {plural(checked.refused.length - SHOWN, 'more refused rows')}.
                        </p>
                      )}
                    </>
                  )}
                </div>
              )}

              <div className="flex flex-wrap justify-end gap-2">
                <button
                  type="button"
                  onClick={() => setOpen(false)}
                  disabled={busy}
                  className={`${BUTTON} border border-slate-300 text-ink hover:bg-slate-50`}
                >
                  Close
                </button>
                <button
                  type="button"
                  disabled={
                    busy ||
                    !checked ||
                    checked.refused.length > 0 ||
                    checked.created + checked.updated === 0
                  }
                  aria-busy={busy && stage.kind === 'sending' && !stage.dryRun}
                  onClick={() => {
                    if (stage.kind === 'checked') void run(stage.file, false)
                  }}
                  className={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700`}
                >
                  {busy && stage.kind === 'sending' && !stage.dryRun ? 'Applying…' : 'Apply import'}
                </button>
              </div>
            </div>
          </Dialog>,
          document.body,
        )}
    </>
  )
}
