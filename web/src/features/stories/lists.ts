/** The feed's sidebar lists and its search params: kept apart from the page, so the router loads without the blog. */
import type { SideList } from './api.ts'

/** The sidebar lists in their order (their buttons and headings, in her language, are in BlogPage.tsx). */
export const SIDE_LISTS: ReadonlyArray<{ list: SideList }> = [
  { list: 'trending' },
  { list: 'mostliked' },
  { list: 'mostviewed' },
  { list: 'recent' },
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
