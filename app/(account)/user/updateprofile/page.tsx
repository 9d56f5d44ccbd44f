import type { Metadata } from 'next'
import { FormCard } from '@/components/forms/form-card'
import { requireUser } from '@/lib/auth/guards'
import { ROUTES } from '@/lib/routes'
import { UpdateProfileForm } from './_components/update-profile-form'

export const metadata: Metadata = { title: 'Update Profile' }

export default async function UpdateProfilePage() {
  const user = await requireUser(ROUTES.updateProfile.path)
  return (
    <FormCard title="Update Profile">
      <UpdateProfileForm name={user.name} email={user.email} avatarUrl={user.avatarUrl} />
    </FormCard>
  )
}
