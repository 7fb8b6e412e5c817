/**
 * The language Saathi answers in. A message mostly in Devanagari is Hindi or Marathi (told apart by their common
 * little words); anything else is answered in English, the app's language for Latin letters and the scripts it has
 * no answers in (docs/chat.md says why).
 */

import type { Language } from './situations.ts'
import { withoutInvisible } from './text.ts'

/** Words frequent in Marathi and not in Hindi (Devanagari, as typed, with and without some marks). */
const MARATHI = new Set(
  `आहे आहेत आहेस आहो मला माझा माझी माझे माझ्या मी नाही नाहीये करा करत करतो करते करतोय करतेय करतात झाला झाली झाले
  त्याने तिने तिला त्याला त्यांनी कोणी कोणीतरी कुणी कुणीतरी कुठे इथे तिथे आम्ही आम्हाला तुम्ही तुम्हाला आणि पण काय
  वाचवा मदत भीती भिती वाटत वाटतेय वाटते वाटतंय पाठलाग नवरा नवऱ्याने सासू सासरे घरी मध्ये पाहिजे नको येत जात करू लागले
  गेली गेला बघा सांगा मुलगी मुलगा रात्री आत्ता आता लवकर कसे कसा काही कोण घ्या द्या दिला केला केले खूप होतं होते
  आहोत असेल असतो असते जाऊ येऊ आलो आले आली बसले बसली धरला धरले मारतो मारते मारतोय मारलं मारले बोलत बोला`.split(/\s+/),
)

/** Words frequent in Hindi and not in Marathi. */
const HINDI = new Set(
  `है हैं हूं हूँ हु हो मुझे मुझको मेरा मेरी मेरे नहीं नही रहा रही रहे क्या कोई किसी मैं में मे से को और लेकिन था थी थे
  गया गई गए हुआ हुई कैसे कहां कहाँ यहां यहाँ वहां वहाँ अब बहुत पति लड़की लड़का बचाओ डर लग हम हमें आप उसने उसे वो वह
  करो कर करें करूं रहा चाहिए पीछा घर जा आ दिया किया`.split(/\s+/),
)

/** Endings of Marathi words (verbs and case endings) that Hindi words do not have; ळ is a Marathi letter. */
const MARATHI_ENDING = /(ून|ायच[ंाीे]|ायला|[लत]ंय|लेय|लाय|लीय|तोय|तेय|ताय|णार[ाीे]?|ल्या|च्या|साठी|मध्ये|पर्यंत|[लतच]ं|ळ.*)$|ळ/
/** Endings of Hindi verbs ("जाऊंगी", "करेगा", "कीजिए") that Marathi does not have. */
const HINDI_ENDING = /(ूंगा|ूंगी|ूँगा|ूँगी|ेगा|ेगी|ेंगे|ोगे|ोगी|ीजिए|िये|िए)$/

const DEVANAGARI = /[\u0900-\u097f]/g
const LETTER = /\p{L}/gu

export function detectLanguage(text: string): Language {
  const clean = withoutInvisible(text)
  const devanagari = clean.match(DEVANAGARI)?.length ?? 0
  const letters = clean.match(LETTER)?.length ?? 0
  // Devanagari letters count their marks too; half of the letters is a message written in Devanagari.
  if (devanagari === 0 || devanagari * 2 < letters) return 'en'
  let marathi = 0
  let hindi = 0
  for (const word of clean.split(/[^\u0900-\u097f\u200c\u200d]+/)) {
    if (MARATHI.has(word) || MARATHI_ENDING.test(word)) marathi++
    else if (HINDI.has(word) || HINDI_ENDING.test(word)) hindi++
  }
  return marathi > hindi ? 'mr' : 'hi'
}
