import 'server-only'
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Preview,
  Text,
} from '@react-email/components'
import type { ReactNode } from 'react'
import { SITE } from '@/lib/site'

// The frame every account mail shares. Inline styles only: mail clients drop <style> blocks
// and never load external CSS. Anything a user typed (a name, an address) is passed as a React
// child or prop, so React escapes it; nothing here builds markup from strings.

const colors = { ink: '#0f172a', soft: '#475569', brand: '#1d4ed8', line: '#e2e8f0' }

export const text = { color: colors.ink, fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' }
export const link = { color: colors.brand, textDecoration: 'underline' }

export function MailLayout({
  preview,
  heading,
  children,
}: {
  preview: string
  heading: string
  children: ReactNode
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f8fafc', fontFamily: 'system-ui, Arial, sans-serif' }}>
        <Container
          style={{
            backgroundColor: '#ffffff',
            border: `1px solid ${colors.line}`,
            borderRadius: '8px',
            margin: '24px auto',
            maxWidth: '560px',
            padding: '32px',
          }}
        >
          <Heading as="h1" style={{ color: colors.ink, fontSize: '22px', margin: '0 0 24px' }}>
            {heading}
          </Heading>
          {children}
          <Hr style={{ borderColor: colors.line, margin: '24px 0 16px' }} />
          <Text style={{ ...text, color: colors.soft, fontSize: '13px', margin: 0 }}>
            {SITE.name}: {SITE.tagline}
          </Text>
        </Container>
      </Body>
    </Html>
  )
}

/** The one call to action of a mail (the templates repeat its URL as a link for clients that hide buttons). */
export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button
      href={href}
      style={{
        backgroundColor: colors.brand,
        borderRadius: '6px',
        color: '#ffffff',
        display: 'inline-block',
        fontSize: '15px',
        fontWeight: 600,
        margin: '0 0 16px',
        padding: '12px 20px',
        textDecoration: 'none',
      }}
    >
      {children}
    </Button>
  )
}
