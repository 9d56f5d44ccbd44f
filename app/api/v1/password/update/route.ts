import { apiRoute } from '@/lib/api/api-route'
import { readBody } from '@/lib/api/body'
import { clientIp } from '@/lib/api/client-ip'
import { AppError } from '@/lib/errors'
import { withUser } from '@/lib/api/handler'
import { signedInResponse } from '@/lib/api/session-cookies'
import { failureBudget, withinBudget } from '@/lib/auth/device-cookie'
import { consumeLimit } from '@/lib/auth/rate-limit'
import { updatePassword, WRONG_OLD_PASSWORD } from '@/lib/users/update-password'

// PUT /api/v1/password/update: change the password; every session of the user ends and this device gets a new one
// The current password is checked as a login checks it: every attempt counts per address, and
// a wrong one is a failed login of the account (its lockout, or this browser's own budget when
// it holds the account's device cookie), so a stolen session cannot guess on.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/password/update', {
  PUT: withUser(async (request, _ctx, actor, session) => {
    await consumeLimit('passwordChangePerAddress', clientIp(request))
    const { fields } = await readBody(request)
    const budget = await failureBudget(request, { email: actor.email, id: actor.id })
    const user = await withinBudget(
      budget,
      () => updatePassword({ actor, session, fields }),
      (error) => error instanceof AppError && error.message === WRONG_OLD_PASSWORD,
    )
    return signedInResponse(request, user)
  }),
})
