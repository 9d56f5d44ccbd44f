import { ROLES } from '@/lib/enums'
import { z } from '@/lib/zod'

// The body of PUT /api/v1/admin/updateuserrole/{userId}, shared by the handler and the admin
// role toggle. No `server-only`: the toggle sends exactly what this accepts.

const ROLE_MESSAGE = `Role must be one of: ${ROLES.join(', ')}`

export const UpdateRoleSchema = z.object({
  // Exact values only: "Admin" or " admin" is a client bug to report, not to guess at.
  role: z.enum(ROLES, { error: ROLE_MESSAGE }),
})
export type UpdateRoleInput = z.infer<typeof UpdateRoleSchema>
