import { describe, expect, it } from 'vitest'
import { ADMIN_TABS, tabCurrent } from './admin-tab-items'

const current = (pathname: string) =>
  Object.fromEntries(
    ADMIN_TABS.map((tab) => [tab.label, tabCurrent(tab, pathname)]).filter(([, v]) => v),
  )

describe('admin tabs', () => {
  it('lists the dashboard and the four tabs of docs/product.md "Admin screens" in order', () => {
    expect(ADMIN_TABS.map((t) => t.label)).toEqual([
      'Dashboard',
      'Users',
      'Products',
      'Orders',
      'Reviews',
    ])
  })

  it('marks the tab of its own page as the page', () => {
    expect(current('/admin/manageorder')).toEqual({ Orders: 'page' })
    expect(current('/admin/dashbord/')).toEqual({ Dashboard: 'page' })
    expect(current('/admin/managereviews')).toEqual({ Reviews: 'page' })
  })

  it('marks the section of a detail or form page, never two tabs', () => {
    expect(current('/admin/order/abc')).toEqual({ Orders: true })
    expect(current('/admin/user/abc')).toEqual({ Users: true })
    expect(current('/admin/product/abc')).toEqual({ Products: true })
    expect(current('/admin/manageproduct/addproduct')).toEqual({ Products: true })
  })

  it('marks nothing outside the admin area', () => {
    expect(current('/order/abc')).toEqual({})
    expect(current('/admin/manageorders')).toEqual({})
  })
})
