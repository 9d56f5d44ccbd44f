import type { ProductJson } from '@/lib/products/product-json'
import type { ProductFormValues } from './product-form'

/** Only what the edit form shows of a product (its reviews stay on the server). */
export function productFormValues(p: ProductJson): ProductFormValues {
  return {
    _id: p._id,
    name: p.name,
    description: p.description,
    price: p.price,
    stock: p.stock,
    category: p.category,
    itemCondition: p.itemCondition,
    images: p.images.map((image) => ({ url: image.url })),
  }
}
