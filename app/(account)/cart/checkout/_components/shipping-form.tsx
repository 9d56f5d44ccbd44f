'use client'
import { useRouter } from 'next/navigation'
import { useEffect, useId, type FormEvent } from 'react'
import { checkFields } from '@/components/forms/check-fields'
import { FormAlert } from '@/components/forms/form-alert'
import { SubmitButton } from '@/components/forms/submit-button'
import { INPUT_CLASS, TextField } from '@/components/forms/text-field'
import { useFormProblems } from '@/components/forms/use-form-problems'
import { SHIPPING_INFO_PATH } from '@/lib/cart/checkout-paths'
import { useCartStore } from '@/lib/cart/use-cart-store'
import { SHIPPING_COUNTRIES } from '@/lib/catalog'
import { ShippingInfoSchema, type ShippingInfo } from '@/lib/orders/schemas'

const EMPTY: ShippingInfo = {
  address: '',
  state: '',
  country: 'India',
  pinCode: '',
  phoneNumber: '',
}

/** The shipping form (SPEC.md §2): checked with the order API's own rules, then saved locally. */
export function ShippingForm() {
  const router = useRouter()
  const loadShippingInfo = useCartStore((s) => s.loadShippingInfo)
  const saveShippingInfo = useCartStore((s) => s.saveShippingInfo)
  const { busy, error, fieldErrors, fail } = useFormProblems()
  // The saved address (the review screen's edit link comes back here), read after hydration:
  // undefined until then, null when there is none.
  const saved = useCartStore((s) => s.shippingInfo)
  const countryId = useId()

  useEffect(() => {
    loadShippingInfo()
  }, [loadShippingInfo])

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    const fields = {
      address: String(form.get('address') ?? ''),
      state: String(form.get('state') ?? ''),
      country: String(form.get('country') ?? ''),
      pinCode: String(form.get('pinCode') ?? ''),
      phoneNumber: String(form.get('phoneNumber') ?? ''),
    }
    const check = checkFields(ShippingInfoSchema, fields)
    if (!check.ok) return fail(check.message, check.errors)
    saveShippingInfo(check.data)
    router.push(SHIPPING_INFO_PATH)
  }

  // Fields keyed by the saved address, so they start with it once it is read.
  const values = saved ?? EMPTY
  return (
    <form key={saved ? 'saved' : 'empty'} onSubmit={onSubmit} noValidate className="space-y-4">
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
      <FormAlert message={error} />
      <SubmitButton busy={busy}>Continue</SubmitButton>
    </form>
  )
}
