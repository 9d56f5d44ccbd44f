import { randomBytes } from 'node:crypto'
import { expect, signIn, test } from '../support/fixtures'
import { expectNoAxeViolations } from '../support/axe'

// The admin's CSV import against the production server (caches on): a file with one refused row
// is checked first (dry run: what would be created, each refused row with its line and reason),
// nothing can be applied; the fixed file is applied, and the storefront's cached search shows
// the new products at once.

const HEADER =
  'id,name,description,category,price,stock,itemCondition,images,ratings,numberOfReviews,createdAt'

const csvFile = (rows: string[]) => ({
  name: 'products.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from([HEADER, ...rows].join('\n') + '\n'),
})

test('an admin checks a CSV, fixes the refused row, applies it; the storefront shows it', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(90_000)
  await signIn(context, 'admin')
  const tag = `${testInfo.project.name} ${Date.now().toString(36)}`
  // A word of its own: the other projects import their products at the same time, and the
  // storefront's search forgives typos, so a word sharing most of its letters with theirs (the
  // same prefix and a time a few characters apart) found their products instead of none.
  const word = `Imp${randomBytes(8).toString('hex')}`
  const first = `${word} Kettle ${tag}`
  const second = `${word} Toaster ${tag}`

  // The storefront's search for them, cached while there is nothing yet.
  const searchPath = `/products/${encodeURIComponent(word)}`
  await page.goto(searchPath)
  await expect(page.getByText('Oops! The product you')).toBeVisible()

  await page.goto('/admin/manageproduct')
  await page.getByRole('button', { name: 'Import CSV' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import products' })
  await expect(dialog).toBeVisible()
  await expectNoAxeViolations(page)

  await dialog
    .getByLabel('CSV file')
    .setInputFiles(
      csvFile([
        `,${first},Boils water.,Households,24.50,7,New,,,,`,
        `,"=${second}",Two slots.,Households,abc,3,New,,,,`,
      ]),
    )
  await expect(dialog.getByText('Dry run: 1 to create, 0 to update, 1 refused.')).toBeVisible()
  const refused = dialog.getByRole('table', { name: 'Refused rows' })
  await expect(refused.getByRole('row')).toHaveCount(2)
  await expect(refused.getByRole('row').nth(1).getByRole('cell')).toHaveText([
    '3',
    'price must be a number',
  ])
  await expect(dialog.getByRole('button', { name: 'Apply import' })).toBeDisabled()
  await expectNoAxeViolations(page)

  // Fixed: the second row's price. Its name starts with "=": kept as text.
  await dialog
    .getByLabel('CSV file')
    .setInputFiles(
      csvFile([
        `,${first},Boils water.,Households,24.50,7,New,,,,`,
        `,"=${second}",Two slots.,Households,19.00,3,New,,,,`,
      ]),
    )
  await expect(dialog.getByText('Dry run: 2 to create, 0 to update, 0 refused.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Apply import' }).click()
  await expect(page.getByText('Imported: 2 created, 0 updated')).toBeVisible()
  await expect(dialog).toBeHidden()

  // The list has them; the storefront's search shows them at once.
  await page.goto(`/admin/manageproduct?q=${encodeURIComponent(word)}`)
  await expect(page.getByRole('link', { name: first, exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: `=${second}`, exact: true })).toBeVisible()
  await page.goto(searchPath)
  await expect(page.getByText(first)).toBeVisible()
  await expect(page.getByText(`=${second}`)).toBeVisible()
  await expect(page.getByText('$24.50').first()).toBeVisible()
})
