import 'server-only'
import { Link, Text } from '@react-email/components'
import { SITE } from '@/lib/site'
import { link as linkStyle, MailLayout, text } from './mail-layout'

export type EmailChangedMailProps = { name: string; newEmail: string; loginLink: string }

/**
 * A notice to the OLD address after the account's e-mail was changed. No reset link: a reset
 * mail would now go to the new address, which is the one the owner may not control.
 */
export function EmailChangedMail({ name, newEmail, loginLink }: EmailChangedMailProps) {
  return (
    <MailLayout
      preview={`The e-mail address of your ${SITE.name} account was changed`}
      heading="Your e-mail address was changed"
    >
      <Text style={text}>Hi {name},</Text>
      <Text style={text}>
        The e-mail address of your {SITE.name} account was changed from this address to{' '}
        <strong>{newEmail}</strong>. Mail about your account now goes there.
      </Text>
      <Text style={text}>
        If it was not you, sign in with that address and your password, change the address back and
        choose a new password:{' '}
        <Link href={loginLink} style={linkStyle}>
          {loginLink}
        </Link>
      </Text>
    </MailLayout>
  )
}
