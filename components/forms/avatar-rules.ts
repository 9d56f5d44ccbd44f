// What the server accepts (docs/api.md#server-side-rules, Uploads); the server checks the bytes
// again, this only spares a visitor an upload that could never pass.
export const AVATAR_TYPES = 'image/jpeg,image/png,image/webp'
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024

/** Why a chosen file cannot be an avatar, or null when it may be sent. */
export function avatarProblem(file: { type: string; size: number }): string | null {
  if (!AVATAR_TYPES.split(',').includes(file.type)) return 'Choose a JPEG, PNG or WebP image'
  if (file.size > AVATAR_MAX_BYTES) return 'The image is larger than 5 MB'
  return null
}
