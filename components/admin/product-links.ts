import { ROUTES } from '@/lib/routes'

// The admin's links to one product: its admin page and its edit form (`?id=`, as SPEC.md's
// /admin/manageproduct/editproduct has no id in its path).

export const adminProductHref = (id: string) =>
  ROUTES.adminProduct.path.replace('{id}', encodeURIComponent(id))

export const editProductHref = (id: string) =>
  `${ROUTES.editProduct.path}?id=${encodeURIComponent(id)}`
