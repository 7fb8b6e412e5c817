import { words } from './classifier/features.ts'

/**
 * Words that ask for a phone number or about the law, in any script (keys of features.ts: "नंबर" is "nanbar",
 * "நம்பர்" is "nampar", Kannada's "ಸಂಖ್ಯೆ" is "sankhye", its "ಸಹಾಯವಾಣಿ" (helpline) "sahayavani").
 */
const NUMBER_WORDS = new Set(
  'number numbers numbr nmbr nanbar nambar nampar sankhye helpline helplines helplain helplin sahayavani'.split(' '),
)
const LAW_WORDS = new Set('section sections dhara kalam bns ipc law laws kanun kayda'.split(' '))

/** Does the message ask for a phone number ("rail madad number", "police ka number", "नंबर")? */
export const asksForNumber = (text: string): boolean => words(text).some((key) => NUMBER_WORDS.has(key))

/** Does it ask about the law ("stalking ki dhara", "which BNS section", "कोणत्या कलमात")? */
export const asksAboutLaw = (text: string): boolean => words(text).some((key) => LAW_WORDS.has(key))
