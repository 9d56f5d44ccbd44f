// The contact form's numbers (API.md, SPEC.md §8), without zod: the Send button's check needs
// only these.
export const MESSAGE_LENGTH = { min: 10, max: 5000 } as const
