import type { AssistantAction, KnowledgeEntry } from './types.ts'

/**
 * The knowledge base written for Wings. Every phone number in it is India's emergency number (112) or one of the
 * app's helplines (HELPLINE_NUMBERS, the same list as @wings/contract's HELPLINES; a test checks both). Texts are
 * plain text; a line break separates steps.
 */

/**
 * The numbers of the app's helplines (packages/contract/src/helplines.ts, in its order), copied so that this package
 * has no runtime dependency; a test checks they are the same.
 */
export const HELPLINE_NUMBERS: readonly string[] = [
  '1091',
  '14567',
  '1098',
  '100',
  '101',
  '102',
  '103',
  '104',
  '108',
  '131',
  '181',
  '1031',
  '1073',
  '1090',
]

/** India's single emergency number, used by SOS. */
export const EMERGENCY = '112'

const call = (number: string): AssistantAction => ({ type: 'call', label: `Call ${number}`, number })

/** The buttons answers carry (the app renders them). */
export const ACTIONS = {
  sos: { type: 'sos', label: 'Send SOS' },
  call112: call('112'),
  call1091: call('1091'),
  call181: call('181'),
  call100: call('100'),
  call102: call('102'),
  call108: call('108'),
  call104: call('104'),
  call1098: call('1098'),
  call14567: call('14567'),
  call101: call('101'),
  call1073: call('1073'),
  planner: { type: 'open', label: 'Open route planner', to: '/routeplanner' },
  savedRoutes: { type: 'open', label: 'Saved routes', to: '/routes' },
  scorer: { type: 'open', label: 'Route safety estimator', to: '/routescorer' },
  scores: { type: 'open', label: 'How scores work', to: '/routecalculation' },
  report: { type: 'open', label: 'Report an incident', to: '/report' },
  helplines: { type: 'open', label: 'Helplines', to: '/help' },
  safety: { type: 'open', label: 'Safety tools', to: '/safety' },
  stories: { type: 'open', label: 'Stories', to: '/blog' },
  signUp: { type: 'open', label: 'Sign up', to: '/signup' },
  logIn: { type: 'open', label: 'Log in', to: '/login' },
  privacy: { type: 'open', label: 'Privacy', to: '/privacy' },
} as const satisfies Record<string, AssistantAction>

const A = ACTIONS

export const KNOWLEDGE: readonly KnowledgeEntry[] = [
  // --- Helplines ---------------------------------------------------------------------------------------------------
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
  // --- Followed ----------------------------------------------------------------------------------------------------
  {
    id: 'followed-walking',
    intent: 'followed',
    title: 'What to do when someone follows you',
    text:
      'Trust the feeling. Do not go home, so he does not learn where you live.\n' +
      'Go towards people and light: a shop, a restaurant, a petrol pump, a hospital, a police booth. Tell the staff someone is following you and ask to wait there.\n' +
      'Call someone and talk loudly, say where you are. Press SOS to send your position to your trusted contacts.\n' +
      'If he comes close or you feel in danger, call 112 (or 1091, the Women helpline). Shout, and name a person: "You in the blue shirt, help me".',
    keywords: [
      'followed',
      'following',
      'follows',
      'follow',
      'behind me',
      'tailing',
      'chasing',
      'peecha',
      'picha',
      'peecha karna',
      'pichha',
      'pichhe',
      'पीछा',
      'पीछे',
      'man behind',
    ],
    actions: [A.sos, A.call112, A.call1091, A.safety],
  },
  {
    id: 'followed-vehicle',
    intent: 'followed',
    title: 'When a car or bike follows you',
    text:
      'Keep to busy, lit roads and do not stop in a lonely place. If you are walking, turn and walk the other way: a vehicle cannot follow easily.\n' +
      'If you are driving, do not drive home: drive to a police station, a petrol pump or a busy market, keep the doors locked and the windows up.\n' +
      'Note the number plate, colour and model if you can do it safely. Call 112 and say where you are going.',
    keywords: [
      'car following',
      'bike following',
      'scooter',
      'vehicle',
      'number plate',
      'gaadi',
      'bike wala',
      'driving',
      'two wheeler',
      'motorcycle',
      'गाड़ी',
    ],
    actions: [A.call112, A.sos, A.call1091],
  },
  {
    id: 'stalking',
    intent: 'followed',
    title: 'Stalking: when the same person keeps following or watching you',
    text:
      'Stalking is a crime in India: following a woman, contacting her again and again when she has said no, or watching her online.\n' +
      'Keep a record: dates, times, places, screenshots, photos of him or his vehicle if safe. Tell people you trust and vary your routes.\n' +
      'Complain to the police (call 112 or 1091, or go to a police station: they must register your complaint) and report it in Wings so other women are warned.\n' +
      'Share your live location and set a check-in when you travel.',
    keywords: [
      'stalker',
      'stalking',
      'stalked',
      'same man',
      'every day',
      'keeps following',
      'waits outside',
      'watching me',
      'obsessed',
      'ex boyfriend',
      'rozana',
      'roz',
    ],
    actions: [A.call1091, A.call112, A.report, A.safety],
  },
  // --- Harassment --------------------------------------------------------------------------------------------------
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
  // --- Cabs and travel -----------------------------------------------------------------------------------------------
  {
    id: 'cab-safety',
    intent: 'cab',
    title: 'Cab and auto safety: before and during the ride',
    text:
      'Before you get in: check that the number plate, car and driver match the app. Share the trip from the ride app, or a live location link from Wings, with someone you trust.\n' +
      'Sit in the back seat. Check that your door opens from the inside (a child lock should not be on) and that you can lower the window.\n' +
      'Keep your phone charged and the map open to follow the route. Talk on the phone and mention that someone is tracking your ride.\n' +
      'If something is wrong, press the ride app’s safety button or SOS in Wings, or call 112.',
    keywords: [
      'cab',
      'cab safety',
      'cab tips',
      'taxi',
      'uber',
      'ola',
      'rapido',
      'alone in a cab',
      'auto',
      'auto rickshaw',
      'rickshaw',
      'ride',
      'driver',
      'booking',
      'share trip',
      'child lock',
      'back seat',
      'number plate',
      'gaadi',
      'taxi wala',
      'auto wala',
      'कैब',
      'टैक्सी',
      'ऑटो',
    ],
    actions: [A.safety, A.sos, A.call112],
  },
  {
    id: 'cab-wrong-route',
    intent: 'cab',
    title: 'When the driver changes route or behaves badly',
    text:
      'Ask firmly why he left the route and tell him to go back to the main road. Speak on the phone loudly, giving the car number and where you are.\n' +
      'Press SOS to send your live location to your trusted contacts, and use the ride app’s safety button.\n' +
      'If he does not stop, or locks the doors, or you feel in danger, call 112. At a signal or a busy place, get out if you can.\n' +
      'Afterwards, report the driver to the ride company and in Wings.',
    keywords: [
      'wrong route',
      'different route',
      'wrong way',
      'changed route',
      'driver drunk',
      'driver misbehaving',
      'driver rude',
      'not stopping',
      'isolated road',
      'galat rasta',
      'rasta badal',
      'galat raste',
      'le jaye',
      'kahin aur',
      'somewhere else',
      'driver staring',
    ],
    actions: [A.sos, A.call112, A.call1091, A.report],
  },
  {
    id: 'travel-night',
    intent: 'cab',
    title: 'Getting home late at night',
    text:
      'Plan the way home before you leave: the route planner shows the safest of the routes and why.\n' +
      'Prefer a booked cab or a known auto stand to waiting alone at an empty stop. Wait where there is light and people.\n' +
      'Share your live location, or set a check-in ("I’ll be there by"), so someone knows when to expect you.\n' +
      'Keep your phone charged and your keys ready before you reach the door.',
    keywords: [
      'late night',
      'night',
      'raat',
      'after dark',
      'coming home',
      'getting home',
      'ghar jana',
      'ghar kaise jaun',
      'safely home',
      'late bus',
      'late',
      'office late',
      'night shift',
      'raat ko',
      'रात',
    ],
    actions: [A.planner, A.safety, A.sos],
  },
  // --- Home ----------------------------------------------------------------------------------------------------------
  {
    id: 'domestic-violence',
    intent: 'home',
    title: 'Violence at home (domestic abuse)',
    text:
      'What is happening is not your fault. Domestic violence is not only hitting: threats, insults, control of money, forced sex and stopping you from meeting people are abuse too.\n' +
      'The Protection of Women from Domestic Violence Act (2005) lets you ask a court for protection, the right to stay in the shared home, and money for expenses, through a Protection Officer or a lawyer.\n' +
      'Call 181 to talk to someone and reach a One Stop Centre. If you are in danger now, call 112.\n' +
      'Make a safety plan, and use Quick exit if someone may see your screen.',
    keywords: [
      'domestic violence',
      'domestic abuse',
      'husband',
      'father',
      'locked me in',
      'insults',
      'taunts',
      'salary',
      'controls money',
      'in laws',
      'sasural',
      'family',
      'beats',
      'hits',
      'marital',
      'abusive',
      'partner',
      'boyfriend',
      'pati',
      'ghar',
      'gharelu hinsa',
      'maarta',
      'pitai',
      'पति',
      'घरेलू हिंसा',
      'ससुराल',
    ],
    actions: [A.call181, A.call112, A.call1091, A.sos],
  },
  {
    id: 'safety-plan',
    intent: 'home',
    title: 'Making a safety plan',
    text:
      'Decide where you would go (a friend, family, a One Stop Centre through 181) and how you would get there.\n' +
      'Keep a bag ready or with someone you trust: ID, Aadhaar, bank papers, some money, medicines, a charger, spare keys.\n' +
      'Agree a code word with a trusted person that means "call the police". Learn 112 and 181 by heart.\n' +
      'Add trusted contacts in Wings so SOS reaches them by SMS. Clear your history, and remember that Quick exit or the Escape key leaves the app at once.',
    keywords: [
      'safety plan',
      'plan to leave',
      'leave home',
      'escape',
      'run away',
      'leave him',
      'documents',
      'bag',
      'code word',
      'shelter',
      'where to go',
      'ghar chhodna',
    ],
    actions: [A.call181, A.safety, A.call112],
  },
  {
    id: 'home-alone',
    intent: 'home',
    title: 'Safety at home: the door, strangers and intruders',
    text:
      'Do not open the door to someone you do not expect: talk through the door or a peephole. Delivery can be left outside; check repair people with their company.\n' +
      'Do not tell strangers you live alone. Keep doors locked and your phone charged near you at night.\n' +
      'If someone tries to get in, call 112 at once and make noise; call a neighbour.\n' +
      'Set up trusted contacts in Wings so one press of SOS reaches them.',
    keywords: [
      'home alone',
      'alone at home',
      'live alone',
      'door',
      'stranger at door',
      'knocking',
      'intruder',
      'break in',
      'delivery',
      'landlord',
      'neighbour',
      'akeli',
      'ghar par akeli',
      'अकेली',
    ],
    actions: [A.call112, A.safety, A.sos],
  },
  {
    id: 'dowry',
    intent: 'home',
    title: 'Dowry demands and harassment',
    text:
      'Giving, taking or demanding dowry is a crime in India (Dowry Prohibition Act), and cruelty by a husband or his family for dowry is a crime too.\n' +
      'Keep proof: messages, lists of demands, names of witnesses. Call 181 for advice and support, or 1091.\n' +
      'You can complain to the police or to the Dowry Prohibition Officer. If you are in danger, call 112.',
    keywords: ['dowry', 'dahej', 'dehej', 'दहेज', 'in laws demand', 'money demand', 'marriage', 'shaadi', 'शादी'],
    actions: [A.call181, A.call1091, A.call112],
  },
  // --- Survivors -----------------------------------------------------------------------------------------------------
  {
    id: 'survivor-first-steps',
    intent: 'survivor',
    title: 'After a sexual assault: first steps',
    text:
      'It was not your fault, whatever you wore, drank or said.\n' +
      'First get to a safe place and call someone you trust. If you are hurt or in danger, call 112.\n' +
      'Get medical care: every hospital, government or private, must treat you free of charge. It can prevent infection and pregnancy; a medical examination is done only with your consent.\n' +
      'If you may complain later, try to keep the clothes in a paper bag and not bathe before the examination, but your care comes first.\n' +
      '181 connects you to a One Stop Centre: medical, police and legal help and counselling in one place.',
    keywords: [
      'rape',
      'raped',
      'sexual assault',
      'assaulted',
      'molested',
      'abused',
      'survivor',
      'victim',
      'what happened to me',
      'galat hua',
      'after assault',
      'medical exam',
      'evidence',
      'balatkar',
      'बलात्कार',
      'यौन हिंसा',
    ],
    actions: [A.call181, A.call112, A.call102, A.sos],
  },
  {
    id: 'survivor-one-stop-centre',
    intent: 'survivor',
    title: 'One Stop Centres (Sakhi)',
    text:
      'One Stop Centres, also called Sakhi centres, are in most districts: they help women affected by violence with medical aid, police help, legal advice, counselling and a short stay in a safe place, all in one place and free.\n' +
      'Call 181 to reach the one near you.',
    keywords: [
      'one stop centre',
      'one stop center',
      'sakhi',
      'osc',
      'shelter',
      'support centre',
      'counselling centre',
      'सखी',
    ],
    actions: [A.call181, A.call112],
  },
  {
    id: 'survivor-friend',
    intent: 'survivor',
    title: 'How to support someone who was assaulted or abused',
    text:
      'Believe her. Listen without asking why she went there or what she wore: blame hurts.\n' +
      'Ask what she needs, and let her decide what to do next; do not force her to go to the police.\n' +
      'Offer to go with her to a doctor, to the police or to a One Stop Centre; 181 can help both of you.\n' +
      'Stay in touch in the weeks after. If she is in danger now, call 112.',
    keywords: [
      'friend',
      'sister',
      'support her',
      'my friend',
      'someone i know',
      'she told me',
      'believe',
      'dost',
      'saheli',
      'behen',
      'dost ke saath galat hua',
      'सहेली',
    ],
    actions: [A.call181, A.call112],
  },
  {
    id: 'survivor-rights',
    intent: 'survivor',
    title: 'Your rights after sexual violence',
    text:
      'You can file a complaint at any police station (Zero FIR); a woman officer records your statement, and you can have someone you trust with you.\n' +
      'Your name must not be published. Treatment at any hospital is free, and the medical examination needs your consent.\n' +
      'You are entitled to free legal aid through the Legal Services Authority in your district. The National Commission for Women (NCW) also takes complaints online.\n' +
      '181 can guide you through each step.',
    keywords: [
      'rights',
      'legal',
      'law',
      'lawyer',
      'court',
      'legal aid',
      'ncw',
      'national commission for women',
      'justice',
      'kanoon',
      'vakil',
      'adhikar',
      'कानून',
      'अधिकार',
    ],
    actions: [A.call181, A.helplines],
  },
  {
    id: 'survivor-feelings',
    intent: 'survivor',
    title: 'Coping after a frightening experience',
    text:
      'Fear, anger, shame, numbness, bad dreams or not being able to go out are common after violence or harassment. They are not weakness, and they can get better.\n' +
      'Talk to someone you trust. 181 offers counselling and can connect you to a counsellor; 104 gives health advice.\n' +
      'Reading or writing stories on the Wings blog, anonymously if you like, helps some women feel less alone.\n' +
      'If you feel you might harm yourself, call 112 now.',
    keywords: [
      'trauma',
      'anxiety',
      'depressed',
      'depression',
      'cannot sleep',
      'nightmares',
      'feel low',
      'sad',
      'counsellor',
      'therapy',
      'mental health',
      'cope',
      'coping',
      'ptsd',
      'tension',
      'udaas',
      'dukhi',
    ],
    actions: [A.call181, A.call104, A.stories],
  },
  // --- Wings features ------------------------------------------------------------------------------------------------
  {
    id: 'app-sos',
    intent: 'app',
    title: 'How Emergency SOS works',
    text:
      'The Emergency SOS button is in the header of every page. After you confirm, it opens a sheet at once with Call 112, then finds your position.\n' +
      'From the sheet you can send your position by WhatsApp, by SMS to all your trusted contacts (SMS works without mobile data), or through your phone’s share menu. Online, the message carries a live location link.\n' +
      'Without a fresh position it uses the last one known, and says how old it is. Add trusted contacts first on Safety tools.',
    keywords: [
      'sos',
      'emergency button',
      'panic button',
      'sos button',
      'alert',
      'send location',
      'emergency sos',
      'red button',
      'how sos works',
      'एसओएस',
    ],
    actions: [A.sos, A.safety, A.call112],
  },
  {
    id: 'app-trusted-contacts',
    intent: 'app',
    title: 'Trusted contacts',
    text:
      'Trusted contacts are the people SOS messages by SMS. Add them on Safety tools (or your profile): a name and a phone number.\n' +
      'Signed out, they stay on this phone; signed in, they are kept with your account and reach your other devices.\n' +
      'Tell them you added them, and what an SOS from you means.',
    keywords: [
      'trusted contacts',
      'trusted contact',
      'emergency contacts',
      'add contact',
      'change contacts',
      'edit contact',
      'remove contact',
      'family contacts',
      'guardian',
      'parents number',
      'contacts',
      'who gets sos',
      'sms',
    ],
    actions: [A.safety],
  },
  {
    id: 'app-live-location',
    intent: 'app',
    title: 'Sharing your live location',
    text:
      'On Safety tools, share your live location for 15 minutes, 1 hour or 4 hours. You get a link that anyone can open without an account; send it to someone you trust.\n' +
      'They see your position on a map, updated while you move. Stop sharing at any time: the link ends at once and your position is deleted.',
    keywords: [
      'live location',
      'share location',
      'location sharing',
      'track me',
      'tracking',
      'share my location',
      'live link',
      'gps',
      'where i am',
      'family see',
      'mom',
      'location bhejna',
      'लोकेशन',
    ],
    actions: [A.safety, A.sos],
  },
  {
    id: 'app-checkin',
    intent: 'app',
    title: 'The check-in timer ("I’ll be there by")',
    text:
      'On Safety tools, set "I’ll be there by" a time or in a number of minutes, with where you are going. It shares your live location until then.\n' +
      'A reminder comes shortly before. Tap "I’m safe" when you arrive. If you have not, at the deadline the SOS sheet opens, and the people with your link see "Missed check-in".',
    keywords: [
      'check in',
      'checkin',
      'timer',
      'i will be there by',
      'reach safely',
      'reached home',
      'arrive',
      'im safe',
      'missed check in',
      'deadline',
      'pahunch',
      'पहुंच',
    ],
    actions: [A.safety],
  },
  {
    id: 'app-routeplanner',
    intent: 'app',
    title: 'Planning a safe route',
    text:
      'Open the route planner, choose where you start (your current location by default) and where you are going, then GET ROUTES.\n' +
      'You get up to three routes (fastest, safest, balanced), each with its length, time, safety score and the reasons for it: lighting, busy roads, reported incidents, the weakest stretch.\n' +
      'Choose one to see it on the map, save it, and rate it afterwards.',
    keywords: [
      'route',
      'routes',
      'route planner',
      'plan route',
      'safe route',
      'safest route',
      'safe way',
      'directions',
      'navigate',
      'map',
      'path',
      'way home',
      'rasta',
      'raasta',
      'रास्ता',
      'safe road',
      'get routes',
    ],
    actions: [A.planner],
  },
  {
    id: 'app-route-scores',
    intent: 'app',
    title: 'How safety scores are calculated',
    text:
      'A route’s score comes from the streets it uses: street lighting, how busy and what kind of road it is, places open nearby, and incidents reported around it, weighed with the time of day.\n' +
      'Scores are honest: a route with little data is not called safe. Each route lists its reasons and its weakest stretch.\n' +
      'How scores work explains the model; the route safety estimator lets you try the factors yourself (light, traffic, crowd, crime and accident levels).',
    keywords: [
      'score',
      'scores',
      'safety score',
      'rating',
      'how calculated',
      'calculation',
      'estimator',
      'route scorer',
      'factors',
      'how safe',
      'accurate',
      'model',
      'percentage',
    ],
    actions: [A.scores, A.scorer, A.planner],
  },
  {
    id: 'app-saved-routes',
    intent: 'app',
    title: 'Saving routes',
    text:
      'In the route planner, Save This Route keeps the two places and the route you chose. You need to be logged in.\n' +
      'Your saved routes are under Saved routes; open one to see it on the map again, even without a network.',
    keywords: [
      'save route',
      'saved routes',
      'my routes',
      'favourite route',
      'save this route',
      'daily route',
      'store route',
      'bookmark',
    ],
    actions: [A.savedRoutes, A.planner],
  },
  {
    id: 'app-offline-maps',
    intent: 'app',
    title: 'Maps without internet',
    text:
      'On a map, zoom to your area and tap "Save this area for offline use": its map tiles are downloaded so the map works with no signal.\n' +
      'Maps you have looked at are kept too, and saved routes draw without a network. Finding a new route needs a connection.',
    keywords: [
      'offline map',
      'offline maps',
      'download map',
      'no internet map',
      'save area',
      'tiles',
      'map without internet',
      'no signal map',
    ],
    actions: [A.planner],
  },
  {
    id: 'app-report',
    intent: 'app',
    title: 'Reporting an incident',
    text:
      'Report an incident tells others what happened and where: choose a category (harassment, stalking, assault, theft, poor lighting, deserted area, unsafe transport, other), the time, the place and a short description.\n' +
      'It is anonymous and works signed out. Without a network it is sent when you are back online. On a map, a long press opens "Report an incident here".\n' +
      'Reports warn other women and make route scores there more careful. A report is not a police complaint: for that, call 112 or go to the police.',
    keywords: [
      'report',
      'report incident',
      'incident',
      'anonymous',
      'anonymously',
      'report harassment',
      'report a place',
      'unsafe place',
      'dark street',
      'poor lighting',
      'complain in app',
      'report karna',
    ],
    actions: [A.report],
  },
  {
    id: 'app-incident-map',
    intent: 'app',
    title: 'Seeing where incidents were reported',
    text:
      'On the route planner’s map, turn on "Show reported incidents" to see where women reported incidents; community tips show along a route.\n' +
      'Places are shown by area, not exact points, and no names are shown.',
    keywords: [
      'heatmap',
      'heat map',
      'reported incidents',
      'unsafe areas',
      'unsafe area',
      'which areas',
      'dangerous area',
      'crime map',
      'tips',
      'community',
    ],
    actions: [A.planner, A.report],
  },
  {
    id: 'app-helplines-page',
    intent: 'app',
    title: 'Calling or copying a number from the app',
    text:
      'Helplines lists 112 and the helplines with what each is for. Tap a number to call it, or copy it to send or dial later.\n' +
      'The page works without internet, like SOS’s call to 112.',
    keywords: ['helplines page', 'help page', 'call or copy', 'copy number', 'copy', 'tap to call', 'helpline offline'],
    actions: [A.helplines],
  },
  {
    id: 'app-quick-exit',
    intent: 'app',
    title: 'Quick exit',
    text:
      'Quick exit, the button on every page, or the Escape key, leaves Wings at once for a neutral page and forgets what the page held.\n' +
      'Use it if someone may look at your screen. It does not erase the browser history: clear it too, or use a private window.',
    keywords: [
      'quick exit',
      'escape',
      'hide',
      'hide app',
      'someone watching my phone',
      'exit fast',
      'leave quickly',
      'secret',
      'checks my phone',
      'panic exit',
      'chhupana',
    ],
    actions: [],
  },
  {
    id: 'app-stories',
    intent: 'app',
    title: 'Stories: reading and writing',
    text:
      'The Stories blog is where women share what they went through and what helped. Anyone can read; to write, log in.\n' +
      'You can post anonymously: others see "Anonymous", never your name. Save drafts and finish later. You can like, save and report stories.',
    keywords: [
      'story',
      'stories',
      'blog',
      'write',
      'share my story',
      'post',
      'anonymous story',
      'draft',
      'drafts',
      'experience',
      'community',
      'kahani',
      'कहानी',
    ],
    actions: [A.stories],
  },
  {
    id: 'app-install',
    intent: 'app',
    title: 'Installing Wings on your phone',
    text:
      'Tap "Download Our App" to install Wings on your home screen; there is no app store step.\n' +
      'On an iPhone, open Wings in Safari, tap Share, then "Add to Home Screen".\n' +
      'Once installed, it opens like an app and works offline.',
    keywords: [
      'install',
      'download',
      'download app',
      'app',
      'home screen',
      'add to home screen',
      'iphone',
      'android',
      'play store',
      'app store',
      'apk',
    ],
    actions: [],
  },
  {
    id: 'app-offline',
    intent: 'app',
    title: 'What works without internet',
    text:
      'Without a network: SOS (call 112, SMS to trusted contacts), the helplines, your saved routes and saved map areas, and Saathi’s answers.\n' +
      'Reports, stories and changes you make offline are sent once, when you are back online.\n' +
      'Live location and finding new routes need a connection.',
    keywords: [
      'offline',
      'no internet',
      'no network',
      'no data',
      'without internet',
      'airplane mode',
      'no signal',
      'weak signal',
      'net nahi',
      'internet nahi',
    ],
    actions: [A.helplines, A.sos],
  },
  {
    id: 'app-account',
    intent: 'app',
    title: 'Do I need an account?',
    text:
      'No account is needed for SOS, helplines, reports, the route planner, live location and the check-in.\n' +
      'Log in to save routes, write stories and keep trusted contacts on all your devices. Sign up with your name and email.',
    keywords: [
      'account',
      'delete account',
      'sign up',
      'signup',
      'login',
      'log in',
      'register',
      'password',
      'profile',
      'without account',
      'guest',
    ],
    actions: [A.signUp, A.logIn],
  },
  {
    id: 'app-privacy',
    intent: 'app',
    title: 'Privacy: what Wings keeps',
    text:
      'Incident reports are anonymous, and their place is rounded to an area. Stories can be anonymous.\n' +
      'A live location share keeps only your latest position, with no account; it is deleted when you stop or the share ends.\n' +
      'Signed out, your trusted contacts stay on your phone. Quick exit leaves at once if someone may see your screen.',
    keywords: [
      'privacy',
      'private',
      'data',
      'safe data',
      'who can see',
      'tracked',
      'secure',
      'delete',
      'personal information',
      'anonymous data',
    ],
    actions: [A.privacy, A.safety],
  },
  {
    id: 'app-saathi',
    intent: 'app',
    title: 'What Saathi can do',
    text:
      'I am Saathi, the Wings assistant. I answer from a guide written for Wings: helplines, what to do when followed, harassed, in a cab or at home, support after violence, and how to use the app.\n' +
      'If you are in danger, press SOS or call 112: do not wait for me.',
    keywords: [
      'saathi',
      'assistant',
      'chatbot',
      'bot',
      'who are you',
      'what can you do',
      'how can you help',
      'what do you do',
      'features',
      'wings',
      'what is wings',
      'about',
      'help with the app',
      'app',
    ],
    actions: [A.sos, A.helplines, A.planner],
  },
  // --- Tips ----------------------------------------------------------------------------------------------------------
  {
    id: 'tips-four',
    intent: 'tips',
    title: 'Safety tips',
    text:
      'Stick to well-lit, busy streets and avoid isolated shortcuts.\n' +
      'Share your route with a friend or family member.\n' +
      'Keep your phone accessible and fully charged.\n' +
      'Trust your instincts and seek help if you feel unsafe.\n' +
      'Wings helps with each: the route planner, live location and check-in, SOS and the helplines.',
    keywords: [
      'tips',
      'safety tips',
      'advice',
      'stay safe',
      'be safe',
      'precautions',
      'suggestions',
      'guidelines',
      'suraksha',
      'safe rehna',
      'सुरक्षा',
      'सुरक्षित',
      'tips for women',
      'instincts',
    ],
    actions: [A.planner, A.safety, A.sos],
  },
  {
    id: 'tips-walking',
    intent: 'tips',
    title: 'Walking alone',
    text:
      'Walk on lit, busy streets, facing the traffic, away from the kerb. Avoid isolated shortcuts, parks and underpasses at night.\n' +
      'Keep one ear free: no loud music. Look confident and know your way: plan it before you go.\n' +
      'Share your live location or set a check-in. If someone bothers you, go into a shop or towards people.',
    keywords: [
      'walking alone',
      'walk alone',
      'alone',
      'lonely road',
      'akele',
      'akeli',
      'pedestrian',
      'jogging',
      'running',
      'evening walk',
      'अकेले',
    ],
    actions: [A.planner, A.safety],
  },
  {
    id: 'tips-phone',
    intent: 'tips',
    title: 'Your phone as a safety tool',
    text:
      'Keep it charged (carry a power bank) and within reach, not at the bottom of a bag.\n' +
      'Add trusted contacts in Wings, and learn 112 by heart. Many phones also have their own emergency SOS; check your phone’s settings.\n' +
      'Save your area’s map for offline use and install Wings on your home screen.',
    keywords: [
      'phone',
      'mobile',
      'battery',
      'charged',
      'power bank',
      'charging',
      'low battery',
      'phone dead',
      'mobile tips',
    ],
    actions: [A.safety],
  },
  {
    id: 'tips-travel',
    intent: 'tips',
    title: 'Travelling to a new city or staying in a hotel',
    text:
      'Share your plans and hotel with someone, and arrive in daylight if you can. Use prepaid taxi counters or booked cabs at stations and airports.\n' +
      'At the hotel, keep your room number private, use the door chain, and do not open to unexpected visitors: call the reception.\n' +
      'Save the city’s map offline and keep 112 handy.',
    keywords: [
      'travel',
      'travelling',
      'trip',
      'new city',
      'hotel',
      'tourist',
      'solo travel',
      'airport',
      'station',
      'pg',
      'hostel',
      'safar',
      'सफर',
      'yatra',
    ],
    actions: [A.planner, A.safety],
  },
  {
    id: 'tips-social',
    intent: 'tips',
    title: 'Parties, drinks and dates',
    text:
      'Watch your drink being made and keep it with you; if you leave it, get a new one. If you feel suddenly very drunk or dizzy, tell a friend and get help.\n' +
      'Meeting someone from an app: meet in a public place, get there on your own, tell a friend where and with whom, and share your live location.\n' +
      'Agree with friends that nobody leaves alone.',
    keywords: [
      'party',
      'drink',
      'drinks',
      'spiked',
      'date',
      'dating',
      'dating app',
      'tinder',
      'bumble',
      'meeting stranger',
      'first date',
      'club',
      'pub',
      'bar',
      'alcohol',
    ],
    actions: [A.safety],
  },
  {
    id: 'tips-self-defence',
    intent: 'tips',
    title: 'Self-defence',
    text:
      'The aim of self-defence is to get away, not to win a fight. Use your voice: shout "Stop!", "Fire!", or a person’s name, loudly.\n' +
      'If grabbed, strike soft places (eyes, nose, throat, groin, knee), then run towards people and call 112.\n' +
      'A self-defence class helps you practise; many cities’ police run free ones for women.',
    keywords: [
      'self defence',
      'self defense',
      'fight back',
      'karate',
      'pepper spray',
      'protect myself',
      'defend',
      'martial arts',
      'apni raksha',
      'आत्मरक्षा',
      'raksha',
    ],
    actions: [A.call112, A.sos],
  },
]
