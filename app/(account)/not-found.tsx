import { NotFoundView } from '@/components/layout/not-found-view'

// notFound() inside the account area (an order that is not the visitor's, say): the account
// shell is already there, so the page is only the message.
export default function AccountNotFound() {
  return <NotFoundView />
}
