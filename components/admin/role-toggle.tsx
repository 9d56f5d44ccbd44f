import { ConfirmAction } from '@/components/admin/confirm-action'
import { ROUTES } from '@/lib/routes'

// The role toggle of the Users table and a user's page (docs/product.md "Users": promote or
// demote with one toggle), behind a confirmation. A role change signs that user out on every
// device (decision 2), which the dialog says. Stepping down oneself is said plainly, and leads
// home afterwards, since the admin pages are closed (and this session ended) from that moment.

type Props = {
  user: { _id: string; name: string; email: string; role: 'user' | 'admin' }
  actorId: string
}

export function RoleToggle({ user, actorId }: Props) {
  const promote = user.role !== 'admin'
  const self = user._id === actorId
  const next = promote ? 'admin' : 'user'
  const who = self ? 'yourself' : user.name
  return (
    <ConfirmAction
      label={promote ? 'Make admin' : 'Make user'}
      ariaLabel={`${promote ? 'Make admin' : 'Make user'}: ${self ? 'yourself' : user.email}`}
      title={promote ? `Make ${who} an admin?` : `Remove admin rights from ${who}?`}
      description={
        promote ? (
          <p>
            {user.name} ({user.email}) will be able to manage users, products, orders, reviews and
            messages. They are signed out on every device and sign in again as an admin.
          </p>
        ) : self ? (
          <p>
            <strong className="text-red-800">This is your own account.</strong> You will lose access
            to the admin dashboard at once and be signed out on every device; you can sign in again
            as a shopper. Another admin would have to make you an admin again.
          </p>
        ) : (
          <p>
            {user.name} ({user.email}) becomes an ordinary user and is signed out on every device.
            They can sign in again to shop.
          </p>
        )
      }
      confirmLabel={promote ? 'Make admin' : self ? 'Remove my admin rights' : 'Make user'}
      method="PUT"
      url={`/api/v1/admin/updateuserrole/${encodeURIComponent(user._id)}`}
      body={{ role: next }}
      successText={promote ? `${user.name} is now an admin` : `${user.name} is now a user`}
      redirectTo={self && !promote ? ROUTES.home.path : undefined}
      tone={promote ? 'neutral' : 'danger'}
    />
  )
}

/** The role as text (a row's green tone is never the only cue). */
export function RoleBadge({ role }: { role: 'user' | 'admin' }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        role === 'admin' ? 'bg-green-100 text-green-900' : 'bg-slate-100 text-slate-800'
      }`}
    >
      {role === 'admin' ? 'Admin' : 'User'}
    </span>
  )
}
