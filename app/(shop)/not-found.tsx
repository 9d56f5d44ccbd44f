import { NotFoundView } from '@/components/layout/not-found-view'

// notFound() inside the storefront (an unknown product, say): the shell is already there.
export default function ShopNotFound() {
  return <NotFoundView />
}
