import type { KnowledgeEntry } from '../types.ts'
import { ACTIONS as A } from './actions.ts'

/** Harassment: in the street, in transport, online, at work, and going to the police. */
export const HARASSMENT_ENTRIES: readonly KnowledgeEntry[] = [
  {
    id: 'harassment-street',
    intent: 'harassment',
    title: 'Harassment on the street (eve-teasing, catcalling, groping)',
    text:
      'It is not your fault, and it is a crime: comments, stalking, touching, flashing.\n' +
      'Move towards people and light. Say loudly and firmly "Stop. Move away", so that people around notice; ask someone directly for help.\n' +
      'If you feel in danger, press SOS or call 112; 1091 is the Women helpline.\n' +
      'Afterwards, report it anonymously in Wings: it warns other women and makes route scores there more careful.',
    keywords: [
      'harassment',
      'harassed',
      'harass',
      'eve teasing',
      'catcalling',
      'comments',
      'pass comments',
      'lewd',
      'market',
      'whistling',
      'teasing',
      'groping',
      'touched',
      'street',
      'road',
      'chhedkhani',
      'ched',
      'chedna',
      'chhed',
      'chheda',
      'chhedchhad',
      'pareshan karna',
      'ghoorna',
      'ghurna',
      'छेड़छाड़',
      'छेड़',
      'flashing',
      'exposed himself',
      'staring',
    ],
    actions: [A.sos, A.call112, A.call1091, A.report],
  },
  {
    id: 'harassment-transport',
    intent: 'harassment',
    title: 'Harassment in a bus, metro or train',
    text:
      'Move away and towards other women or a family; use the ladies’ seats or the women’s coach where there is one.\n' +
      'Say it loudly: "Stop touching me". Tell the conductor, the driver, the guard or the metro staff; stations have security staff and help points.\n' +
      'Call 112 or 1091. Note the bus or train number, the time and the stop.\n' +
      'Report it in Wings afterwards (category: unsafe transport or harassment).',
    keywords: [
      'bus',
      'metro',
      'train',
      'local train',
      'public transport',
      'crowded',
      'conductor',
      'ladies coach',
      'ladies seat',
      'womens coach',
      'rubbing',
      'pushing',
      'touching',
      'groping',
      'bheed',
      'bhid',
      'भीड़',
      'बस',
      'ट्रेन',
      'मेट्रो',
    ],
    actions: [A.call112, A.call1091, A.report],
  },
  {
    id: 'harassment-online',
    intent: 'harassment',
    title: 'Online harassment, threats and blackmail',
    text:
      'Do not reply and do not pay or send anything to someone who threatens or blackmails you.\n' +
      'Keep proof: screenshots with the date, the profile link, the messages. Then block and report the account on the platform.\n' +
      'Report the crime at cybercrime.gov.in (the national cyber crime portal) or at a police station; morphed photos, threats and sharing intimate images are crimes.\n' +
      'Tell someone you trust. If you are threatened with harm, call 112 or 1091.',
    keywords: [
      'online',
      'cyber',
      'cybercrime',
      'internet',
      'social media',
      'instagram',
      'facebook',
      'whatsapp',
      'messages',
      'photos',
      'morphed',
      'blackmail',
      'sextortion',
      'fake profile',
      'online pareshan',
      'pareshan',
      'परेशान',
      'trolling',
      'dm',
      'obscene calls',
      'video call',
      'sharing my photos',
      'leak',
      'hacked',
    ],
    actions: [A.call1091, A.call112, A.helplines],
  },
  {
    id: 'harassment-workplace',
    intent: 'harassment',
    title: 'Sexual harassment at work',
    text:
      'The POSH Act (2013) protects you at work: unwelcome touching, sexual remarks, requests for favours, showing pornography.\n' +
      'Every workplace with 10 or more employees must have an Internal Committee: give it a written complaint, within three months if you can. Where there is none, or the complaint is against the employer, go to the district’s Local Committee.\n' +
      'Keep notes and messages. You can also go to the police, call 181, or complain to the National Commission for Women (NCW) online.',
    keywords: [
      'work',
      'workplace',
      'office',
      'boss',
      'manager',
      'colleague',
      'coworker',
      'job',
      'posh',
      'internal committee',
      'icc',
      'company',
      'employer',
      'daftar',
      'naukri',
      'ऑफिस',
      'दफ्तर',
    ],
    actions: [A.call181, A.call1091, A.report],
  },
  {
    id: 'police-complaint',
    intent: 'harassment',
    title: 'How to file a police complaint (FIR)',
    text:
      'Go to any police station, or call 112. The police must register an FIR for a crime like harassment, stalking or assault.\n' +
      'It does not have to be the station of the area where it happened: ask for a Zero FIR, they must register it and send it on.\n' +
      'A woman officer records your statement in cases of sexual offences; read it before you sign and take a free copy of the FIR.\n' +
      'If the police refuse, write to the Superintendent of Police, or call 181 for help. You can also take a friend with you.',
    keywords: [
      'fir',
      'zero fir',
      'police complaint',
      'complaint',
      'file',
      'lodge',
      'police station',
      'register',
      'case',
      'shikayat',
      'report to police',
      'refuse',
      'पुलिस',
      'शिकायत',
      'थाना',
      'एफआईआर',
    ],
    actions: [A.call112, A.call181, A.helplines],
  },
]
