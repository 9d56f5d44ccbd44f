import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * No accessibility violations on the page (or within `include`, a selector) as it settles. A
 * toast fading in is half transparent, and its contrast is judged only once it has arrived:
 * finite animations are waited for, and a violation must still be there a moment later to count
 * (one that lasts fails the test, with the elements it names). Only the violations are asked
 * for: axe would otherwise collect and send back every rule's passes too.
 */
export async function expectNoAxeViolations(page: Page, { include }: { include?: string } = {}) {
  await expect(async () => {
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity,
        ),
    )
    const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] })
    const results = await (include ? builder.include(include) : builder).analyze()
    expect(
      results.violations.map(
        (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
      ),
    ).toEqual([])
  }).toPass({ timeout: 20_000 })
}
