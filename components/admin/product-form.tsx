'use client'
import { useRouter } from 'next/navigation'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { avatarProblem, AVATAR_TYPES } from '@/components/forms/avatar-rules'
import { checkFields } from '@/components/forms/check-fields'
import { FormAlert } from '@/components/forms/form-alert'
import { SubmitButton } from '@/components/forms/submit-button'
import { INPUT_CLASS, TextField } from '@/components/forms/text-field'
import { useFormProblems } from '@/components/forms/use-form-problems'
import { toast } from '@/components/layout/toast'
import { CATEGORIES, ITEM_CONDITIONS } from '@/lib/enums'
import { MAX_PRODUCT_IMAGES } from '@/lib/products/constants'
import { ProductInputSchema } from '@/lib/products/schemas'
import { ROUTES } from '@/lib/routes'
import { accountRequest } from '@/lib/users/account-request'

// The admin's product form (add, edit, and the admin product page): the fields of
// docs/product.md "Add product", checked with the schema the API uses before anything is sent,
// and 1 to 8 images with previews (optional on edit, where new ones replace the current set).
// Sent as multipart to /api/v1.

export type ProductFormValues = {
  _id: string
  name: string
  description: string
  price: number
  stock: number
  category: string
  itemCondition: string
  images: { url: string }[]
}

type Preview = { url: string; name: string }

const IMAGE_PROBLEM = 'Choose JPEG, PNG or WebP images of at most 5 MB each'

export function ProductForm({
  product,
  after = 'list',
}: {
  /** The product being edited; absent when adding one. */
  product?: ProductFormValues
  /** Where a saved form goes: the products list, or a refresh of the page it is on. */
  after?: 'list' | 'refresh'
}) {
  const router = useRouter()
  const id = useId()
  const { busy, error, fieldErrors, begin, done, fail } = useFormProblems()
  const [previews, setPreviews] = useState<Preview[]>([])
  const editing = product !== undefined

  // Each preview is a blob: URL of a chosen file; let them go when others replace them.
  useEffect(() => () => previews.forEach((p) => URL.revokeObjectURL(p.url)), [previews])

  function choose(input: HTMLInputElement) {
    const files = [...(input.files ?? [])]
    const problem =
      files.length > MAX_PRODUCT_IMAGES
        ? `Choose at most ${MAX_PRODUCT_IMAGES} images`
        : files.some((f) => avatarProblem(f))
          ? IMAGE_PROBLEM
          : null
    if (problem) {
      input.value = ''
      setPreviews([])
      return fail(problem, { images: problem })
    }
    setPreviews(files.map((f) => ({ url: URL.createObjectURL(f), name: f.name })))
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (busy) return
    const formElement = e.currentTarget
    const form = new FormData(formElement)
    const images = form.getAll('images').filter((f): f is File => f instanceof File && f.size > 0)
    form.delete('images')
    for (const image of images) form.append('images', image)
    const check = checkFields(ProductInputSchema, Object.fromEntries(form))
    if (!check.ok) return fail(check.message, check.errors)
    if (!editing && images.length === 0) {
      return fail('Please choose at least one image', { images: 'Choose at least one image' })
    }
    begin()
    const answer = editing
      ? await accountRequest('PUT', `/api/v1/admin/product/${product._id}`, form)
      : await accountRequest('POST', '/api/v1/admin/product/new', form)
    if (!answer.ok) return fail(answer.message, answer.errors)
    toast.success(editing ? 'Product Updated' : 'New Product Added')
    if (after === 'refresh') {
      // The page renders the saved values (and a fresh form, keyed by them) after the refresh.
      done()
      setPreviews([])
      formElement.reset()
      router.refresh()
    } else {
      router.push(ROUTES.manageProducts.path)
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" encType="multipart/form-data" noValidate>
      <TextField
        label="Name"
        name="name"
        required
        maxLength={200}
        defaultValue={product?.name}
        error={fieldErrors.name}
      />
      <div>
        <label htmlFor={`${id}-description`} className="mb-1 block text-sm font-medium text-ink">
          Description
        </label>
        <textarea
          id={`${id}-description`}
          name="description"
          required
          rows={5}
          maxLength={5000}
          defaultValue={product?.description}
          aria-invalid={fieldErrors.description ? true : undefined}
          aria-describedby={fieldErrors.description ? `${id}-description-error` : undefined}
          className={INPUT_CLASS}
        />
        {fieldErrors.description && (
          <p id={`${id}-description-error`} className="mt-1 text-sm text-red-700">
            {fieldErrors.description}
          </p>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Price ($)"
          name="price"
          type="number"
          inputMode="decimal"
          required
          min={0.01}
          step={0.01}
          defaultValue={product?.price}
          error={fieldErrors.price}
        />
        <TextField
          label="Stock"
          name="stock"
          type="number"
          inputMode="numeric"
          required
          min={0}
          step={1}
          defaultValue={product?.stock}
          error={fieldErrors.stock}
        />
        <Select
          label="Category"
          name="category"
          options={CATEGORIES}
          defaultValue={product?.category}
          error={fieldErrors.category}
        />
        <Select
          label="Condition"
          name="itemCondition"
          options={ITEM_CONDITIONS}
          defaultValue={product?.itemCondition}
          error={fieldErrors.itemCondition}
        />
      </div>
      <div>
        <label htmlFor={`${id}-images`} className="mb-1 block text-sm font-medium text-ink">
          {editing ? 'New images (optional)' : 'Images'}
        </label>
        <input
          id={`${id}-images`}
          name="images"
          type="file"
          multiple
          accept={AVATAR_TYPES}
          aria-describedby={`${id}-images-hint`}
          aria-invalid={fieldErrors.images ? true : undefined}
          onChange={(e) => choose(e.currentTarget)}
          className="block w-full text-sm text-ink-soft file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
        />
        <p id={`${id}-images-hint`} className="mt-1 text-sm text-ink-muted">
          {fieldErrors.images ? <span className="text-red-700">{fieldErrors.images}. </span> : null}
          1 to {MAX_PRODUCT_IMAGES} JPEG, PNG or WebP images, at most 5 MB each.
          {editing && ' New images replace all current ones; without any, the current ones stay.'}
        </p>
        <ImageStrip
          title={previews.length > 0 ? 'Chosen images' : editing ? 'Current images' : ''}
          images={
            previews.length > 0
              ? previews.map((p, i) => ({ url: p.url, alt: `Chosen image ${i + 1}: ${p.name}` }))
              : (product?.images ?? []).map((img, i) => ({
                  url: img.url,
                  alt: `Current image ${i + 1} of ${product?.name}`,
                }))
          }
        />
      </div>
      <FormAlert message={error} />
      <div className="sm:w-60">
        <SubmitButton busy={busy}>{editing ? 'Update Product' : 'Create Product'}</SubmitButton>
      </div>
    </form>
  )
}

function Select({
  label,
  name,
  options,
  defaultValue,
  error,
}: {
  label: string
  name: string
  options: readonly string[]
  defaultValue?: string
  error?: string
}) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={id}
        name={name}
        required
        defaultValue={defaultValue ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={INPUT_CLASS}
      >
        <option value="" disabled>
          Choose {label.toLowerCase()}
        </option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

function ImageStrip({ title, images }: { title: string; images: { url: string; alt: string }[] }) {
  if (images.length === 0) return null
  return (
    <figure className="mt-3">
      <figcaption className="mb-2 text-sm font-medium text-ink-soft">{title}</figcaption>
      <ul className="flex flex-wrap gap-2">
        {images.map((image) => (
          <li key={image.url}>
            {/* Blob: URLs of files on this computer, or stored images shown small: nothing for
                next/image to optimise. */}
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img
              src={image.url}
              alt={image.alt}
              className="size-20 rounded-md border border-slate-200 object-cover"
            />
          </li>
        ))}
      </ul>
    </figure>
  )
}
