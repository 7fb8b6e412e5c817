/**
 * The facts Saathi must get right (eval/README.md: a helpline number, a law, the Zero FIR, care within 72 hours),
 * each with the words that name it and the words that hint at it, in every language women type (facts.ts reads a
 * message with them).
 */
export type FactId =
  | 'mumbai'
  | 'up'
  | 'police-women'
  | 'ambulance'
  | 'maternal'
  | 'women'
  | 'police'
  | 'fire'
  | 'child'
  | 'senior'
  | 'railway'
  | 'cyber'
  | 'mental-health'
  | 'ncw'
  | 'legal-aid'
  | 'emergency'
  | 'stalking'
  | 'modesty'
  | 'sexual-harassment'
  | 'cruelty'
  | 'zero-fir'
  | 'after-assault'

/** The facts that are not a helpline number: the catalogs (answers/) say each in a line of their own. */
export type TextFactId = 'stalking' | 'modesty' | 'sexual-harassment' | 'cruelty' | 'zero-fir' | 'after-assault'

/** When a fact may be the answer: asked for a number (a helpline), about the law, or any question. */
type License = 'helpline' | 'law' | 'question'

export interface Fact {
  id: FactId
  /** For a helpline, its number: its line in the catalogs leads the answer. */
  number?: string
  /** The knowledge entry that says more (and its buttons). */
  entry: string
  license: License
  /** Words that name it (comma-separated, any script): part of the question, not of what she tells. */
  names: string
  /** Words of what she tells that point to it as strongly ("train" for 139, "child", "suicide"). */
  topics?: string
  /** Words that hint at it. */
  hints?: string
  /** Old IPC sections (for a law): naming one asks about it. */
  sections?: string
}

const POLICE = `police, polic, polis, pulis, pulice, poolis, cops, pcr, police control room, control room,
  पुलिस, पोलीस, पोलिस, पुलीस, पीसीआर, পুলিশ, পুলিস, போலீஸ், போலிஸ், காவல், காவல்துறை, పోలీస్, పోలీసు, పోలీసుల,
  ಪೊಲೀಸ್, ಪೋಲಿಸ್, ಪೊಲೀಸರ, પોલીસ, પોલિસ`
const WOMEN = `women, woman, womens, ladies, lady, girls, mahila, mahilao, mahilaon, aurat, auraton, ladkiyon, ladkiyo,
  महिला, महिलाओं, महिलांसाठी, स्त्री, स्त्रियों, औरत, औरतों, लड़कियों, बायका, बायकांसाठी, মহিলা, মহিলাদের, নারী,
  মেয়েদের, பெண்கள், பெண், மகளிர், మహిళా, మహిళల, మహిళలు, స్త్రీ, స్త్రీల, ಮಹಿಳಾ, ಮಹಿಳೆಯರ, ಮಹಿಳೆ, ಸ್ತ್ರೀ, મહિલા,
  મહિલાઓ, સ્ત્રી, બહેનો`
const AMBULANCE = `ambulance, ambulence, ambulanse, ambulans, embulance, emergency ambulance, एम्बुलेंस, एंबुलेंस,
  ऐंबुलेंस, एम्बुलैंस, ॲम्ब्युलन्स, ॲम्बुलन्स, अॅम्ब्युलन्स, अम्बुलन्स, रुग्णवाहिका, অ্যাম্বুলেন্স, এম্বুলেন্স,
  অ্যাম্বুল্যান্স, ஆம்புலன்ஸ், அம்புலன்ஸ், ఆంబులెన్స్, అంబులెన్స్, ಆಂಬ್ಯುಲೆನ್ಸ್, ಆಂಬುಲೆನ್ಸ್, ಅಂಬುಲೆನ್ಸ್, એમ્બ્યુલન્સ,
  એમ્બુલન્સ`
const FIR = `fir, f i r, एफआईआर, एफ आई आर, एफआयआर, एफ आय आर, এফআইআর, எஃப்ஐஆர், ఎఫ్ఐఆర్, ಎಫ್ಐಆರ್, એફઆઈઆર`
const ASSAULT = `rape, raped, sexual assault, sexually assaulted, assault, assaulted, balatkar, यौन हिंसा, यौन हमला,
  बलात्कार, दुष्कर्म, लैंगिक अत्याचार, अत्याचार, ধর্ষণ, যৌন নির্যাতন, பாலியல் வன்முறை, பாலியல் வன்கொடுமை,
  வன்கொடுமை, అత్యాచారం, లైంగిక దాడి, ಅತ್ಯಾಚಾರ, ಲೈಂಗಿಕ ದೌರ್ಜನ್ಯ, બળાત્કાર, જાતીય હુમલો`

/**
 * Best first on a tie: 108 before 102, a city's or state's line for women before the national ones, 1091 (police
 * and women) before 181 and 100.
 */
export const FACTS: readonly Fact[] = [
  {
    id: 'police-women',
    number: '1091',
    entry: 'helpline-1091',
    license: 'helpline',
    names: '1091',
    hints: `${POLICE}, ${WOMEN}`,
  },
  {
    id: 'ambulance',
    number: '108',
    entry: 'helpline-medical',
    license: 'helpline',
    names: `108, ${AMBULANCE}`,
    hints: `hospital, aspatal, accident, अस्पताल, दवाखाना, रुग्णालय, হাসপাতাল, மருத்துவமனை, ఆసుపత్రి, ಆಸ್ಪತ್ರೆ,
      હોસ્પિટલ`,
  },
  {
    id: 'maternal',
    number: '102',
    entry: 'helpline-medical',
    license: 'helpline',
    names: `102, ${AMBULANCE}`,
    topics: `pregnant, pregnancy, delivery, labour, labor, labour pain, newborn, new born, infant,
      janani, jssk, garbhvati, garbhavati, garbhwati, गर्भवती, प्रेग्नेंट, डिलीवरी, प्रसव, नवजात, गरोदर, बाळंतपण, प्रसूती,
      গর্ভবতী, প্রসূতি, নবজাতক, ডেলিভারি, கர்ப்பிணி, பிரசவ, கர்ப்பம், గర్భిణీ, గర్భిణి, గర్భవతి, ప్రసవ, డెలివరీ,
      ಗರ್ಭಿಣಿ, ಹೆರಿಗೆ, ಡೆಲಿವರಿ, ગર્ભવતી, સગર્ભા, પ્રસૂતિ, ડિલિવરી`,
    hints: `mother, mothers, baby, infants, maa, शिशु, बाळ, মা, শিশু, தாய், తల్లి, ತಾಯಿ, માતા`,
  },
  {
    id: 'mumbai',
    number: '103',
    entry: 'helpline-city',
    license: 'helpline',
    names: '103',
    topics: 'mumbai, bombay, मुंबई, मुम्बई, মুম্বাই, மும்பை, ముంబై, ಮುಂಬೈ, મુંબઈ',
    hints: WOMEN,
  },
  {
    id: 'up',
    number: '1090',
    entry: 'helpline-city',
    license: 'helpline',
    names: `1090, power line, women power line, powerline, वीमेन पावर लाइन, वुमन पावर लाइन, पावर लाइन`,
    hints: `uttar pradesh, up police, up me, up mein, in up, up ki, up ke, up ka, lucknow, noida, ghaziabad, kanpur,
      varanasi, prayagraj, allahabad, agra, meerut, gorakhpur, उत्तर प्रदेश, यूपी, लखनऊ, ${WOMEN}`,
  },
  {
    id: 'women',
    number: '181',
    entry: 'helpline-181',
    license: 'helpline',
    names: `181, ${WOMEN}, one stop centre, one stop center, one stop, sakhi, sakhi kendra, सखी, सखी केंद्र,
      वन स्टॉप सेंटर, वन स्टॉप, ওয়ান স্টপ সেন্টার, ஒன் ஸ்டாப் சென்டர், వన్ స్టాప్ సెంటర్, ಒನ್ ಸ್ಟಾಪ್ ಸೆಂಟರ್,
      વન સ્ટોપ સેન્ટર, abhayam, અભયમ, mission shakti`,
    topics: `domestic violence, domestic abuse, abuse at home, gharelu hinsa, घरेलू हिंसा, कौटुंबिक हिंसाचार, पारिवारिक हिंसा, পারিবারিক হিংসা,
      குடும்ப வன்முறை, గృహ హింస, ಕೌಟುಂಬಿಕ ದೌರ್ಜನ್ಯ, ઘરેલુ હિંસા`,
    hints: 'distress',
  },
  {
    id: 'police',
    number: '100',
    entry: 'helpline-police',
    license: 'helpline',
    names: `100, ${POLICE}`,
    hints: `thana, थाना, থানা, ಠಾಣೆ`,
  },
  {
    id: 'fire',
    number: '101',
    entry: 'helpline-other',
    license: 'helpline',
    names: `101, fire, fire brigade, firebrigade, fire station, fire engine, damkal, दमकल, अग्निशमन, अग्निशामक, फायर,
      फ़ायर, फायर ब्रिगेड, ফায়ার, দমকল, অগ্নিনির্বাপক, தீயணைப்பு, ஃபயர், ఫైర్, అగ్నిమాపక, ಅಗ್ನಿಶಾಮಕ, ಫೈರ್, ફાયર,
      અગ્નિશમન, અગ્નિશામક`,
    topics: `aag, आग, আগুন, தீ, நெருப்பு, அக்னி, అగ్ని, మంటలు, ಬೆಂಕಿ, આગ`,
  },
  {
    id: 'child',
    number: '1098',
    entry: 'helpline-1098',
    license: 'helpline',
    names: `1098, childline, child line, child helpline, चाइल्डलाइन, चाइल्ड लाइन, चाइल्ड हेल्पलाइन, চাইল্ডলাইন,
      சைல்டு லைன், చైల్డ్ లైన్, ಚೈಲ್ಡ್ ಲೈನ್, ચાઇલ્ડલાઇન`,
    topics: `child, children, kid, kids, bacche, bachche, bachon, bacho, baccha, bachcha, minor, under 18, चाइल्ड,
      बच्चे, बच्चों, बच्चा, नाबालिग, मुलांची, मुलांसाठी, मुलांच्या, लहान मुलं, শিশু, শিশুদের, বাচ্চা, বাচ্চাদের,
      குழந்தை, குழந்தைகள், சிறுவர், పిల్లల, పిల్లలు, ಮಕ್ಕಳ, ಮಕ್ಕಳು, ಮಗು, બાળક, બાળકો, બાળ`,
    hints: 'school, स्कूल, शाळा, স্কুল, பள்ளி, స్కూల్, ಶಾಲೆ, શાળા',
  },
  {
    id: 'senior',
    number: '14567',
    entry: 'helpline-14567',
    license: 'helpline',
    names: `14567, elder line, elderline, senior citizen, senior citizens, seniors, elderly, old age, old people,
      buzurg, bujurg, budhe, बुजुर्ग, बुज़ुर्ग, वरिष्ठ नागरिक, ज्येष्ठ नागरिक, ज्येष्ठ, वृद्ध, एल्डर लाइन, বয়স্ক,
      বয়স্কদের, প্রবীণ, বৃদ্ধ, সিনিয়র সিটিজেন, এল্ডার লাইন, এলডার লাইন, முதியோர், வயதானவர், வயதானவர்கள்,
      மூத்த குடிமக்கள், எல்டர் லைன், వృద్ధులు, వృద్ధుల, వయోవృద్ధులు, సీనియర్ సిటిజన్, ఎల్డర్ లైన్, ಹಿರಿಯ ನಾಗರಿಕ,
      ಹಿರಿಯರು, ಹಿರಿಯರ, ವೃದ್ಧರು, ಎಲ್ಡರ್ ಲೈನ್, વૃદ્ધ, વૃદ્ધો, વડીલ, વડીલો, સિનિયર સિટીઝન, એલ્ડર લાઇન`,
    hints: `dadi, nani, dada, nana, grandmother, grandfather, grandma, grandpa, aaji, aajoba, old parents, pension,
      दादी, नानी, आजी, आजोबा, ঠাকুমা, দিদিমা, பாட்டி, తాతయ్య, అమ్మమ్మ, ಅಜ್ಜಿ, દાદી, દાદા`,
  },
  {
    id: 'railway',
    number: '139',
    entry: 'helpline-railway',
    license: 'helpline',
    names: `139, rail madad, railmadad, railway, railways, railway police, rpf, grp, रेल मदद, रेलवे, रेल्वे, রেল,
      রেলের, রেলওয়ে, ரயில்வே, రైల్వే, ರೈಲ್ವೆ, રેલવે, રેલ`,
    topics: `train, trains, tren, local, local train, lokal, ट्रेन, लोकल, ট্রেন, লোকাল, ரயில், ரெயில், ட்ரெயின்,
      రైలు, ట్రైన్, ರೈಲು, ಟ್ರೈನ್, ટ્રેન`,
    hints: `station, platform, coach, डिब्बा, स्टेशन, प्लेटफॉर्म, স্টেশন, ஸ்டேஷன், స్టేషన్, ಸ್ಟೇಷನ್,
      સ્ટેશન`,
  },
  {
    id: 'cyber',
    number: '1930',
    entry: 'helpline-cyber',
    license: 'helpline',
    names: `1930, cyber, cybercrime, cyber crime, cyber cell, cybercell, cybercrime gov in, साइबर, सायबर, সাইবার,
      சைபர், సైబర్, ಸೈಬರ್, સાયબર, સાઇબર`,
    topics: `online harassment, online harassed, fraud, froud, scam, scammed, thagi, morphed, morph, blackmail, blackmailing, sextortion, hacked,
      fake profile, fake id, ठगी, धोखाधड़ी, फ्रॉड, फसवणूक, फसवले, फसवलं, ब्लैकमेल, প্রতারণা, জালিয়াতি, ব্ল্যাকমেইল,
      மோசடி, మోసం, ವಂಚನೆ, ಮೋಸ, છેતરપિંડી, ફ્રોડ, ઠગાઈ`,
    hints: `website, site, portal, online, internet, upi, otp, paytm, gpay, phonepe, bank, paise kat, paise kat gaye, instagram, insta,
      facebook, fb, snapchat, photos, photo, messages, message, ऑनलाइन, पैसे कट, पैसे गेले, फेसबुक, इंस्टाग्राम, मैसेज,
      फोटो, অনলাইন, টাকা, ஆன்லைன், பணம், ఆన్‌లైన్, డబ్బు, ಆನ್‌ಲೈನ್, ಹಣ, ઓનલાઇન, પૈસા`,
  },
  {
    id: 'mental-health',
    number: '14416',
    entry: 'helpline-mental-health',
    license: 'helpline',
    names: `14416, tele manas, telemanas, mental health, manasik, counselling, counseling, counsellor, therapist,
      therapy, टेली मानस, मानस, मानसिक, মানসিক, டெலி மானஸ், மனநலம், மன நலம், மனநல, టెలీ మానస్, టెలి మానస్,
      మానసిక, ಟೆಲಿ ಮಾನಸ್, ಮಾನಸಿಕ, ટેલી માનસ, માનસિક`,
    topics: `suicide, suicidal, depression, आत्महत्या, डिप्रेशन, अवसाद, আত্মহত্যা, தற்கொலை, ఆత్మహత్య, ಆತ್ಮಹತ್ಯೆ,
      આત્મહત્યા`,
    hints: `anxiety, stress, tension, udaas, udas, ghabrahat, low, sad, lonely, talk to someone, baat karni, mann,
      उदास, घबराहट, घबराता, मन, बात करनी, बोलायचंय, মন, মন খারাপ, কথা বলতে, மனசு, மனது, பேசணும், మనసు, మాట్లాడాలి,
      ಮನಸ್ಸು, ಮಾತನಾಡಬೇಕು, મન, વાત કરવી`,
  },
  {
    id: 'ncw',
    number: '7827170170',
    entry: 'helpline-ncw',
    license: 'helpline',
    names: `7827170170, ncw, national commission for women, women commission, commission, mahila aayog, mahila ayog,
      aayog, ayog, महिला आयोग, आयोग, মহিলা কমিশন, কমিশন, மகளிர் ஆணையம், ஆணையம், మహిళా కమిషన్, కమిషన్, ಮಹಿಳಾ ಆಯೋಗ,
      ಆಯೋಗ, મહિલા આયોગ, આયોગ`,
    hints: `whatsapp, national, rashtriya, व्हाट्सएप, व्हॉट्सॲप, राष्ट्रीय, হোয়াটসঅ্যাপ, জাতীয়, வாட்ஸ்அப், தேசிய,
      వాట్సాప్, జాతీయ, ವಾಟ್ಸಾಪ್, ರಾಷ್ಟ್ರೀಯ, વોટ્સએપ, રાષ્ટ્રીય, ${WOMEN}`,
  },
  {
    id: 'legal-aid',
    number: '15100',
    entry: 'helpline-legal-aid',
    license: 'helpline',
    names: `15100, nalsa, dlsa, legal aid, legal help, free lawyer, free legal, legal services, कानूनी सहायता,
      कानूनी मदद, कानूनी सलाह, मुफ्त वकील, मुफ़्त वकील, नालसा, कायदेशीर मदत, मोफत वकील, विधी सेवा, আইনি সহায়তা,
      আইনি সাহায্য, சட்ட உதவி, న్యాయ సహాయం, ಕಾನೂನು ನೆರವು, ಕಾನೂನು ಸಹಾಯ, કાનૂની સહાય, કાનૂની મદદ, મફત વકીલ`,
    hints: `lawyer, advocate, vakil, wakil, court, divorce, legal, वकील, कानूनी, कायदेशीर, উকিল, আইনজীবী, আইনি,
      வழக்கறிஞர், சட்ட, లాయర్, న్యాయవాది, న్యాయ, ಲಾಯರ್, ವಕೀಲ, ಕಾನೂನು, વકીલ, કાનૂની, free, muft, मुफ्त, मोफत,
      বিনামূল্যে, இலவச, ఉచిత, ಉಚಿತ, મફત`,
  },
  {
    id: 'emergency',
    number: '112',
    entry: 'helpline-112',
    license: 'helpline',
    names: `112, emergency, emergency number, emergancy, erss, आपातकालीन, आपात, इमरजेंसी, आपत्कालीन, एक सौ बारह,
      জরুরি, জরুরী, ইমার্জেন্সি, அவசர, அவசரகால, అత్యవసర, ఎమర్జెన్సీ, ತುರ್ತು, ಎಮರ್ಜೆನ್ಸಿ, ઇમરજન્સી, કટોકટી,
      single number, single emergency, one number, ek hi number, ek number, all in one, ekach, एक ही नंबर, एकच,
      একটাই, ஒரே எண், ஒரே நம்பர், ఒకే నంబర్, ಒಂದೇ ಸಂಖ್ಯೆ, એક જ નંબર`,
  },
  {
    id: 'stalking',
    entry: 'laws',
    license: 'law',
    names: 'section 78, 78',
    topics: `stalking, stalk, stalker, stalked, peecha karna, picha karna, peecha, picha, pathlag, पीछा, पाठलाग, स्टॉकिंग,
      স্টকিং, পিছু নেওয়া, পিছু, ஸ்டாக்கிங், பின்தொடர், பின்தொடர்வது, స్టాకింగ్, వెంబడించడం, వెంబడి, ಸ್ಟಾಕಿಂಗ್,
      ಹಿಂಬಾಲಿಸು, ಹಿಂಬಾಲಿಸುವುದು, પીછો, સ્ટોકિંગ`,
    hints: 'follow, following, followed, follows, peeche, पीछे, follower',
    sections: '354d, 354 d, 354di, 354 di',
  },
  {
    id: 'modesty',
    entry: 'laws',
    license: 'law',
    names: 'section 79, 79',
    topics: `eve teasing, eveteasing, eve, catcalling, catcall, modesty, insult modesty, ashleel ishare, ishare, ishara,
      seeti, whistle, whistling, gesture, gestures, comments, comment, vulgar, chhedkhani, chedkhani, chhed, chhedchhad,
      छेड़छाड़, छेडछाड, छेडछाडी, छेड़, छेडखानी, इशारे, इशारा, अश्लील, सीटी, फब्तियां, फब्ती, कमेंट, शिट्टी, शिट्ट्या,
      ইভটিজিং, ইভ টিজিং, টিটকারি, শিস, ঈভ টিজিং, கிண்டல், விசில், ஈவ் டீசிங், ఈవ్ టీజింగ్, ఈల, ಈವ್ ಟೀಸಿಂಗ್,
      ಚುಡಾಯಿಸು, ಶಿಳ್ಳೆ, છેડતી, સીટી, ઈશારા`,
    sections: '509',
  },
  {
    id: 'sexual-harassment',
    entry: 'laws',
    license: 'law',
    names: 'section 75, 75',
    topics: `sexual harassment, sexually harassed, sexual harrasment, yaun utpidan, yon utpidan, posh, यौन उत्पीड़न,
      यौन शोषण, लैंगिक छळ, যৌন হয়রানি, যৌন হেনস্থা, பாலியல் துன்புறுத்தல், பாலியல் தொல்லை, లైంగిక వేధింపు,
      లైంగిక వేధింపులు, ಲೈಂಗಿಕ ಕಿರುಕುಳ, જાતીય સતામણી`,
    hints: `touching, touch, groping, chhuna, bad touch, sexual, harassment, workplace, office, boss, यौन, लैंगिक, छूना,
      যৌন, பாலியல், లైంగిక, ಲೈಂಗಿಕ, જાતીય`,
    sections: '354a, 354 a, 354e, 354 e',
  },
  {
    id: 'cruelty',
    entry: 'laws',
    license: 'law',
    names: 'section 85, 85',
    topics: `cruelty, dowry, dahej, dahez, pratadna, prataadna, दहेज, हुंडा, क्रूरता, प्रताड़ना, छळ, পণ, যৌতুক, নিষ্ঠুরতা, வரதட்சணை,
      கொடுமை, వరకట్నం, కట్నం, క్రూరత్వం, ವರದಕ್ಷಿಣೆ, ಕ್ರೌರ್ಯ, દહેજ, ક્રૂરતા`,
    hints: `husband, pati, navra, in laws, inlaws, in-laws, sasural, sasuraal, saas, maarpeet, marpit, taane, पति, नवरा,
      ससुराल, सास, सासरचे, सासर, सासरी, मारपीट, ताने, শ্বশুরবাড়ি, স্বামী, மாமியார், கணவர், கணவன், అత్తమామలు,
      భర్త, ಗಂಡ, ಅತ್ತೆ, પતિ, સાસરિયા, સાસુ`,
    sections: '498a, 498 a, 498e, 498 e',
  },
  {
    id: 'zero-fir',
    entry: 'police-complaint',
    license: 'question',
    names: `zero fir, jiro fir, ziro fir, zero, ज़ीरो, जीरो, झिरो, शून्य एफआईआर, জিরো, ஜீரோ, జీరో, ಜೀರೋ, ઝીરો`,
    hints: `${FIR}, any police station, any station, anywhere, any thana, kisi bhi, koi bhi, kahin bhi, kahi bhi,
      kuthehi, किसी भी, कहीं भी, कोई भी, कोणत्याही, कुठेही, যেকোনো, যে কোনো, যেকোন, எந்த ஸ்டேஷன், எங்கு வேண்டுமானாலும்,
      ஏதாவது, ఏ పోలీస్, ఏదైనా, ಯಾವುದೇ, કોઈપણ, કોઈ પણ, other city, another city, another state, different city,
      dusre shahar, doosre shahar, दूसरे शहर, दुसऱ्या, अन्य, অন্য শহর, অন্য জায়গায়, வேற ஊர், వేరే ఊరు, ಬೇರೆ ಊರು,
      બીજા શહેર, jurisdiction, area, ilaka, ilake, इलाके, इलाका, हद्द, हद्दीत, এলাকা, எல்லை, పరిధి, ವ್ಯಾಪ್ತಿ, હદ,
      station, thane, thana, थाने, थाना, ठाणे, ठाण्यात, থানা, থানায়, ஸ்டேஷன், స్టేషన్, ಠಾಣೆ, ಸ್ಟೇಷನ್, પોલીસ સ્ટેશન,
      refuse, refused, refusing, mana, मना, नकार`,
  },
  {
    id: 'after-assault',
    entry: 'survivor-first-steps',
    license: 'question',
    names: `pep, post exposure, prophylaxis, emergency pill, emergency contraceptive, emergency contraception,
      morning after pill, morning after, i pill, ipill, hiv medicine, hiv, contraceptive, contraception, एचआईवी, पीईपी,
      इमरजेंसी गोली, इमरजेंसी पिल, आपातकालीन गोली, आपत्कालीन गोळी, জরুরি পিল, गर्भनिरोधक, गर्भ निरोधक, आई पिल, आय पिल, এইচআইভি,
      ইমার্জেন্সি পিল, জরুরি গর্ভনিরোধক, গর্ভনিরোধক, எச்ஐவி, அவசர கருத்தடை, கருத்தடை, హెచ్ఐవి, హెచ్‌ఐవీ,
      గర్భనిరోధక, ಎಚ್ಐವಿ, ಗರ್ಭನಿರೋಧಕ, એચઆઈવી, ઇમરજન્સી પિલ, ગર્ભનિરોધક`,
    hints: `pill, pills, tablet, goli, पिल, পিল, பில், పిల్, ಪಿಲ್, પિલ, dawai, dawa, davai, medicine, medicines, meds, दवा, दवाई, गोली, औषध, औषधं, गोळी,
      ওষুধ, বড়ি, மருந்து, மாத்திரை, మందు, మాత్ర, ಔಷಧ, ಮಾತ್ರೆ, દવા, ગોળી, ${ASSAULT}`,
  },
]
