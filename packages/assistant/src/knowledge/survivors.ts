import type { KnowledgeEntry } from '../types.ts'
import { ACTIONS as A } from './actions.ts'

/** Support for survivors, and for a friend who is one. */
export const SURVIVOR_ENTRIES: readonly KnowledgeEntry[] = [
  {
    id: 'survivor-first-steps',
    intent: 'survivor',
    title: 'After a sexual assault: first steps',
    text:
      'It was not your fault, whatever you wore, drank or said.\n' +
      'First get to a safe place and call someone you trust. If you are hurt or in danger, call 112.\n' +
      'Get medical care as soon as you can: every hospital, government or private, must treat you free of charge. Medicine that prevents HIV must start within 72 hours, and emergency contraception works better the sooner it is taken. A medical examination is done only with your consent.\n' +
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
      'hours',
      'ghante',
      'घंटे',
      'तास',
      'pep',
      'hiv',
      'emergency pill',
      'morning after pill',
      'hospital after assault',
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
      'Talk to someone you trust. 14416 (Tele-MANAS) is a free mental health helpline, day and night; 181 can connect you to counselling too.\n' +
      'Reading or writing stories on the Wings blog, anonymously if you like, helps some women feel less alone.\n' +
      'If you feel you might harm yourself, call 14416 or 112 now.',
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
    actions: [A.call14416, A.call181, A.stories],
  },
]
