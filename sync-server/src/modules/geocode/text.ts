/**
 * The text rules of place search live in @wings/area-bundle, so the phone's search over a bundle's places normalizes,
 * expands abbreviations and forgives typos exactly as the server's import and search do.
 */
export {
  ABBREVIATIONS,
  editDistance,
  isLatin,
  normalize,
  type QueryWord,
  typoBudget,
  wordMatch,
  wordsOf,
} from '@wings/area-bundle'
