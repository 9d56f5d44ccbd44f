import 'server-only'
import { Link, Text } from '@react-email/components'
import { SITE } from '@/lib/site'
import { link as linkStyle, MailButton, MailLayout, text } from './mail-layout'

export type VerifyMailProps = { name: string; link: string }

/** The link that proves the address after signup (or a resend). */
export function VerifyMail({ name, link }: VerifyMailProps) {
  return (
    <MailLayout
      preview={`Confirm your e-mail address for ${SITE.name}`}
      heading="Verify your e-mail"
    >
      <Text style={text}>Hi {name},</Text>
      <Text style={text}>
        Thanks for signing up at {SITE.name}. Please confirm that this address is yours:
      </Text>
      <MailButton href={link}>Verify my account</MailButton>
      {/* The plain-text part has the link once already, after the button text. */}
      <Text style={text} data-skip-in-text="true">
        Or open this link:{' '}
        <Link href={link} style={linkStyle}>
          {link}
        </Link>
      </Text>
      <Text style={text}>
        The link is valid for 24 hours and can be used once. If you did not sign up, ignore this
        e-mail: no account is activated without it.
      </Text>
    </MailLayout>
  )
}
