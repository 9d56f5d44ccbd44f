import 'server-only'
// The Review shape of docs/api.md#shapes: avatar is a url string; `user` is the author's id.
export type ReviewJson = {
  _id: string
  user: string
  name: string
  avatar: string
  rating: number
  comment: string
  createdAt: string
}
