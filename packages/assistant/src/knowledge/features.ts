import type { KnowledgeEntry } from '../types.ts'
import { ACTIONS as A } from './actions.ts'

/** How to use every Wings feature. */
export const FEATURE_ENTRIES: readonly KnowledgeEntry[] = [
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
      'Open the check-in timer (on Safety tools, or the Check-in shortcut): one tap starts it for 15 min, 30 min or 1 h, or "When I arrive at" a place; or set "I’ll be there by" a time. It says who will be alerted if you miss it (your guardians), shares your live location until then, and can send the link to your contacts by SMS or WhatsApp.\n' +
      'A reminder comes shortly before. Tap "I’m safe" when you arrive (with a place chosen, it ends by itself when you get there). If you have not, at the deadline the SOS sheet opens, your guardians are alerted, and the people with your link see "Missed check-in".',
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
]
