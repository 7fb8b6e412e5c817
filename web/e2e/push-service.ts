import { afterAll, beforeAll, inject } from 'vitest'
import { type PushService, startPushService } from '../../sync-server/src/testing/push-service.ts'

export { decryptPush, subscriptionId, verifyVapid } from '../../sync-server/src/testing/push-service.ts'

/**
 * The server tests' push service, for the test file that calls this at its top, on the port the browser suite's
 * server may post alerts to (server.setup.ts). Answers a getter: the service starts in beforeAll.
 */
export function setUpPushService(): () => PushService {
  let service: PushService | undefined
  beforeAll(async () => {
    service = await startPushService(inject('pushServicePort'))
  })
  afterAll(async () => {
    await service?.close()
  })
  return () => {
    if (!service) throw new Error('the push service starts before the tests')
    return service
  }
}
