// No schema here: the helplines are on every page, and a schema would load the TypeBox builder with them.

/**
 * A helpline: its number, name, what it is for and where it works. The one list the helplines screen, SOS and
 * Saathi read. Every fact is checked, with its source, in docs/helplines.md; the spec's list had mistakes (131, 103,
 * 108, 1090), corrected as PRODUCT.md decides.
 */
export interface Helpline {
  number: string
  name: string
  /** What to call it for, in one sentence. */
  purpose: string
  /** Where it works: "All India", a state, a city. */
  area: string
}

export const HELPLINES: readonly Helpline[] = [
  {
    number: '112',
    name: 'Emergency',
    purpose: 'Police, fire and ambulance in one call, day and night, from any phone.',
    area: 'All India',
  },
  {
    number: '181',
    name: 'Women Helpline',
    purpose:
      'Any woman facing violence, at home or outside: help from the police, a doctor, a lawyer, counselling or a One Stop Centre. Day and night.',
    area: 'All states except West Bengal',
  },
  {
    number: '1091',
    name: 'Women helpline (police)',
    purpose: 'The police helpline for women harassed or threatened.',
    area: 'Delhi, Karnataka, Kerala, Chennai and some other cities',
  },
  {
    number: '100',
    name: 'Police',
    purpose: 'The police; in many states calls now reach 112.',
    area: 'All India',
  },
  {
    number: '108',
    name: 'Ambulance',
    purpose: 'The emergency ambulance, free.',
    area: 'Most states',
  },
  {
    number: '1098',
    name: 'Child helpline',
    purpose: 'Any child (under 18) hurt, abused, lost or in danger; anyone can call for a child. Day and night.',
    area: 'All India',
  },
  {
    number: '14416',
    name: 'Tele-MANAS',
    purpose:
      'Mental health: someone to talk to about stress, fear, sadness or thoughts of suicide. Free, day and night.',
    area: 'All India, in 20 languages',
  },
  {
    number: '1930',
    name: 'Cyber crime',
    purpose:
      'Online fraud (call at once, so the money can be stopped); for harassment, morphed photos or blackmail online, complain at cybercrime.gov.in.',
    area: 'All India',
  },
  {
    number: '7827170170',
    name: 'National Commission for Women',
    purpose:
      'Complaints and counselling for women facing violence, and referral to the police or legal aid. Day and night.',
    area: 'All India',
  },
  {
    number: '15100',
    name: 'Legal aid (NALSA)',
    purpose: 'Free legal advice, and a free lawyer: every woman has the right to one.',
    area: 'All India',
  },
  {
    number: '139',
    name: 'Railway',
    purpose: 'Rail Madad: security or medical help on a train or at a station, and railway complaints.',
    area: 'Indian Railways, all India',
  },
  {
    number: '102',
    name: 'Ambulance (mothers and infants)',
    purpose: 'Free ambulance for pregnant women, new mothers and sick infants.',
    area: 'Most states (in Delhi, the ambulance)',
  },
  {
    number: '101',
    name: 'Fire',
    purpose: 'The fire brigade.',
    area: 'All India',
  },
  {
    number: '104',
    name: 'Health',
    purpose: 'Medical advice on the phone.',
    area: 'Many states (hours differ)',
  },
  {
    number: '14567',
    name: 'Senior citizen',
    purpose: 'Elder Line: help, information and support for older people, and when they are abused. 8 am to 8 pm.',
    area: 'All India',
  },
  {
    number: '103',
    name: 'Mumbai Police helpline for women',
    purpose: 'The Mumbai Police helpline for women; if it does not answer, call 112.',
    area: 'Mumbai',
  },
  {
    number: '1090',
    name: 'Women Power Line',
    purpose: 'The Uttar Pradesh Police helpline for women harassed, stalked or threatened.',
    area: 'Uttar Pradesh',
  },
  {
    number: '1073',
    name: 'Road accident',
    purpose: 'Traffic police, for road accidents.',
    area: 'Haryana and Uttar Pradesh',
  },
  {
    number: '1033',
    name: 'National highways',
    purpose: 'Accidents and emergencies on a national highway (NHAI).',
    area: 'National highways',
  },
  {
    number: '1031',
    name: 'Anti corruption',
    purpose: 'To complain about a bribe asked by an official.',
    area: 'Delhi',
  },
]

/** The helpline with this number (the list is short: a search is enough). */
export function helpline(number: string): Helpline | undefined {
  return HELPLINES.find((h) => h.number === number)
}
