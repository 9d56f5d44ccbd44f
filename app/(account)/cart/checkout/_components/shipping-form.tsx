'use client'
import { useRouter } from 'next/navigation'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { checkFields } from '@/components/forms/check-fields'
import { SubmitButton } from '@/components/forms/submit-button'
import { INPUT_CLASS, TextField } from '@/components/forms/text-field'
import { SHIPPING_INFO_PATH } from '@/lib/cart/checkout-paths'
import { saveShippingDraft, type ShippingDraft } from '@/lib/cart/shipping-draft'
import { useCartStore } from '@/lib/cart/use-cart-store'
import { SHIPPING_COUNTRIES } from '@/lib/enums'
import { ShippingInfoSchema } from '@/lib/orders/schemas'

const EMPTY: ShippingDraft = {
  address: '',
  state: '',
  country: 'India',
  pinCode: '',
  phoneNumber: '',
}

function fieldsOf(form: HTMLFormElement): ShippingDraft {
  const data = new FormData(form)
  return {
    address: String(data.get('address') ?? ''),
    state: String(data.get('state') ?? ''),
    country: String(data.get('country') ?? ''),
    pinCode: String(data.get('pinCode') ?? ''),
    phoneNumber: String(data.get('phoneNumber') ?? ''),
  }
}

/**
 * The shipping form (docs/product.md "Shipping details"): checked with the order API's own
 * rules, then saved locally. What the shopper types is kept as a draft
 * (lib/cart/shipping-draft.ts) until the order is placed, so a refresh loses nothing. A
 * complaint shows once, under its field, and the first field in trouble takes the focus (no
 * summary, no toast covering it).
 */
export function ShippingForm({ userId }: { userId: string }) {
  const router = useRouter()
  const loadShippingInfo = useCartStore((s) => s.loadShippingInfo)
  const saveShippingInfo = useCartStore((s) => s.saveShippingInfo)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  // Bumped by each refused submit: the effect below then focuses the first field in trouble,
  // once it is marked (aria-invalid, its message tied to it).
  const [refusals, setRefusals] = useState(0)
  // The saved address (the review screen's edit link comes back here), read after hydration:
  // undefined until then, null when there is none.
  const saved = useCartStore((s) => s.shippingInfo)
  // This tab's draft, read after hydration like the saved address; it is newer when both exist.
  const draft = useCartStore((s) => s.shippingDraft)
  const loadShippingDraft = useCartStore((s) => s.loadShippingDraft)
  const formRef = useRef<HTMLFormElement>(null)
  const countryId = useId()

  useEffect(() => {
    loadShippingDraft(userId)
    loadShippingInfo()
  }, [loadShippingDraft, loadShippingInfo, userId])

  useEffect(() => {
    if (refusals === 0) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [refusals])

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const check = checkFields(ShippingInfoSchema, fieldsOf(e.currentTarget))
    if (!check.ok) {
      setFieldErrors(check.errors)
      setRefusals((n) => n + 1)
      return
    }
    setFieldErrors({})
    saveShippingInfo(check.data)
    router.push(SHIPPING_INFO_PATH)
  }

  // Fields keyed by what they start with, so they take the draft or the saved address once read.
  const values = draft ?? saved ?? EMPTY
  return (
    <form
      ref={formRef}
      key={draft ? 'draft' : saved ? 'saved' : 'empty'}
      onSubmit={onSubmit}
      onChange={(e) => saveShippingDraft(userId, fieldsOf(e.currentTarget))}
      noValidate
      className="space-y-4"
    >
      <TextField
        label="Address"
        name="address"
        autoComplete="street-address"
        required
        defaultValue={values.address}
        error={fieldErrors.address}
      />
      <TextField
        label="State"
        name="state"
        autoComplete="address-level1"
        required
        defaultValue={values.state}
        error={fieldErrors.state}
      />
      <div>
        <label htmlFor={countryId} className="mb-1 block text-sm font-medium text-ink">
          Country
        </label>
        <select
          id={countryId}
          name="country"
          autoComplete="country-name"
          defaultValue={values.country}
          className={INPUT_CLASS}
        >
          {SHIPPING_COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="Pin Code"
        name="pinCode"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={6}
        required
        defaultValue={values.pinCode}
        error={fieldErrors.pinCode}
      />
      <TextField
        label="Phone Number"
        name="phoneNumber"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={10}
        required
        defaultValue={values.phoneNumber}
        error={fieldErrors.phoneNumber}
      />
      <SubmitButton busy={false}>Continue</SubmitButton>
    </form>
  )
}
