import { setUpBrowser } from './browser.ts'

setUpBrowser()
