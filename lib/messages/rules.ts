// The contact form's numbers (docs/api.md#contact-messages and docs/product.md
// "Contact Us dialog"), without zod: the Send button's check needs only these.
export const MESSAGE_LENGTH = { min: 10, max: 5000 } as const
