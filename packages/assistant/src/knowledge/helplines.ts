import { HELPLINES } from '@wings/contract'
import type { KnowledgeEntry } from '../types.ts'
import { ACTIONS as A } from './actions.ts'

/** The whole list, from the app's one list of helplines (the helplines screen reads the same). */
const LIST = HELPLINES.map((h) => `${h.number} ${h.name}: ${h.purpose} (${h.area})`).join('\n')

/** The helplines and 112: what each number is for. Facts and sources: docs/helplines.md. */
export const HELPLINE_ENTRIES: readonly KnowledgeEntry[] = [
  {
    id: 'helplines',
    intent: 'helplines',
    title: 'Helplines: all the numbers and what each is for',
    text: `${LIST}\nAll of them are on the Helplines page, which works offline: tap a number to call it or copy it.`,
    numbers: HELPLINES.map((h) => h.number),
    keywords: [
      'helpline',
      'helplines',
      'numbers',
      'list',
      'list of numbers',
      'all helplines',
      'toll free',
      'emergency numbers',
      'numbar',
      'get help',
      'where to get help',
      'हेल्पलाइन',
      'नंबर',
    ],
    actions: [A.helplines, A.call112, A.call181],
  },
  {
    id: 'helpline-112',
    intent: 'helplines',
    title: '112, the emergency number',
    text:
      '112 is India’s single emergency number: one call reaches the police, fire service and ambulance. It works from any phone, day and night. On a smartphone, pressing the power button three times quickly also calls it.\n' +
      'Say where you are (a landmark, a shop, a street name) and what is happening. If you cannot talk, stay on the line.\n' +
      'Emergency SOS in Wings opens Call 112 at once, and sends your position to your trusted contacts.',
    numbers: ['112'],
    keywords: [
      '112',
      'emergency number',
      'ek ek do',
      'single number',
      'national emergency',
      'ERSS',
      'आपातकालीन',
      'इमरजेंसी',
    ],
    actions: [A.call112, A.sos, A.helplines],
  },
  {
    id: 'helpline-181',
    intent: 'helplines',
    title: '181, the Women Helpline',
    text:
      '181 is the Women Helpline, for any woman facing violence, at home or outside: domestic abuse, dowry harassment, stalking, sexual violence. It is free and open day and night, in every state but West Bengal.\n' +
      'It listens, and connects you to the police, a doctor, legal help, counselling, or a One Stop Centre (Sakhi) near you, where you can also stay safely for a short time.\n' +
      'If you are in danger now, call 112.',
    numbers: ['181', '112'],
    keywords: [
      '181',
      'women helpline',
      'women helpline number',
      'mahila helpline',
      'ladies helpline',
      'women in distress',
      'domestic abuse helpline',
      'one stop centre',
      'sakhi',
      'mission shakti',
      'mahila',
      'महिला हेल्पलाइन',
      'महिला',
    ],
    actions: [A.call181, A.call112, A.helplines],
  },
  {
    id: 'helpline-1091',
    intent: 'helplines',
    title: '1091, a women helpline in Delhi and some other cities',
    text:
      '1091 is a police helpline for women harassed or threatened, in Delhi, Karnataka, Kerala, Chennai and some other cities; it is not national.\n' +
      'Anywhere in India, 181 is the Women Helpline, and in an emergency 112 is the fastest.',
    numbers: ['1091', '181', '112'],
    keywords: ['1091', 'ten ninety one', 'delhi women helpline', 'karnataka', 'kerala', 'chennai'],
    actions: [A.call1091, A.call181, A.call112],
  },
  {
    id: 'helpline-police',
    intent: 'helplines',
    title: 'The police helpline: 100, and 112 in an emergency',
    text:
      '100 is the police. In many states calls to 100 now reach 112, the single emergency number, which sends police, fire or an ambulance.\n' +
      'In an emergency, call 112. To complain about a crime that is over, go to any police station, wherever it happened: they must register a Zero FIR and send it on (see: how to file a police complaint).',
    numbers: ['100', '112'],
    keywords: [
      '100',
      'police',
      'police number',
      'police helpline',
      'police help',
      'cops',
      'thana',
      'pulis',
      'पुलिस',
      'police station number',
    ],
    actions: [A.call112, A.call100, A.helplines],
  },
  {
    id: 'helpline-medical',
    intent: 'helplines',
    title: 'Ambulance and health: 108, 102, 104',
    text:
      '108 is the emergency ambulance, free, in most states; 112 reaches an ambulance too.\n' +
      '102 is the free ambulance for pregnant women, new mothers and sick infants in most states (in Delhi it is the ambulance).\n' +
      '104 gives medical advice on the phone in many states.\n' +
      'After a rape or an acid attack, every hospital, government or private, must treat you free of charge.',
    numbers: ['108', '102', '104', '112'],
    keywords: [
      'ambulance',
      'ambulance number',
      'hospital',
      'doctor',
      'medical',
      'injured',
      'health',
      'health helpline',
      'pregnant',
      'delivery',
      'baby',
      '102',
      '108',
      '104',
      'एम्बुलेंस',
      'अस्पताल',
    ],
    actions: [A.call108, A.call102, A.call104, A.call112],
  },
  {
    id: 'helpline-1098',
    intent: 'helplines',
    title: '1098, the child helpline',
    text:
      '1098 is the child helpline, day and night: call it about a child (anyone under 18) who is abused, harassed, lost, working or in danger. You can call for a child you know or for yourself.\n' +
      'If the child is in danger now, call 112.',
    numbers: ['1098', '112'],
    keywords: [
      '1098',
      'child',
      'children',
      'child helpline',
      'child line',
      'childline',
      'child abuse',
      'child labour',
      'kid',
      'kids',
      'minor',
      'under 18',
      'बच्चों की हेल्पलाइन',
    ],
    actions: [A.call1098, A.call112],
  },
  {
    id: 'helpline-14567',
    intent: 'helplines',
    title: '14567, Elder Line for senior citizens',
    text:
      '14567 is Elder Line, the helpline for senior citizens (8 am to 8 pm): information, guidance on pensions and legal problems, emotional support, and help when an older person is abused or neglected.\n' +
      'In an emergency, call 112.',
    numbers: ['14567', '112'],
    keywords: ['14567', 'senior citizen', 'elderly', 'old age', 'elder line', 'old parents', 'buzurg', 'बुजुर्ग'],
    actions: [A.call14567, A.call112],
  },
  {
    id: 'helpline-railway',
    intent: 'helplines',
    title: '139, Rail Madad: help on trains and at stations',
    text:
      '139 (Rail Madad) is the railway helpline, day and night: security or medical help on a train or at a station, and complaints. It replaced the old railway security number 182; 131 is no longer in use.\n' +
      'On a train, move to the ladies’ coach or near other women, and tell the guard, the TTE or the railway police. In danger, call 112.',
    numbers: ['139', '112'],
    keywords: [
      '139',
      'rail madad',
      'railway',
      'railway helpline',
      'train helpline',
      'train',
      'station',
      'local train',
      'rpf',
      'grp',
      'railway police',
      'rail',
      'रेलवे',
      'ट्रेन',
    ],
    actions: [A.call139, A.call112],
  },
  {
    id: 'helpline-cyber',
    intent: 'helplines',
    title: '1930 and cybercrime.gov.in: cyber crime',
    text:
      '1930 is the national cyber crime helpline: call it at once after an online fraud, so the money can be stopped.\n' +
      'For online harassment, morphed photos, fake profiles, threats or blackmail, complain at cybercrime.gov.in (you can do it without giving your name for some crimes against women), or at any police station.\n' +
      'Keep screenshots with dates and links; do not pay or send anything to a blackmailer.',
    numbers: ['1930'],
    keywords: [
      '1930',
      'cyber crime',
      'cybercrime',
      'cyber cell',
      'online fraud',
      'fraud',
      'upi fraud',
      'scam',
      'cybercrime.gov.in',
      'साइबर',
      'साइबर क्राइम',
    ],
    actions: [A.call1930, A.call112],
  },
  {
    id: 'helpline-mental-health',
    intent: 'helplines',
    title: '14416, Tele-MANAS: when you feel low or think of suicide',
    text:
      '14416 (Tele-MANAS) is the free mental health helpline, day and night, in 20 languages: stress, fear, sadness, panic, or thoughts of ending your life. 1-800-891-4416 works too.\n' +
      'If you or a friend might act on thoughts of suicide now, call 112, stay together, and keep pills, blades and heights away.\n' +
      'Talking helps: tell someone you trust how you feel.',
    numbers: ['14416', '112'],
    keywords: [
      '14416',
      'tele manas',
      'telemanas',
      'mental health',
      'suicide',
      'suicidal',
      'suicide helpline',
      'self harm',
      'depression',
      'counselling',
      'therapist',
      'talk to someone',
      'mann',
      'आत्महत्या',
      'मानसिक',
    ],
    actions: [A.call14416, A.call112],
  },
  {
    id: 'helpline-ncw',
    intent: 'helplines',
    title: '7827170170, the National Commission for Women',
    text:
      '7827170170 is the helpline of the National Commission for Women, day and night: complaints and counselling for women facing violence, and referral to the police, legal aid and hospitals.\n' +
      'You can also complain to the NCW online. In danger now, call 112.',
    numbers: ['7827170170', '112'],
    keywords: [
      'ncw',
      'national commission for women',
      'mahila aayog',
      'women commission',
      'महिला आयोग',
      'whatsapp helpline',
    ],
    actions: [A.callNcw, A.call181, A.call112],
  },
  {
    id: 'helpline-legal-aid',
    intent: 'helplines',
    title: '15100, free legal aid',
    text:
      '15100 is the free legal aid helpline of the National Legal Services Authority (NALSA): legal advice, and a free lawyer. Every woman has the right to free legal aid, whatever her income.\n' +
      'You can also go to the District Legal Services Authority at your district court.',
    numbers: ['15100'],
    keywords: ['15100', 'legal aid', 'free lawyer', 'lawyer', 'nalsa', 'legal help', 'vakil', 'वकील', 'कानूनी मदद'],
    actions: [A.call15100, A.call181],
  },
  {
    id: 'helpline-city',
    intent: 'helplines',
    title: 'City and state lines for women: 103 Mumbai, 1090 Uttar Pradesh',
    text:
      '103 is the Mumbai Police helpline for women; if it does not answer, call 112.\n' +
      '1090 is the Women Power Line of the Uttar Pradesh Police, for women harassed, stalked or threatened.\n' +
      'Anywhere in India: 112 in an emergency, 181 the Women Helpline.',
    numbers: ['103', '1090', '112', '181'],
    keywords: ['103', '1090', 'mumbai police', 'mumbai', 'women power line', 'uttar pradesh', 'up police', 'lucknow'],
    actions: [A.call103, A.call1090, A.call112],
  },
  {
    id: 'helpline-other',
    intent: 'helplines',
    title: 'Other numbers: 101 fire, 1033 highways, 1073 road accidents, 1031',
    text:
      '101 is the fire brigade (112 works too).\n' +
      '1033 is for accidents and emergencies on national highways; 1073 is the traffic police line for road accidents in Haryana and Uttar Pradesh.\n' +
      '1031 is the anti-corruption helpline in Delhi.\n' +
      'At a road accident, call 112 or 108.',
    numbers: ['101', '1033', '1073', '1031', '112'],
    keywords: [
      'fire',
      'traffic',
      'road accident',
      'accident',
      'highway',
      'corruption',
      'bribe',
      'aag',
      '101',
      '1033',
      '1073',
      '1031',
    ],
    actions: [A.call112, A.call101, A.call1033, A.helplines],
  },
]
