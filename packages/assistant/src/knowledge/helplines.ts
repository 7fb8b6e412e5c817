import type { KnowledgeEntry } from '../types.ts'
import { ACTIONS as A } from './actions.ts'

/** The helplines and 112: what each number is for. */
export const HELPLINE_ENTRIES: readonly KnowledgeEntry[] = [
  {
    id: 'helplines',
    intent: 'helplines',
    title: 'Helplines: all the numbers and what each is for',
    text:
      '112: the emergency number for police, fire and ambulance, from any phone, day and night. The SOS sheet in Wings has a Call 112 button.\n' +
      '1091 Women helpline: for a woman in distress, harassed or threatened.\n' +
      '181 Domestic abuse: the women’s helpline for violence at home or anywhere; it connects to One Stop Centres, counselling, legal help and the police.\n' +
      '100 Police · 101 Fire · 102 Ambulance · 108 Disaster management · 103 Traffic police · 104 Health advice · 1098 Child abuse (anyone under 18) · 14567 Senior citizens · 131 Railway · 1073 Road accident · 1031 Anti corruption · 1090 Anti terror.\n' +
      'All of them are on the Helplines page, which works offline: tap a number to call it or copy it.',
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
    actions: [A.helplines, A.call112, A.call1091, A.call181],
  },
  {
    id: 'helpline-112',
    intent: 'helplines',
    title: '112, the emergency number',
    text:
      '112 is India’s single emergency number: one call reaches the police, fire service and ambulance. It works from any phone, day and night.\n' +
      'Say where you are (a landmark, a shop, a street name) and what is happening. If you cannot talk, stay on the line.\n' +
      'Emergency SOS in Wings opens Call 112 at once, and sends your position to your trusted contacts.',
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
    id: 'helpline-1091',
    intent: 'helplines',
    title: '1091, for women in distress',
    text:
      '1091 is the Women helpline: call it if you are a woman in distress, being harassed, followed or threatened, on the street, in transport or at home. It is free and open day and night.\n' +
      'In an emergency 112 is the fastest: it sends police, fire or an ambulance.',
    keywords: [
      '1091',
      'women helpline',
      'women helpline number',
      'mahila helpline',
      'ladies helpline',
      'women in distress',
      'mahila',
      'महिला हेल्पलाइन',
      'महिला',
    ],
    actions: [A.call1091, A.call112, A.helplines],
  },
  {
    id: 'helpline-181',
    intent: 'helplines',
    title: '181, for violence against women at home or anywhere',
    text:
      '181 is the women’s helpline for violence at home or anywhere else: domestic abuse, dowry harassment, sexual violence. It is free and open day and night.\n' +
      'It listens, and connects you to a One Stop Centre (Sakhi) near you for medical help, counselling, legal advice, police help and a safe place to stay for a short time.\n' +
      'If you are in danger now, call 112.',
    keywords: [
      '181',
      'domestic abuse helpline',
      'one stop centre',
      'sakhi',
      'mission shakti',
      'counselling',
      'ek sau ikyasi',
    ],
    actions: [A.call181, A.call112, A.helplines],
  },
  {
    id: 'helpline-police',
    intent: 'helplines',
    title: '100, the police',
    text:
      '100 is the police. In many states calls to 100 now reach 112, the single emergency number, which sends police, fire or an ambulance.\n' +
      'In an emergency, call 112. To complain about a crime that is over, you can also go to any police station (see: how to file a police complaint).',
    keywords: ['100', 'police', 'police number', 'cops', 'thana', 'pulis', 'पुलिस', 'police station number'],
    actions: [A.call112, A.call100, A.helplines],
  },
  {
    id: 'helpline-medical',
    intent: 'helplines',
    title: 'Ambulance and health: 102, 108, 104',
    text:
      '102 is the ambulance. 108 is listed for disaster management, and in many states it is also the emergency ambulance. 112 reaches an ambulance too.\n' +
      '104 is the health helpline: medical advice and information on the phone.\n' +
      'After a sexual assault or an acid attack, any hospital, government or private, must treat you free of charge.',
    keywords: [
      'ambulance',
      'ambulance number',
      'hospital',
      'doctor',
      'medical',
      'injured',
      'health',
      'health helpline',
      '102',
      '108',
      '104',
      'एम्बुलेंस',
      'अस्पताल',
    ],
    actions: [A.call102, A.call108, A.call104, A.call112],
  },
  {
    id: 'helpline-1098',
    intent: 'helplines',
    title: '1098, for children at risk',
    text:
      '1098 is the helpline for children: call it about a child (anyone under 18) who is abused, harassed, lost, working or in danger. You can call for a child you know or for yourself.\n' +
      'If the child is in danger now, call 112.',
    keywords: [
      '1098',
      'child',
      'children',
      'child abuse',
      'childline',
      'minor',
      'under 18',
      'girl child',
      'beti',
      'bachchi',
      'बच्चा',
      'बच्ची',
      'daughter',
    ],
    actions: [A.call1098, A.call112],
  },
  {
    id: 'helpline-14567',
    intent: 'helplines',
    title: '14567, for senior citizens',
    text:
      '14567 is the helpline for senior citizens: information, guidance and emotional support, and help when an older person is abused or neglected.\n' +
      'In an emergency, call 112.',
    keywords: [
      '14567',
      'senior citizen',
      'elderly',
      'old age',
      'elder line',
      'grandmother',
      'grandfather',
      'old parents',
      'buzurg',
      'बुजुर्ग',
    ],
    actions: [A.call14567, A.call112],
  },
  {
    id: 'helpline-other',
    intent: 'helplines',
    title: 'Other numbers: 101 fire, 103 traffic, 131 railway, 1073 road accident, 1031, 1090',
    text:
      '101 Fire · 103 Traffic police · 131 Railway · 1073 Road accident · 1031 Anti corruption · 1090 Anti terror.\n' +
      'On a train or at a station, if you feel unsafe, tell the staff or the railway police, or call 112. At a road accident, call 112 or 1073.',
    keywords: [
      'fire',
      'traffic',
      'railway',
      'railway helpline',
      'train helpline',
      'train',
      'station',
      'road accident',
      'accident',
      'corruption',
      'bribe',
      'terror',
      'aag',
      'rail',
      '101',
      '103',
      '131',
      '1073',
      '1031',
      '1090',
    ],
    actions: [A.call112, A.call101, A.call1073, A.helplines],
  },
]
