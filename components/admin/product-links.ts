import { ROUTES } from '@/lib/routes'

// The admin's links to one product: its admin page and its edit form (`?id=`, as
// /admin/manageproduct/editproduct has no id in its path: docs/product.md "Edit product").

export const adminProductHref = (id: string) =>
  ROUTES.adminProduct.path.replace('{id}', encodeURIComponent(id))

export const editProductHref = (id: string) =>
  `${ROUTES.editProduct.path}?id=${encodeURIComponent(id)}`
