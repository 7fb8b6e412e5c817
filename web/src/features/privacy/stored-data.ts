/**
 * Everything Wings keeps, where and for how long: what the Privacy page shows. Each item names the server's tables and
 * the phone's IndexedDB stores that hold it, and tests fail when a table or store is not named here
 * (sync-server/src/db/privacy-page.test.ts for the server's, stored-data.test.ts for the phone's), so the page cannot
 * fall behind the code. No React here: the server's test imports this file.
 */
import { CHAT_GUEST_DAYS, CHAT_HISTORY_MAX, INCIDENT_GRID_METERS, SHARE_GONE_DAYS } from '@wings/contract'

export interface StoredItem {
  /**
   * Its messages in the Privacy page's catalog (locales/en.json, the same English as here): `<id>What`,
   * `<id>Details` and `<id>HowLong`, with `values` for their placeholders; `where` is WHERE_KEYS'.
   */
  id: string
  values?: Record<string, number>
  /** What it is, in her words. */
  what: string
  /** What exactly is kept. */
  details: string
  /** On her phone, on the server, or both. */
  where: string
  howLong: string
  /** The server's tables holding it (sync-server/src/db/migrations). */
  serverTables: readonly string[]
  /** The phone's IndexedDB stores holding it (web/src/db/db.ts). */
  phoneStores: readonly string[]
}

export interface StoredGroup {
  /** Its title's message in the Privacy page's catalog. */
  id: string
  title: string
  items: readonly StoredItem[]
}

const PHONE = 'Your phone'
const SERVER = 'Our server'
const BOTH = 'Your phone and our server'
const KEPT_ON_PHONE = 'On your phone until you clear the site’s data in your browser.'
const PHONE_AND_ACCOUNT = 'Your phone; our server too when you are logged in'

/** Each `where` and its message in the Privacy page's catalog. */
export const WHERE_KEYS: Readonly<Record<string, string>> = {
  [PHONE]: 'wherePhone',
  [SERVER]: 'whereServer',
  [BOTH]: 'whereBoth',
  [PHONE_AND_ACCOUNT]: 'wherePhoneAndAccount',
}

export const STORED_DATA: readonly StoredGroup[] = [
  {
    id: 'groupAccount',
    title: 'Your account',
    items: [
      {
        id: 'account',
        what: 'Your account and profile',
        details:
          'Your first and last name, age, gender and e-mail address, and your password as a hash (a scrambled code that cannot be turned back into the password). When you signed up and last changed your profile. While you are logged in, your phone keeps a copy without the password, so the app works offline.',
        where: BOTH,
        howLong: 'On our server until you ask us to delete your account. Logging out removes the copy from your phone.',
        serverTables: ['users'],
        phoneStores: ['user'],
      },
      {
        id: 'languagePhone',
        what: 'Your language on this phone',
        details:
          'The language you chose for Wings: English, Hindi or Marathi. Your browser keeps it on this phone (in its local storage, as “wings.language”), so Wings opens in your language, offline too. Logging out does not remove it.',
        where: PHONE,
        howLong: KEPT_ON_PHONE,
        serverTables: [],
        phoneStores: [],
      },
      {
        id: 'languageAccount',
        what: 'Your language in your account',
        details:
          'While you are logged in, the language you choose is kept in your account too, so Wings speaks it on your other phones, and alerts to your guardians are written in it when a guardian has not chosen a language of their own. Your phone’s copy of your account holds it too.',
        where: BOTH,
        howLong:
          'Until you choose another language, or your account is deleted. Logging out removes the copy from your phone.',
        serverTables: ['users'],
        phoneStores: ['user'],
      },
      {
        id: 'session',
        what: 'Staying logged in',
        details:
          'A random key in a cookie that the app’s scripts cannot read. Our server keeps only its hash, when it started and when you last used it. How many times a wrong password was typed is counted in the server’s memory only.',
        where: BOTH,
        howLong: '30 days after you last used Wings. Logging out ends it at once.',
        serverTables: ['sessions'],
        phoneStores: [],
      },
      {
        id: 'outbox',
        what: 'Changes waiting to be sent',
        details:
          'What you do offline waits on your phone and is sent once you are back online. For each change that reaches our server, the server notes its id, your account if you are logged in, a random id of the app on this phone, its kind and when it arrived, so that a change sent twice counts once; and which of your things changed, so your other phones get them. Anonymous reports and ratings are never noted there.',
        where: BOTH,
        howLong:
          'On your phone until it is sent; a change the server refused stays until you dismiss it. On our server: kept.',
        serverTables: ['applied_ops', 'changes'],
        phoneStores: ['outbox', 'conflicts', 'meta'],
      },
    ],
  },
  {
    id: 'groupStories',
    title: 'Stories',
    items: [
      {
        id: 'stories',
        what: 'Your stories',
        details:
          'The title and text, when you posted it, whether you chose “Post anonymously”, and the counts of likes, dislikes, views and saves. Your name is shown with it, unless you posted anonymously. An anonymous story is still linked to your account on our server, so that only you can edit or delete it; nobody else is shown who wrote it. Your phone keeps copies of the stories and lists you open, to read them offline.',
        where: BOTH,
        howLong:
          'Until you delete it, or we remove it after a review. Copies on your phone go when the story is deleted.',
        serverTables: ['stories', 'story_stats'],
        phoneStores: ['stories', 'storyLists'],
      },
      {
        id: 'drafts',
        what: 'Drafts',
        details:
          'The title and text, your “Post anonymously” choice (so a draft you meant to post anonymously never gets your name), and when you last saved it.',
        where: BOTH,
        howLong:
          'Until you publish or delete the draft. Logging out hides your drafts on this phone but does not remove them.',
        serverTables: ['drafts'],
        phoneStores: ['drafts'],
      },
      {
        id: 'reactions',
        what: 'Likes, dislikes and saves',
        details:
          'Which stories you liked, disliked or saved, and when. Other people see only the counts. Your phone keeps the list with your account copy.',
        where: BOTH,
        howLong: 'Until you take it back or the story is deleted.',
        serverTables: ['story_reactions', 'saved_stories'],
        phoneStores: ['user'],
      },
      {
        id: 'views',
        what: 'Story views',
        details:
          'To count one view per reader a day, our server notes who read a story that day: your account, or for a guest a code made from the network address and browser with a key that changes every day and is never written down. Your phone remembers which stories it opened and on which day.',
        where: BOTH,
        howLong: `On our server until the next day. ${KEPT_ON_PHONE}`,
        serverTables: ['story_views'],
        phoneStores: ['meta'],
      },
      {
        id: 'flags',
        what: 'Story reports',
        details:
          'Which story you reported, your reason, when, and how much your report counts: fully once your account is 7 days old, half from 1 day, a quarter before. Enough reports put a story in review, where a person who runs Wings restores or removes it. The writer is never told who reported it, how many did, or why; the reviewer sees the reasons, not who gave them.',
        where: SERVER,
        howLong: 'As long as the story exists.',
        serverTables: ['story_flags'],
        phoneStores: [],
      },
    ],
  },
  {
    id: 'groupRoutes',
    title: 'Routes and maps',
    items: [
      {
        id: 'savedRoutes',
        what: 'Saved routes',
        details:
          'The start and destination you saved (their names and positions) and the route you chose. They can show where you live or work: anyone who gets into your account, or into this phone while you are logged in, can see them.',
        where: BOTH,
        howLong: 'Until you delete the route. Logging out hides them on this phone but does not remove them.',
        serverTables: ['saved_routes'],
        phoneStores: ['savedRoutes'],
      },
      {
        id: 'lastPlan',
        what: 'Your last route plan',
        details:
          'The start and destination you last planned, the routes found and the one you chose, so they are there when you come back. What you type to search a place, and your position when you use your current location, go to our server to find the places, and are not kept there. The places you chose from a search (the newest 20: their names and positions) are kept on the phone too, so the estimator can use them offline; they show where you meant to go.',
        where: PHONE,
        howLong: 'Your last plan: until you plan another route. Recent places: the oldest goes when a 21st is chosen.',
        serverTables: [],
        phoneStores: ['meta', 'recentPlaces'],
      },
      {
        id: 'maps',
        what: 'Maps on your phone',
        details:
          'The map pictures (tiles) you have looked at, up to 40 MB, and the areas you saved for offline use. They show which parts of the city you looked at.',
        where: PHONE,
        howLong: 'Tiles: the oldest go first once 40 MB is full. Saved areas: until you delete them.',
        serverTables: [],
        phoneStores: ['tiles', 'offlineAreas', 'meta'],
      },
      {
        id: 'nearbyHelp',
        what: 'Nearest help offline',
        details:
          'The police stations, hospitals and shops with their opening hours in each area you saved, and in about 3 km around where you last opened Nearest help, so it answers offline. Only public places from OpenStreetMap; the last one shows roughly where you were.',
        where: PHONE,
        howLong: 'A saved area’s: until you delete the area. The last one: until you open Nearest help somewhere else.',
        serverTables: [],
        phoneStores: ['nearbyAreas'],
      },
      {
        id: 'routeData',
        what: 'Road data for routes offline',
        details:
          'The streets, their safety scores’ inputs and the places of each area you saved, and of the areas around the routes you planned and where you were when you opened the planner, so the planner finds safe routes with no signal. Only public map data and the community’s signals; the kept areas show roughly where you went.',
        where: PHONE,
        howLong:
          'A saved area’s: until you delete the area. The others: the least recently used go first once the space you chose for route data (50 MB unless you change it) is full.',
        serverTables: [],
        phoneStores: ['areaBundles', 'areaBundleData', 'meta'],
      },
      {
        id: 'cityMap',
        what: 'The city’s map',
        details:
          'Streets, places and addresses from OpenStreetMap, for routes, place search and map pictures, and the names of places beyond the map’s edge, so a search for one says the map does not cover it. Nothing about you.',
        where: SERVER,
        howLong: 'Until a newer map is imported.',
        serverTables: [
          'region',
          'places',
          'places_fts',
          'place_words',
          'place_boxes',
          'places_elsewhere',
          'geocode_region',
          'nearby_places',
        ],
        phoneStores: [],
      },
      {
        id: 'helplines',
        what: 'Helpline numbers',
        details: 'The emergency and helpline numbers, so they work offline. Nothing about you.',
        where: PHONE,
        howLong: 'Updated with the app.',
        serverTables: [],
        phoneStores: ['helplines'],
      },
    ],
  },
  {
    id: 'groupSafety',
    title: 'Safety tools',
    items: [
      {
        id: 'contacts',
        what: 'Trusted contacts',
        details:
          'Each contact’s name and phone number, for your SOS text messages. When you are logged out they stay only on your phone. When you are logged in they are kept in your account too, so they come back on a new phone. When you log out you choose to keep them on this phone or remove them from it.',
        where: PHONE_AND_ACCOUNT,
        howLong: 'Until you delete them.',
        serverTables: ['trusted_contacts'],
        phoneStores: ['trustedContacts'],
      },
      {
        id: 'shares',
        values: { days: SHARE_GONE_DAYS },
        what: 'Live location shares',
        details:
          'While a share runs: only your latest position (with its accuracy and time), never a trail; when it started and when it ends; and hashes of its link and of the key your phone updates it with. A share started while you are logged in belongs to your account, so that your guardians can be alerted (when you miss a check-in, even with your phone off); its link is then kept locked with the server’s key, to put in their alerts. Your phone keeps the link and its key while the share runs.',
        where: BOTH,
        howLong: `Your position is deleted the moment you stop sharing, or within 5 minutes after the share runs out. The rest (when it ran, and whose it was) is deleted ${SHARE_GONE_DAYS} days after it ends.`,
        serverTables: ['shares'],
        phoneStores: ['meta'],
      },
      {
        id: 'checkIns',
        what: 'Check-ins',
        details:
          'The time you said you would arrive, the place if you typed or chose one (for a place you chose, your phone also keeps its position, to end the check-in when you get there), and when you tapped “I’m safe”. Kept with the share.',
        where: BOTH,
        howLong: 'Deleted with your position when the share ends.',
        serverTables: ['shares'],
        phoneStores: ['meta'],
      },
      {
        id: 'shareId',
        what: 'This phone’s sharing id',
        details:
          'A random id made on your phone and sent with each new share, so that when you are logged out the limit of 20 shares an hour counts phones, not whole networks. It is not your account, and not the id used for your other changes. Our server counts it in its memory only, for an hour.',
        where: PHONE,
        howLong: KEPT_ON_PHONE,
        serverTables: [],
        phoneStores: ['meta'],
      },
      {
        id: 'lastPosition',
        what: 'Your last known position',
        details: 'The last position the app got, so the SOS can still say where you were without GPS or signal.',
        where: PHONE,
        howLong: 'Until a newer position replaces it.',
        serverTables: [],
        phoneStores: ['meta'],
      },
      {
        id: 'guardians',
        what: 'Guardians',
        details:
          'For each guardian you invite: the name you gave them (only you see it); how they chose to be alerted, as the address and keys of their browser’s notifications or an e-mail address they confirmed; and whether they accepted, stopped, or also want to know when you start sharing your location. Never a phone number. Their invitation link is kept as a hash, and locked with the server’s key for the stop link in their alerts. Guardians are told your first name only, never your last name or e-mail.',
        where: SERVER,
        howLong:
          'Until you remove the guardian. When a guardian stops alerts, their notification address and e-mail are deleted at once; an e-mail address nobody confirms, after 24 hours. An invitation nobody accepts stops working after 7 days. A removed guardian’s link is remembered, as a hash, for 30 days, so it can say it has ended.',
        serverTables: ['guardians', 'guardian_links_ended'],
        phoneStores: [],
      },
      {
        id: 'alerts',
        what: 'Alerts to your guardians',
        details:
          'When you press SOS, miss a check-in, are safe again, or start sharing, our server writes down the alert for each of your guardians before sending it: what happened, and for an SOS your message and position, locked with the server’s key; then whether each notification or e-mail went out. SOS messages you send by WhatsApp or SMS go from your phone: Wings does not keep them.',
        where: SERVER,
        howLong:
          'Your message and position are deleted once every guardian’s alert has gone out (or failed for 6 hours). The rest is deleted after 7 days.',
        serverTables: ['alerts', 'alert_outbox'],
        phoneStores: [],
      },
      {
        id: 'evidence',
        what: 'Audio you record',
        details:
          'When you tap “Record audio” in the SOS sheet, your phone records sound and keeps it in pieces as it records, so nothing is lost if the app closes; with it, when you started, how long it lasted and, if you let Wings know your location, where you were. When you are logged in and online it is uploaded to your account. Only you can hear it, logged in on your account: it is never given to your guardians, your contacts or anyone else, and nobody at Wings listens to it.',
        where: PHONE_AND_ACCOUNT,
        howLong:
          'Until you delete it in “My recordings” (on your phone and on our server at once), or your account is deleted. Once uploaded, your phone keeps its copy too until you delete it.',
        serverTables: ['evidence_recordings', 'evidence_chunks'],
        phoneStores: ['recordings', 'recordingChunks'],
      },
    ],
  },
  {
    id: 'groupAnonymous',
    title: 'Reports, ratings and tips (anonymous)',
    items: [
      {
        id: 'incidents',
        values: { meters: INCIDENT_GRID_METERS },
        what: 'Incident reports',
        details: `What happened (its kind, and your description if you wrote one), the place moved to the centre of its square of about ${INCIDENT_GRID_METERS} m, and the hour. No account, no phone id, no network address, no exact time. A new report shows on the map 20 to 80 minutes later, together with others, so the moment it appears does not point to you. So that a report sent twice counts once, our server keeps a code made from its id with a secret key; it cannot be matched to you or your phone.`,
        where: SERVER,
        howLong: 'Kept, with nothing that links it to you. It counts in safety scores for 2 years.',
        serverTables: ['incidents', 'incident_queue', 'anonymous_ops', 'anonymous_op_key'],
        phoneStores: [],
      },
      {
        id: 'ratings',
        values: { meters: INCIDENT_GRID_METERS },
        what: 'Route ratings and tips',
        details: `Your rating from 1 to 5, your tip if you wrote one, how you travelled, the middle of the route moved to its ${INCIDENT_GRID_METERS} m square, and the hour. Never the route itself, its start or its end. No account, no phone id, no network address. Like reports, it is published 20 to 80 minutes later with others; until then the route’s streets (without its ends) wait with it, then only each street’s running score is kept.`,
        where: SERVER,
        howLong:
          'Ratings and tips are kept, with nothing that links them to you. The route’s streets: 20 to 80 minutes.',
        serverTables: ['route_ratings', 'route_rating_queue', 'edge_ratings', 'anonymous_ops'],
        phoneStores: [],
      },
    ],
  },
  {
    id: 'groupSaathi',
    title: 'Saathi and messages to us',
    items: [
      {
        id: 'chats',
        values: { max: CHAT_HISTORY_MAX, days: CHAT_GUEST_DAYS },
        what: 'Chats with Saathi',
        details: `Your messages and Saathi’s answers, with their times. No network address. As a guest, the chat is tied to a cookie that ends when you close the browser (our server keeps only its hash). Your phone keeps a copy of the last ${CHAT_HISTORY_MAX} messages to show offline. If whoever runs this Wings server has set up a language model to word Saathi’s answers, the message you wrote is sent to it.`,
        where: BOTH,
        howLong: `A guest chat is deleted ${CHAT_GUEST_DAYS} days after it started; its copy on your phone, when you start a new one. Yours, when logged in, is kept with your account, and its copy until you clear the site’s data.`,
        serverTables: ['conversations', 'chat_messages'],
        phoneStores: ['meta'],
      },
      {
        id: 'contactMessages',
        what: 'Messages to us',
        details:
          'Your name, e-mail address and message, sent through the contact page or the e-mail box at the bottom of every page.',
        where: SERVER,
        howLong: 'Kept so we can answer you, until you ask us to delete them.',
        serverTables: ['contact_messages'],
        phoneStores: [],
      },
    ],
  },
  {
    id: 'groupWings',
    title: 'Wings itself',
    items: [
      {
        id: 'app',
        what: 'The app',
        details: 'The app’s own pages, code and pictures, so it opens without a network. Nothing about you.',
        where: PHONE,
        howLong: 'Until a newer version of the app replaces them.',
        serverTables: [],
        phoneStores: [],
      },
      {
        id: 'log',
        what: 'The server’s log',
        details:
          'For each request: the time, the kind of request, the page or API asked for, and the answer’s status. Never what follows the question mark in an address (the words of a place search, your position), your network address, your browser, a cookie, or the secret part of a link.',
        where: SERVER,
        howLong: 'As long as whoever runs this server keeps its log.',
        serverTables: [],
        phoneStores: [],
      },
      {
        id: 'migrations',
        what: 'Database upkeep',
        details: 'Which updates of the database have been applied. Nothing about you.',
        where: SERVER,
        howLong: 'Always.',
        serverTables: ['schema_migrations', 'jobs'],
        phoneStores: [],
      },
    ],
  },
]

/** What Wings never keeps; NEVER_STORED_KEYS names each line's message in the Privacy page's catalog. */
export const NEVER_STORED: readonly string[] = [
  'Your network (IP) address: not in the database and not in the log. To stop abuse, the server counts requests per address in its memory for at most an hour, then forgets them.',
  'A trail of where you have been. A live share keeps only your latest position, and deletes it when the share ends.',
  'Which report, rating or tip is yours, or the route you rated.',
  'Your password: only its hash.',
  'The secret links of your shares and guardians in readable form: only their hashes, and locked copies that the database alone cannot open.',
  'A phone number for a guardian.',
  'Anything for advertising or tracking: no ads, no analytics, no trackers.',
]
export const NEVER_STORED_KEYS = [
  'neverIp',
  'neverTrail',
  'neverWhichReport',
  'neverPassword',
  'neverLinks',
  'neverGuardianPhone',
  'neverAds',
] as const

/** Every server table the page names. */
export const namedServerTables = (): Set<string> =>
  new Set(STORED_DATA.flatMap((group) => group.items.flatMap((item) => item.serverTables)))

/** Every phone store the page names. */
export const namedPhoneStores = (): Set<string> =>
  new Set(STORED_DATA.flatMap((group) => group.items.flatMap((item) => item.phoneStores)))
