import { PastLastPage } from '@/components/catalog/past-last-page'

// notFound() of a catalog view: its page number is past the last page.
export default function CatalogViewNotFound() {
  return <PastLastPage />
}
