/** The blog in Hindi and Marathi: the feed's, a story's and the editor's own words; the stories' text stays as written. */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { LANGUAGES, STORY_CONTENT_MAX, STORY_TITLE_MAX, TextMessages, textRules } from '@wings/contract'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { setLanguage } from '../../i18n/language.ts'
import { answer, noNetwork, server } from '../../test/api.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb } from '../../test/sync.ts'
import { storeUser } from '../auth/index.ts'
import { BlogPage } from './BlogPage.tsx'
import { DraftPage } from './DraftPage.tsx'
import { DraftsPage } from './DraftsPage.tsx'
import {
  EDITOR_FIELDS,
  type EditorField,
  fieldProblem,
  RULE_MESSAGES,
  ruleMessage,
  type TextRuleName,
} from './Editors.tsx'
import { EditPostPage } from './EditPostPage.tsx'
import { formatStoryDate } from './format.ts'
import { MyPostsPage } from './MyPostsPage.tsx'
import { NewPostPage } from './NewPostPage.tsx'
import { createStory, saveDraft } from './ops.ts'
import { SavedPostsPage } from './SavedPostsPage.tsx'
import { SavedStoryPage, StoryPage } from './StoryPage.tsx'
import { aStory, asha, STORY_ID, storyServer } from './testing.ts'

const id = STORY_ID
const story = aStory

const DEVANAGARI_DIGIT = /[०-९]/

describe('the blog in Hindi', () => {
  beforeEach(clearDb)

  it('the feed: heading, lists, author menu, cards, pager and the login toast', async () => {
    await setLanguage('hi')
    storyServer([story(), story({ _id: 'c'.repeat(24), title: 'Second', author: 'Anonymous', anonymous: true })])
    const user = userEvent.setup()
    renderInApp(<BlogPage page={1} list={undefined} onNavigate={vi.fn()} onSaved={vi.fn()} />, '/blog')
    expect(await screen.findByRole('heading', { level: 1, name: 'कहानियाँ' })).toBeTruthy()
    const cards = await screen.findAllByRole('article')
    const first = within(cards[0] as HTMLElement)
    // Her words around the story; the story's own title and author as written.
    expect(first.getByRole('heading', { name: 'Walking home' })).toBeTruthy()
    expect(first.getByText('Meera K की कहानी')).toBeTruthy()
    expect(within(cards[1] as HTMLElement).getByText('बिना नाम की कहानी')).toBeTruthy()
    expect(first.getByRole('link', { name: 'आगे पढ़ें' })).toBeTruthy()
    const date = cards[0]?.querySelector('time')?.textContent ?? ''
    expect(date).toContain('मार्च 2025')
    expect(date).toContain('10:30')
    expect(date).not.toMatch(DEVANAGARI_DIGIT)
    expect(screen.getByText('पेज 1 / 2')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'पिछला' })).toHaveProperty('disabled', true)
    expect(screen.getByRole('button', { name: 'अगला' })).toBeTruthy()
    for (const name of ['ट्रेंडिंग', 'सबसे ज़्यादा लाइक', 'सबसे ज़्यादा देखी गईं', 'हाल की कहानियाँ'])
      expect(screen.getByRole('button', { name })).toBeTruthy()
    for (const name of ['नई कहानी', 'मेरी कहानियाँ', 'ड्राफ्ट']) expect(screen.getByRole('link', { name })).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'लिखने का मेन्यू' })).toBeTruthy()
    expect(first.getByLabelText('कुल लाइक').textContent).toBe('3')
    await user.click(first.getByRole('button', { name: 'लाइक' }))
    expect(await screen.findByText('लॉग इन करना ज़रूरी है')).toBeTruthy()
  })

  it('a side list has its heading and the way back in Hindi', async () => {
    await setLanguage('hi')
    server.use(answer('storiesTrending', { success: true, trendingStories: [] }))
    renderInApp(<BlogPage page={1} list="trending" onNavigate={vi.fn()} onSaved={vi.fn()} />, '/blog')
    expect(await screen.findByRole('heading', { level: 2, name: 'ट्रेंडिंग कहानियाँ' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'सारी कहानियाँ' })).toBeTruthy()
    expect(await screen.findByText('अभी कोई कहानी नहीं है।')).toBeTruthy()
  })

  it('an empty feed offers to write; offline with nothing stored, it says so', async () => {
    await setLanguage('hi')
    storyServer([])
    const first = renderInApp(<BlogPage page={1} list={undefined} onNavigate={vi.fn()} onSaved={vi.fn()} />, '/blog')
    const share = await screen.findByRole('link', { name: 'अपनी कहानी बताएँ' })
    expect(share.getAttribute('href')).toBe('/posts/new')
    expect(share.parentElement?.textContent).toBe('अभी कोई कहानी नहीं है। अपनी कहानी बताएँ।')
    first.unmount()
    await clearDb()
    server.use(noNetwork())
    renderInApp(<BlogPage page={1} list={undefined} onNavigate={vi.fn()} onSaved={vi.fn()} />, '/blog')
    expect(
      await screen.findByText('आप ऑफ़लाइन हैं, और यह अभी इस फ़ोन पर सेव नहीं हुआ है। ऑनलाइन होने पर इसे फिर से खोलें।'),
    ).toBeTruthy()
  })

  it('a story page: the way back, the counts, save and report, for a signed-in reader', async () => {
    await setLanguage('hi')
    await storeUser(asha)
    storyServer([story()])
    const user = userEvent.setup()
    renderInApp(<StoryPage id={id} />, `/blog/stories/${id}`)
    await screen.findByRole('heading', { level: 1, name: 'Walking home' })
    expect(screen.getByRole('link', { name: '← कहानियों पर वापस जाएँ' })).toBeTruthy()
    expect(screen.getByText('Meera K की कहानी')).toBeTruthy()
    expect(screen.getByLabelText('कुल नापसंद').textContent).toBe('1')
    await waitFor(() => expect(screen.getByLabelText('कितनी बार देखी गई').textContent).toBe('8'))
    await user.click(screen.getByRole('button', { name: 'कहानी सेव करें' }))
    expect(await screen.findByText('कहानी सेव हो गई')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'सेव से हटाएँ' })).toBeTruthy()
    expect(screen.getByText('आपकी सेव की गई कहानियों में है')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'कहानी रिपोर्ट करें' }))
    const dialog = await screen.findByRole('dialog', { name: 'कहानी रिपोर्ट करें' })
    await user.type(within(dialog).getByLabelText('वजह'), 'Spam')
    await user.click(within(dialog).getByRole('button', { name: 'रिपोर्ट भेजें' }))
    expect(await screen.findByText('धन्यवाद। इस कहानी को जाँच के लिए रिपोर्ट कर दिया गया है।')).toBeTruthy()
  })

  it('a story page asks a visitor to log in, in Hindi', async () => {
    await setLanguage('hi')
    storyServer([story({ underReview: true })])
    const user = userEvent.setup()
    renderInApp(<StoryPage id={id} />, `/blog/stories/${id}`)
    await user.click(await screen.findByRole('button', { name: 'लाइक' }))
    expect(await screen.findByText('लाइक या नापसंद करने के लिए लॉग इन करें।')).toBeTruthy()
    expect(screen.getByText(/इस कहानी की जाँच हो रही है/)).toBeTruthy()
  })

  it('the new post editor: title, fields, buttons, what is wrong, and the toasts', async () => {
    await setLanguage('hi')
    await clearDb()
    server.use(noNetwork())
    await storeUser(asha)
    const user = userEvent.setup()
    renderInApp(<NewPostPage />, '/posts/new')
    expect(await screen.findByRole('heading', { level: 1, name: 'नई कहानी लिखें' })).toBeTruthy()
    expect(await screen.findByRole('form', { name: 'नई कहानी' })).toBeTruthy()
    const save = screen.getByRole('button', { name: 'ड्राफ्ट सेव करें' })
    const post = screen.getByRole('button', { name: 'पोस्ट करें' })
    expect(post).toHaveProperty('disabled', true)
    expect(screen.getByText('सादा टेक्स्ट; नई लाइनें वैसी ही रहेंगी।')).toBeTruthy()
    await user.type(screen.getByLabelText('शीर्षक'), '\u200B')
    expect(screen.getByText('शीर्षक लिखना ज़रूरी है')).toBeTruthy()
    await user.clear(screen.getByLabelText('शीर्षक'))
    await user.type(screen.getByLabelText('शीर्षक'), 'रात की बस')
    await user.type(screen.getByLabelText('कहानी'), 'जो हुआ')
    await user.click(screen.getByLabelText('बिना नाम के पोस्ट करें'))
    await user.click(save)
    expect(await screen.findByText('ड्राफ्ट सेव हो गया!')).toBeTruthy()
    await user.click(post)
    expect(await screen.findByText('कहानी पोस्ट हो गई!')).toBeTruthy()
  })

  it('the draft editor says its toasts in Hindi', async () => {
    await setLanguage('hi')
    server.use(noNetwork())
    await storeUser(asha)
    const draftId = await saveDraft({ title: 'Unfinished', content: 'Body' })
    const alert = vi.fn()
    vi.stubGlobal('alert', alert)
    const user = userEvent.setup()
    renderInApp(<DraftPage id={draftId} />, `/user/draft/${draftId}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'ड्राफ्ट बदलें' })).toBeTruthy()
    await user.click(await screen.findByRole('button', { name: 'ड्राफ्ट सेव करें' }))
    await screen.findByText('ड्राफ्ट सेव हो गया!')
    expect(alert).not.toHaveBeenCalled()
    vi.unstubAllGlobals()
  })
})

describe('the blog in Marathi', () => {
  beforeEach(clearDb)

  it('a story page: the way back and the counts', async () => {
    await setLanguage('mr')
    storyServer([story({ author: 'Anonymous', anonymous: true })])
    renderInApp(<StoryPage id={id} />, `/blog/stories/${id}`)
    await screen.findByRole('heading', { level: 1, name: 'Walking home' })
    expect(screen.getByRole('link', { name: '← अनुभवांकडे परत जा' })).toBeTruthy()
    expect(screen.getByText('नाव न सांगता लिहिलेला अनुभव')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'नापसंत' })).toBeTruthy()
    const date = document.querySelector('time')?.textContent ?? ''
    expect(date).toContain('मार्च')
    expect(date).not.toMatch(DEVANAGARI_DIGIT)
  })

  it('her drafts: heading, anonymous mark, when saved, and the delete confirmation', async () => {
    await setLanguage('mr')
    server.use(noNetwork())
    await storeUser(asha)
    await saveDraft({ title: 'Hidden name', content: 'Body', anonymous: true })
    const user = userEvent.setup()
    renderInApp(<DraftsPage />, '/user/drafts')
    expect(await screen.findByRole('heading', { level: 1, name: 'ड्राफ्ट' })).toBeTruthy()
    const card = (await screen.findByRole('link', { name: 'Hidden name' })).closest('article') as HTMLElement
    expect(card.textContent).toContain('नाव न सांगता: तुमच्या नावाशिवाय पोस्ट होईल')
    expect(card.textContent).toContain('सेव्ह केला: ')
    expect(card.textContent).not.toMatch(DEVANAGARI_DIGIT)
    expect(screen.getByRole('link', { name: 'नवीन अनुभव लिहा' })).toBeTruthy()
    await user.click(within(card).getByRole('button', { name: 'ड्राफ्ट Hidden name हटवा' }))
    const dialog = await screen.findByRole('dialog', { name: 'हा ड्राफ्ट हटवायचा?' })
    expect(within(dialog).getByText('“Hidden name” हटवल्यानंतर परत आणता येणार नाही.')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'हटवा' }))
    expect(await screen.findByText('ड्राफ्ट हटवला')).toBeTruthy()
  })
})

describe('her screens in Hindi and Marathi', () => {
  beforeEach(async () => {
    await clearDb()
    server.use(noNetwork())
  })

  it('the feed in Marathi', async () => {
    await setLanguage('mr')
    server.use(answer('storiesFeed', { success: true, stories: [story()], currentPage: 1, totalPages: 1 }))
    server.use(answer('syncPush', { success: true, results: [] }))
    renderInApp(<BlogPage page={1} list={undefined} onNavigate={vi.fn()} onSaved={vi.fn()} />, '/blog')
    expect(await screen.findByRole('heading', { level: 1, name: 'अनुभव' })).toBeTruthy()
    expect(await screen.findByText('Meera K यांचा अनुभव')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'पुढे वाचा' })).toBeTruthy()
    expect(screen.getByText('पेज 1 / 1')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'सर्वात जास्त लाइक' })).toBeTruthy()
  })

  it('the new post editor in Marathi', async () => {
    await setLanguage('mr')
    await storeUser(asha)
    const user = userEvent.setup()
    renderInApp(<NewPostPage />, '/posts/new')
    expect(await screen.findByRole('heading', { level: 1, name: 'नवीन अनुभव लिहा' })).toBeTruthy()
    await user.type(screen.getByLabelText('शीर्षक'), 'Safe\u202Egnissorc')
    expect(screen.getByText('शीर्षकात मजकुराची दिशा बदलणारी अक्षरे वापरू नका')).toBeTruthy()
    expect(screen.getByLabelText('मजकूर')).toBeTruthy()
    expect(screen.getByLabelText('नाव न सांगता पोस्ट करा')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'ड्राफ्ट सेव्ह करा' })).toHaveProperty('disabled', true)
    expect(screen.getByRole('button', { name: 'पोस्ट करा' })).toHaveProperty('disabled', true)
  })

  it('her posts in Hindi and in Marathi: edit, delete, write a new one', async () => {
    await storeUser(asha)
    await createStory({ title: 'My walk', content: 'Text' })
    await setLanguage('hi')
    const first = renderInApp(<MyPostsPage />, '/user/posts')
    expect(await screen.findByRole('heading', { level: 1, name: 'मेरी कहानियाँ' })).toBeTruthy()
    expect(await screen.findByRole('button', { name: 'My walk बदलें' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'My walk डिलीट करें' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'नई कहानी लिखें' })).toBeTruthy()
    first.unmount()
    await setLanguage('mr')
    renderInApp(<MyPostsPage />, '/user/posts')
    expect(await screen.findByRole('heading', { level: 1, name: 'माझे अनुभव' })).toBeTruthy()
    expect(await screen.findByRole('button', { name: 'My walk बदला' })).toBeTruthy()
  })

  it('the edit screen in Hindi', async () => {
    await storeUser(asha)
    const storyId = await createStory({ title: 'My walk', content: 'Text' })
    await setLanguage('hi')
    const user = userEvent.setup()
    renderInApp(<EditPostPage id={storyId} />, `/stories/${storyId}/edit`)
    expect(await screen.findByRole('heading', { level: 1, name: 'कहानी बदलें' })).toBeTruthy()
    await user.type(await screen.findByLabelText('कहानी'), ' more')
    await user.click(screen.getByRole('button', { name: 'सेव करें' }))
    expect(await screen.findByText('कहानी अपडेट हो गई!')).toBeTruthy()
  })

  it('saved posts in Marathi, and a saved story in Hindi', async () => {
    await db.stories.put({ ...story(), authorId: 'someone' })
    await storeUser({ ...asha, savedPosts: [id, 'f'.repeat(24)] })
    await setLanguage('mr')
    const first = renderInApp(<SavedPostsPage id={asha._id} />, `/blog/${asha._id}/saved`)
    expect(await screen.findByRole('heading', { level: 1, name: 'सेव्ह केलेले अनुभव' })).toBeTruthy()
    expect(await screen.findByRole('link', { name: 'Walking home' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'शीर्षक नसलेला अनुभव' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'अनुभवांकडे परत जा' })).toBeTruthy()
    first.unmount()
    await setLanguage('hi')
    renderInApp(<SavedStoryPage id={id} />, `/user/saved/${id}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Walking home' })).toBeTruthy()
    expect(screen.getByRole('link', { name: '← सेव की गई कहानियों पर वापस जाएँ' })).toBeTruthy()
    const open = screen.getByRole('link', { name: 'ब्लॉग में खोलें' })
    expect(open.parentElement?.textContent).toBe('लाइक या नापसंद करने के लिए ब्लॉग में खोलें।')
  })
})

describe('dates', () => {
  it('keep the spec English, and read in Hindi and Marathi with Latin digits', () => {
    const date = new Date(2025, 2, 5, 10, 30)
    expect(formatStoryDate(date, 'en')).toBe('5th March 2025, 10:30')
    for (const language of ['hi', 'mr'] as const) {
      const text = formatStoryDate(date, language)
      expect(text).toContain('मार्च')
      expect(text).toContain('2025')
      expect(text).toContain('10:30')
      expect(text).not.toMatch(DEVANAGARI_DIGIT)
    }
  })
})

/** A value that breaks `rule` of a field (and no rule before it). */
const BREAKING: Record<TextRuleName, (max: number) => string> = {
  required: () => '\u200B',
  tooLong: (max) => 'a'.repeat(max + 1),
  controls: () => 'a\u0000b',
  lineControls: () => 'a\u0000b',
  direction: () => 'Safe\u202Egnissorc',
}

describe("the editor's rules (packages/contract text-rules.ts) in every language", () => {
  const fields = Object.keys(EDITOR_FIELDS) as EditorField[]

  it('knows every rule the contract checks a title and a content with', () => {
    for (const field of fields) {
      const { name, max, kind } = EDITOR_FIELDS[field]
      const shown = [
        TextMessages.required(name),
        TextMessages.tooLong(name, max),
        ...textRules(name, kind).map((r) => r.message),
      ]
      const known = Object.keys(RULE_MESSAGES[field]).map((rule) => ruleMessage(field, rule as TextRuleName))
      for (const message of shown) expect(known, `${field}: ${message}`).toContain(message)
    }
    expect(EDITOR_FIELDS.title.max).toBe(STORY_TITLE_MAX)
    expect(EDITOR_FIELDS.content.max).toBe(STORY_CONTENT_MAX)
  })

  for (const field of fields) {
    for (const rule of Object.keys(RULE_MESSAGES[field]) as TextRuleName[]) {
      it(`${field} ${rule}: the contract's English, translated in Hindi and Marathi`, async () => {
        const value = BREAKING[rule](EDITOR_FIELDS[field].max)
        const english = ruleMessage(field, rule)
        expect(fieldProblem(field, value)).toBe(english)
        for (const language of LANGUAGES.filter((l) => l !== 'en')) {
          await setLanguage(language)
          const translated = fieldProblem(field, value) ?? ''
          expect(translated.trim(), `${language} ${field} ${rule}`).not.toBe('')
          expect(translated, `${language} ${field} ${rule}`).not.toBe(english)
          if (rule === 'tooLong') expect(translated).toContain(String(EDITOR_FIELDS[field].max))
        }
      })
    }
  }
})
