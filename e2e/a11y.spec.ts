import AxeBuilder from '@axe-core/playwright'
import { test, expect } from './support/fixtures'

for (const path of ['/', '/aboutme', '/no-such-page']) {
  test(`${path} has no accessibility violations`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByRole('banner')).toBeVisible()
    const results = await new AxeBuilder({ page }).analyze()
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([])
  })
}
