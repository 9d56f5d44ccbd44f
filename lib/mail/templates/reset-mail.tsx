import 'server-only'
import { Link, Text } from '@react-email/components'
import { SITE } from '@/lib/site'
import { link as linkStyle, MailButton, MailLayout, text } from './mail-layout'

export type ResetMailProps = { name: string; link: string }

/** The link that sets a new password after "forgot password". */
export function ResetMail({ name, link }: ResetMailProps) {
  return (
    <MailLayout preview={`Reset your ${SITE.name} password`} heading="Reset your password">
      <Text style={text}>Hi {name},</Text>
      <Text style={text}>Someone asked to reset the password of your {SITE.name} account.</Text>
      <MailButton href={link}>Choose a new password</MailButton>
      {/* The plain-text part has the link once already, after the button text. */}
      <Text style={text} data-skip-in-text="true">
        Or open this link:{' '}
        <Link href={link} style={linkStyle}>
          {link}
        </Link>
      </Text>
      <Text style={text}>
        The link is valid for 30 minutes and can be used once. If it was not you, ignore this
        e-mail: your password stays as it is.
      </Text>
    </MailLayout>
  )
}
