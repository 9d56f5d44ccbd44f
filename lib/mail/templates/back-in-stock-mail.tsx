import 'server-only'
import { Link, Text } from '@react-email/components'
import { formatPrice } from '@/lib/money'
import { link as linkStyle, MailButton, MailLayout, text } from './mail-layout'

export type BackInStockMailProps = { name: string; product: string; price: number; link: string }

/**
 * To a shopper who asked to be told (docs/product.md "Product details"): the product can be
 * bought again, and its page. One mail per request: asking again takes another click.
 */
export function BackInStockMail({ name, product, price, link }: BackInStockMailProps) {
  return (
    <MailLayout preview={`${product} is back in stock`} heading="It is back in stock">
      <Text style={text}>Hi {name},</Text>
      <Text style={text}>
        <strong>{product}</strong> ({formatPrice(price)}) can be bought again. Stock may be short,
        so have a look soon.
      </Text>
      <MailButton href={link}>See the product</MailButton>
      <Text style={text}>
        Or open this link:{' '}
        <Link href={link} style={linkStyle}>
          {link}
        </Link>
      </Text>
      <Text style={text}>
        You asked us to tell you once; we will not write again about it unless you ask again.
      </Text>
    </MailLayout>
  )
}
