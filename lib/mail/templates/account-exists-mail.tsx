import 'server-only'
import { Link, Text } from '@react-email/components'
import { SITE } from '@/lib/site'
import { link as linkStyle, MailButton, MailLayout, text } from './mail-layout'

export type AccountExistsMailProps = {
  name: string
  loginLink: string
  forgotLink: string
  /** Only while the account is unverified: a fresh verification link. */
  verifyLink?: string
}

/**
 * Sent to the owner of an address when someone signs up with it again. The signup answer is the
 * same as for a new address (so it tells nobody which addresses have accounts); the owner hears
 * about it here instead.
 */
export function AccountExistsMail({
  name,
  loginLink,
  forgotLink,
  verifyLink,
}: AccountExistsMailProps) {
  return (
    <MailLayout
      preview={`Someone tried to sign up at ${SITE.name} with your address`}
      heading="You already have an account"
    >
      <Text style={text}>Hi {name},</Text>
      <Text style={text}>
        Someone (perhaps you) tried to create a new {SITE.name} account with this e-mail address.
        There already is one, so nothing was changed.
      </Text>
      {verifyLink ? (
        <>
          <Text style={text}>
            Your account is not verified yet. To verify it now, use this link (valid for 24 hours):
          </Text>
          <MailButton href={verifyLink}>Verify my account</MailButton>
          {/* The plain-text part has the link once already, after the button text. */}
          <Text style={text} data-skip-in-text="true">
            Or open this link:{' '}
            <Link href={verifyLink} style={linkStyle}>
              {verifyLink}
            </Link>
          </Text>
        </>
      ) : null}
      <Text style={text}>
        Sign in:{' '}
        <Link href={loginLink} style={linkStyle}>
          {loginLink}
        </Link>
      </Text>
      <Text style={text}>
        Forgot your password?{' '}
        <Link href={forgotLink} style={linkStyle}>
          {forgotLink}
        </Link>
      </Text>
      <Text style={text}>If it was not you, you can ignore this e-mail.</Text>
    </MailLayout>
  )
}
