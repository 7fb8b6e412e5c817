/** The feed's sidebar lists and its search params: kept apart from the page, so the router loads without the blog. */
import type { SideList } from './api.ts'

export const SIDE_LISTS: ReadonlyArray<{ list: SideList; label: string; heading: string }> = [
  { list: 'trending', label: 'Trending', heading: 'Trending stories' },
  { list: 'mostliked', label: 'Most liked', heading: 'Most liked stories' },
  { list: 'mostviewed', label: 'Most viewed', heading: 'Most viewed stories' },
  { list: 'recent', label: 'Recent posts', heading: 'Recent posts' },
]

export interface BlogSearch {
  page?: number
  list?: SideList
}

/** /blog's search params: a page above 1 and a known list; anything else is dropped. */
export function validateBlogSearch(search: Record<string, unknown>): BlogSearch {
  const out: BlogSearch = {}
  const page = Number(search.page)
  if (Number.isInteger(page) && page > 1) out.page = page
  const list = SIDE_LISTS.find((l) => l.list === search.list)?.list
  if (list) out.list = list
  return out
}
