import 'server-only'
import { Link, Text } from '@react-email/components'
import { SITE } from '@/lib/site'
import { link as linkStyle, MailLayout, text } from './mail-layout'

export type PasswordChangedMailProps = { name: string; forgotLink: string }

/** A notice after a password change or reset, so an owner notices a change they did not make. */
export function PasswordChangedMail({ name, forgotLink }: PasswordChangedMailProps) {
  return (
    <MailLayout
      preview={`Your ${SITE.name} password was changed`}
      heading="Your password was changed"
    >
      <Text style={text}>Hi {name},</Text>
      <Text style={text}>
        The password of your {SITE.name} account was just changed, and every other device that was
        signed in has been signed out.
      </Text>
      <Text style={text}>
        If it was not you, reset your password now:{' '}
        <Link href={forgotLink} style={linkStyle}>
          {forgotLink}
        </Link>
      </Text>
    </MailLayout>
  )
}
