import { keySet } from './text.ts'

const GREETING = keySet(`
  hi hii hello helo hey hay namaste namaskar namasté salaam salam hola yo good morning afternoon evening night
  नमस्ते नमस्कार हैलो हाय
`)
const THANKS = keySet(`
  thanks thank thx shukriya shukria dhanyavad dhanyawad dhanyvad meherbani bye goodbye alvida tata धन्यवाद शुक्रिया
  आभार
`)
/** Words that may stand beside a greeting or thanks ("hi saathi", "thank you so much", "ok thanks ji"). */
const SMALL_TALK = keySet(`
  you so much very a lot ok okay saathi sathi there ji bhai di didi dear all wings again bahut aap helpful for the
  help your bye bahot sab
`)
const HELP = keySet('help')

function onlyWords(tokens: readonly string[], main: Set<string>): boolean {
  return tokens.some((t) => main.has(t)) && tokens.every((t) => main.has(t) || SMALL_TALK.has(t))
}

/** A message that is only thanks or a greeting ("thank you so much", "hi saathi"), or null. */
export function smallTalk(tokens: readonly string[]): 'thanks' | 'greeting' | null {
  if (onlyWords(tokens, THANKS)) return 'thanks'
  if (onlyWords(tokens, GREETING)) return 'greeting'
  return null
}

/** Small talk with no word of help in it ("hi", "ok bye"): never danger, whatever the model says of short messages. */
export const onlyPleasantries = (tokens: readonly string[]): boolean =>
  smallTalk(tokens) !== null && !tokens.some((t) => HELP.has(t))
