import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyInstance } from 'fastify'
import { createAttemptLimit } from './attempt-limit.ts'
import type { Config } from './config.ts'
import { createReadSnapshot, createTransact, type Db, truncateWal } from './db/connection.ts'
import { DATABASE_FILE, openStorage } from './db/open-storage.ts'
import type { Sql } from './db/sql.ts'
import { createPasswords } from './modules/auth/passwords.ts'
import { createSessionsRepo } from './modules/auth/repo.ts'
import { authRoutes } from './modules/auth/routes.ts'
import { createAuthService } from './modules/auth/service.ts'
import { createSessions } from './modules/auth/sessions.ts'
import { createChangesRepo } from './modules/changes/repo.ts'
import { guestCookie } from './modules/chat/guest-cookie.ts'
import { createAssistantLlm } from './modules/chat/llm.ts'
import { createChatRepo } from './modules/chat/repo.ts'
import { chatRoutes } from './modules/chat/routes.ts'
import { CHAT_SWEEP_MS, createChatService } from './modules/chat/service.ts'
import { createContactRepo } from './modules/contact/repo.ts'
import { contactRoutes } from './modules/contact/routes.ts'
import { createContactService } from './modules/contact/service.ts'
import { createDraftsRepo } from './modules/drafts/repo.ts'
import { draftsRoutes } from './modules/drafts/routes.ts'
import { createDraftsService } from './modules/drafts/service.ts'
import { createEvidenceRepo } from './modules/evidence/repo.ts'
import { evidenceRoutes } from './modules/evidence/routes.ts'
import { createEvidenceService } from './modules/evidence/service.ts'
import { createGeocodeRepo } from './modules/geocode/repo.ts'
import { geocodeRoutes } from './modules/geocode/routes.ts'
import { createGeocodeService } from './modules/geocode/service.ts'
import { guardiansRoutes } from './modules/guardians/routes.ts'
import { type AlertOptions, setUpGuardians } from './modules/guardians/setup.ts'
import { createHealthRepo } from './modules/health/repo.ts'
import { healthRoutes } from './modules/health/routes.ts'
import { publishInBatches } from './modules/incidents/batches.ts'
import { createIncidentsRepo } from './modules/incidents/repo.ts'
import { incidentsRoutes } from './modules/incidents/routes.ts'
import { createIncidentsService } from './modules/incidents/service.ts'
import { createNearbyRepo } from './modules/nearby/repo.ts'
import { nearbyRoutes } from './modules/nearby/routes.ts'
import { createNearbyService } from './modules/nearby/service.ts'
import { createOfflineAreaRepo } from './modules/offline-area/repo.ts'
import { offlineAreaRoutes } from './modules/offline-area/routes.ts'
import { createOfflineAreaService } from './modules/offline-area/service.ts'
import { predictRoutes } from './modules/predict/routes.ts'
import { profileRoutes } from './modules/profile/routes.ts'
import { createProfileService } from './modules/profile/service.ts'
import { createRatingsRepo } from './modules/ratings/repo.ts'
import { ratingsRoutes } from './modules/ratings/routes.ts'
import { createRatingsService } from './modules/ratings/service.ts'
import { loadRegion, type Region } from './modules/region/region.ts'
import { regionRoutes } from './modules/region/routes.ts'
import { createRegionService } from './modules/region/service.ts'
import { createRegionSignals, INCIDENT_HORIZON_DAYS } from './modules/region/signals.ts'
import type { RegionWorkOptions } from './modules/region/work.ts'
import { routeFindRoutes } from './modules/routes/routes.ts'
import { createRouteService } from './modules/routes/service.ts'
import { createSavedRoutesRepo } from './modules/saved-routes/repo.ts'
import { savedRoutesRoutes } from './modules/saved-routes/routes.ts'
import { createSavedRoutesService } from './modules/saved-routes/service.ts'
import { createSharesRepo } from './modules/share/repo.ts'
import { shareRoutes } from './modules/share/routes.ts'
import { createShareService, SHARE_SWEEP_MS } from './modules/share/service.ts'
import { createStoriesRepo } from './modules/stories/repo.ts'
import { storiesRoutes } from './modules/stories/routes.ts'
import { createStoriesService } from './modules/stories/service.ts'
import { createViewerKeys } from './modules/stories/viewer-keys.ts'
import { createAppliedOpsRepo } from './modules/sync/repo.ts'
import { syncRoutes } from './modules/sync/routes.ts'
import { createSyncService } from './modules/sync/service.ts'
import { tilesRoutes } from './modules/tiles/routes.ts'
import { createTilesService } from './modules/tiles/service.ts'
import { createTrustedContactsRepo } from './modules/trusted-contacts/repo.ts'
import { trustedContactsRoutes } from './modules/trusted-contacts/routes.ts'
import { createTrustedContactsService } from './modules/trusted-contacts/service.ts'
import { createUsersRepo } from './modules/users/repo.ts'
import { accessLogSerializers, hideSecrets } from './plugins/access-log.ts'
import {
  answerClientErrorsAsJson,
  answerErrorsAsJson,
  answerFrameworkErrorsAsJson,
  refuseLongUrls,
} from './plugins/errors.ts'
import { acceptJsonBodiesOnly } from './plugins/json-body.ts'
import { checkOrigin } from './plugins/origin-check.ts'
import { keepAnswersPrivate } from './plugins/private-answers.ts'
import { limitRequestRate } from './plugins/rate-limit.ts'
import { addSecurityHeaders } from './plugins/security-headers.ts'
import { useSessions } from './plugins/session.ts'
import { pageScriptHashes, pageStyleHashes, servePwa } from './plugins/static-pwa.ts'
import { validatorCompiler } from './plugins/validation.ts'
import { fastifyTrustProxy } from './trust-proxy.ts'

export { DATABASE_FILE }

/** Incident densities are recomputed from the database this often, so that their decay moves on. */
export const SIGNALS_RECOMPUTE_MS = 60 * 60_000

export interface BuildOptions {
  /** Where the log goes (default stdout): tests capture it. */
  logStream?: NodeJS.WritableStream
  /** Threads and queue of the region's workers (route finding, map matching): tests shrink them. */
  regionWorkers?: RegionWorkOptions
  /**
   * The clock of live location shares (expiry, check-in deadlines, the sweep), of guardians' alerts and of chat
   * messages: tests move it.
   */
  now?: () => Date
  /** The guardians' alert sender (modules/guardians/setup.ts): tests shorten its timeouts or turn its timers off. */
  alerts?: AlertOptions
  /** Called with the database once it is open and migrated: lets tests put the real database into a fault state. */
  database?: (db: Db) => void
  /** Opens the database file (db/connection.ts openDatabase): lets tests make it fail like a full disk. */
  openDatabase?: (file: string) => Db
  /**
   * Called with the app as soon as it is made, before any route is added: lets tests add an onRoute hook (once
   * buildApp has resolved, the routes are being loaded).
   */
  onCreate?: (app: FastifyInstance) => void
  /** Called with the function that runs one publishing batch of reports and ratings: lets tests run batches. */
  signalBatch?: (run: () => void) => void
}

/**
 * The whole server as a Fastify instance, not listening (tests drive it with `inject`), with `sql`, the query layer on
 * its database, for the repos as they move onto it (docs/storage.md). Closing it closes the database.
 */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  // Read-only when the disk is full or the file cannot be written: reads go on, writes answer 503 (docs/security.md).
  const storage = await openStorage(config, options)
  const { db, readOnly } = storage
  options.database?.(db)

  const app = Fastify({
    logger: {
      level: config.logLevel,
      // No client IP, port or user agent in any log line (plugins/access-log.ts), and no secret in any: whoever holds
      // a share token can follow her, so every line written is cleared of them.
      serializers: accessLogSerializers,
      hooks: { streamWrite: hideSecrets },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: config.bodyLimit,
    frameworkErrors: answerFrameworkErrorsAsJson,
    clientErrorHandler: answerClientErrorsAsJson,
  }).withTypeProvider<TypeBoxTypeProvider>()
  options.onCreate?.(app)
  app.decorate('sql', storage.sql)
  app.addHook('onClose', storage.close)
  if (readOnly) app.log.error(readOnly)
  refuseLongUrls(app)

  const transact = createTransact(db)
  const users = createUsersRepo(db)
  const changes = createChangesRepo(db)
  const sessions = createSessions(createSessionsRepo(db))
  const auth = createAuthService({
    users,
    changes,
    transact,
    sessions,
    passwords: createPasswords(config.passwordHashCost),
    throttle: createAttemptLimit(config.rateLimits.login),
    emailThrottle: createAttemptLimit(config.rateLimits.loginEmail),
  })
  const profile = createProfileService({ users, changes, transact })
  const contact = createContactService(createContactRepo(db), createAttemptLimit(config.rateLimits.contact))
  const drafts = createDraftsService({ drafts: createDraftsRepo(db), changes, transact })
  const savedRoutes = createSavedRoutesService({ savedRoutes: createSavedRoutesRepo(db), changes, transact })
  const trustedContacts = createTrustedContactsService({
    trustedContacts: createTrustedContactsRepo(db),
    changes,
    transact,
  })
  const stories = createStoriesService({
    stories: createStoriesRepo(db),
    drafts,
    changes,
    transact,
    reportLimit: createAttemptLimit(config.rateLimits.report),
    viewerKeys: createViewerKeys(),
  })
  // The imported map region (routing); without one, region routes answer 503 and the rest of the app works.
  let region: Region | null = null
  try {
    region = loadRegion(config.dataDir)
    if (!region)
      app.log.warn(
        'No region imported yet: route finding answers 503 until one is (pnpm -C sync-server import-region <file.osm.pbf>)',
      )
    else if (region.featuresOutdated)
      app.log.warn(
        'The region was imported by an older Wings: opening hours and stop hours are not used until it is imported again (pnpm -C sync-server import-region <file.osm.pbf>)',
      )
  } catch (error) {
    app.log.error({ err: error }, 'could not load the imported region')
  }
  const regions = createRegionService(region, config.tileUrl, options.regionWorkers)
  app.addHook('onClose', regions.close)
  const tiles = createTilesService({ dataDir: config.dataDir })
  app.addHook('onClose', tiles.close)

  // Community signals (docs/community-signals.md): loaded now, updated by every publishing batch, and the incident
  // densities recomputed hourly so that their decay moves on.
  const signals = region ? createRegionSignals(region) : null
  const incidents = createIncidentsService({
    repo: createIncidentsRepo(db),
    limit: createAttemptLimit(config.rateLimits.incident),
    signals,
    transact,
  })
  const ratings = createRatingsService({
    repo: createRatingsRepo(db),
    regions,
    signals,
    limit: createAttemptLimit(config.rateLimits.routeRate),
    transact,
  })
  // New reports and ratings are published in batches at random intervals, so that when one shows tells nobody who
  // made it. After a batch the WAL is emptied: it kept each queued report beside the other writes of its push.
  const publishSignals = () => {
    incidents.publishBatch()
    ratings.publishBatch()
    truncateWal(db)
  }
  options.signalBatch?.(publishSignals)
  if (!readOnly) {
    const stop = publishInBatches(() => {
      try {
        publishSignals()
      } catch (error) {
        app.log.error({ err: error }, 'could not publish new reports and ratings')
      }
    })
    app.addHook('onClose', async () => stop())
  }
  if (signals) {
    incidents.reloadSignals(INCIDENT_HORIZON_DAYS)
    ratings.reloadSignals()
    const timer = setInterval(() => {
      try {
        incidents.reloadSignals(INCIDENT_HORIZON_DAYS)
      } catch (error) {
        app.log.error({ err: error }, 'could not recompute incident densities')
      }
    }, SIGNALS_RECOMPUTE_MS)
    timer.unref()
    app.addHook('onClose', async () => clearInterval(timer))
  }

  // Guardians (docs/guardians.md): alerts queued in a durable outbox and sent in the background; its first scan (a
  // check-in missed while the server was down) comes before the share sweep below clears ended shares.
  const sharesRepo = createSharesRepo(db)
  const guardians = setUpGuardians({
    config,
    db,
    transact,
    shares: sharesRepo,
    users,
    readOnly: readOnly !== null,
    now: options.now ?? (() => new Date()),
    log: app.log,
    ...(options.alerts ? { options: options.alerts } : {}),
  })
  guardians.start()
  app.addHook('onClose', guardians.close)
  // Live location shares: ended ones lose their position at once (stop) or at the next sweep (expiry), and are
  // deleted a week after they ended (docs/live-location.md).
  const share = createShareService({
    repo: sharesRepo,
    events: guardians.shareEvents,
    transact,
    limits: { owner: createAttemptLimit(config.rateLimits.share), ip: createAttemptLimit(config.rateLimits.shareIp) },
    ...(options.now ? { now: options.now } : {}),
  })
  /** Runs `sweep` now and every `everyMs` (an unref'd timer cleared when the app closes); a failure is logged. */
  const sweepEvery = (everyMs: number, failure: string, sweep: () => unknown) => {
    // A read-only database deletes nothing: each sweep would only log the same failure.
    if (readOnly) return
    const run = () => {
      try {
        sweep()
      } catch (error) {
        app.log.error({ err: error }, failure)
      }
    }
    run()
    const timer = setInterval(run, everyMs)
    timer.unref()
    app.addHook('onClose', async () => clearInterval(timer))
  }
  sweepEvery(SHARE_SWEEP_MS, 'could not sweep ended location shares', share.sweep)

  // Saathi, the chat assistant (docs/chat.md): guest conversations are deleted 30 days after they were created.
  const chat = createChatService({
    repo: createChatRepo(db),
    transact,
    limit: createAttemptLimit(config.rateLimits.chat),
    llm: config.assistantLlm ? createAssistantLlm(config.assistantLlm) : null,
    ...(options.now ? { now: options.now } : {}),
  })
  sweepEvery(CHAT_SWEEP_MS, 'could not delete old guest conversations', chat.sweep)
  const guestKeys = guestCookie(config.cookieSecure)

  const sync = createSyncService({
    appliedOps: createAppliedOpsRepo(db),
    changes,
    users,
    profile,
    contact,
    stories,
    drafts,
    savedRoutes,
    trustedContacts,
    incidents,
    ratings,
    regions,
    chat,
    guardianAlerts: guardians.queue,
    transact,
    readSnapshot: createReadSnapshot(db),
  })

  app.setValidatorCompiler(validatorCompiler)
  acceptJsonBodiesOnly(app)
  answerErrorsAsJson(app)
  addSecurityHeaders(app, config.tileUrl, pageStyleHashes(config.webDist), pageScriptHashes(config.webDist))
  useSessions(app, { sessions, users, cookieSecure: config.cookieSecure })

  app.register(
    // biome-ignore lint/nursery/noMisusedPromises: Fastify awaits an async plugin (FastifyPluginAsync); Biome picks the callback overload
    async (api) => {
      keepAnswersPrivate(api)
      checkOrigin(api, config.allowedOrigins)
      await limitRequestRate(api, config.rateLimits.api)
      await api.register(healthRoutes, { health: createHealthRepo(db), readOnly: readOnly !== null })
      await api.register(authRoutes, { auth, signupLimit: config.rateLimits.signup })
      await api.register(profileRoutes, { profile })
      await api.register(contactRoutes, { contact })
      await api.register(storiesRoutes, { stories })
      await api.register(draftsRoutes, { drafts })
      await api.register(regionRoutes, { region: regions })
      await api.register(geocodeRoutes, { geocode: createGeocodeService(createGeocodeRepo(db)) })
      const nearby = createNearbyService(regions, createNearbyRepo(db))
      await api.register(nearbyRoutes, { nearby })
      await api.register(offlineAreaRoutes, {
        offlineArea: createOfflineAreaService({
          regions,
          repo: createOfflineAreaRepo(db),
          nearby,
          incidents: createIncidentsRepo(db),
        }),
      })
      await api.register(routeFindRoutes, {
        routes: createRouteService(regions, undefined, signals),
        limit: config.rateLimits.routeFind,
      })
      await api.register(savedRoutesRoutes, { savedRoutes })
      await api.register(trustedContactsRoutes, { trustedContacts })
      await api.register(guardiansRoutes, {
        guardians: guardians.service,
        queue: guardians.queue,
        publicKey: guardians.publicKey,
      })
      await api.register(shareRoutes, {
        share,
        updateLimit: config.rateLimits.sharePosition,
        failureLimit: createAttemptLimit(config.rateLimits.shareUpdateFailures),
      })
      await api.register(chatRoutes, { chat, guestCookie: guestKeys })
      await api.register(evidenceRoutes, {
        evidence: createEvidenceService({ repo: createEvidenceRepo(db), transact }),
        chunkLimit: config.rateLimits.evidenceChunk,
      })
      await api.register(incidentsRoutes, { incidents })
      await api.register(ratingsRoutes, { ratings })
      await api.register(predictRoutes)
      await api.register(tilesRoutes, { tiles })
      await api.register(syncRoutes, {
        sync,
        pushLimit: config.rateLimits.syncPush,
        pushBodyLimit: config.pushBodyLimit,
        guestCookie: guestKeys,
      })
    },
    { prefix: '/api' },
  )

  servePwa(app, config.webDist)
  return app as typeof app & { readonly sql: Sql }
}

export type App = Awaited<ReturnType<typeof buildApp>>
