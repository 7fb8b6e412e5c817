// Rows in every table PostgreSQL shares (copy-source.ts sharedTables), written straight into a migrated SQLite
// database, with values a copy could get wrong: non-ASCII and quoting characters, text that looks like placeholders,
// NULLs, negative and large integers, reals that print with many digits, bytes with zeros.
import type { Db } from '../db/connection.ts'

const AT = '2026-11-25T12:00:00.000Z'
const LATER = '2026-11-25T13:30:00.000Z'
const TRICKY = `Priya's "route" via ज़ुहू — 😊 ? @name $1 \\ \n next line`

/** Rows for every shared table; a new shared table must be added here (a test fails until it is). */
export function fillSharedTables(db: Db): void {
  const insert = (table: string, row: Record<string, unknown>) => {
    const columns = Object.keys(row)
    db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`).run(
      row,
    )
  }
  db.transaction(() => {
    const users = ['u1', 'u2', 'u3']
    for (const [index, id] of users.entries()) {
      insert('users', {
        id,
        email: `${id}@example.in`,
        first_name: index === 0 ? 'प्रिया' : `O'Brien ${index}`,
        last_name: TRICKY,
        age: 13 + index * 50,
        gender: 'female',
        password_hash: '$argon2id$v=19$m=19456,t=2,p=1$abc',
        created_at: AT,
        updated_at: LATER,
        language: index === 0 ? 'mr' : null,
      })
    }
    insert('sessions', { token_hash: 'th1', user_id: 'u1', created_at: AT, expires_at: LATER, last_seen_at: AT })
    insert('contact_messages', { id: 'cm1', full_name: 'A B', email: 'a@b.in', query: TRICKY, created_at: AT })
    insert('applied_ops', { op_id: 'op1', user_id: null, client_id: 'c1', type: 'incident.report', applied_at: AT })
    insert('applied_ops', { op_id: 'op2', user_id: 'u1', client_id: 'c1', type: 'story.create', applied_at: AT })
    for (let i = 1; i <= 5; i++)
      insert('changes', { user_id: users[i % 3], entity: 'story', entity_id: `s${i}`, changed_at: AT })
    insert('stories', {
      id: 's1',
      author_id: 'u1',
      anonymous: 1,
      title: TRICKY,
      content: 'x'.repeat(5000),
      created_at: AT,
      updated_at: AT,
      likes: 3,
      dislikes: 0,
      views: 9_007_199_254_740_991,
      saves: 1,
      flags: 1,
      hidden: 0,
    })
    db.prepare('UPDATE story_stats SET visible = 1').run()
    insert('story_reactions', { user_id: 'u2', story_id: 's1', kind: 'like', created_at: AT })
    insert('saved_stories', { user_id: 'u2', story_id: 's1', saved_at: AT })
    for (let i = 0; i < 5; i++) insert('story_views', { story_id: 's1', viewer_key: `v${i}`, day: '2026-11-25' })
    insert('drafts', {
      id: 'd1',
      user_id: 'u1',
      title: '',
      content: TRICKY,
      created_at: AT,
      updated_at: AT,
      anonymous: 0,
    })
    insert('story_flags', { story_id: 's1', user_id: 'u3', reason: TRICKY, created_at: AT, weight: 0.1, reviewed: 0 })
    insert('incidents', {
      id: 'i1',
      category: 'poor lighting',
      lat: 19.07609012345679,
      lon: -72.877426,
      occurred_at: AT,
      description: null,
    })
    insert('route_ratings', { id: 'r1', mode: 'foot', rating: 5, tip: TRICKY, lat: 1e-300, lon: 0, created_at: AT })
    insert('edge_ratings', { region: 'r2026', edge: -42, feedback_sum: -0.3333333333333333, ratings: 3 })
    insert('saved_routes', {
      id: 'sr1',
      user_id: 'u1',
      current_name: 'Home',
      current_lat: 19.1,
      current_lon: 72.8,
      destination_name: TRICKY,
      destination_lat: 19.2,
      destination_lon: 72.9,
      mode: null,
      route_json: JSON.stringify({ points: [[19.1, 72.8]], note: TRICKY }),
      created_at: AT,
    })
    insert('shares', {
      id: 'sh1',
      token_hash: 'tok1',
      write_key_hash: 'wk1',
      created_at: AT,
      expires_at: LATER,
      lat: 19.07,
      lon: 72.87,
      accuracy: 12.5,
      user_id: 'u1',
      check_in_deadline: LATER,
      safe_on_arrival: 1,
    })
    insert('trusted_contacts', {
      id: 'tc1',
      user_id: 'u1',
      name: TRICKY,
      phone: '+919800000000',
      created_at: AT,
      updated_at: AT,
    })
    insert('conversations', { id: 'u1', kind: 'user', user_id: 'u1', guest_secret_hash: null, created_at: AT })
    insert('conversations', { id: 'g1', kind: 'guest', user_id: null, guest_secret_hash: 'gh', created_at: AT })
    for (let i = 1; i <= 4; i++)
      insert('chat_messages', {
        id: `m${i}`,
        conversation_id: i % 2 ? 'u1' : 'g1',
        sender: i % 2 ? 'user' : 'bot',
        text: TRICKY,
        actions_json: i === 2 ? '[{"kind":"call"}]' : null,
        client_message_id: i % 2 ? `cmid${i}` : null,
        reply_to: i === 2 ? 'm1' : null,
        created_at: AT,
      })
    insert('anonymous_ops', { op_key: 'k1' })
    insert('incident_queue', {
      id: 'iq1',
      category: 'other',
      lat: 19,
      lon: 72,
      occurred_at: AT,
      description: TRICKY,
      waited: 1,
    })
    insert('route_rating_queue', {
      id: 'rq1',
      mode: 'car',
      rating: 1,
      tip: null,
      lat: 19,
      lon: 72,
      created_at: AT,
      region: 'r2026',
      edges: '[1,2,3]',
      waited: 0,
    })
    insert('guardians', {
      id: 'gd1',
      user_id: 'u1',
      name: 'Amma',
      token_hash: 'gth1',
      token_sealed: 'sealed',
      created_at: AT,
      accepted_at: AT,
      push_endpoint: 'https://push.example/1',
      email: 'amma@example.in',
      share_started: 1,
      language: 'hi',
    })
    insert('guardian_links_ended', { token_hash: 'gth0', ended_at: AT })
    insert('alerts', {
      id: 'a1',
      user_id: 'u1',
      kind: 'sos',
      event_key: 'sos:1',
      share_id: 'sh1',
      data_sealed: 'sealed',
      created_at: AT,
    })
    insert('alert_outbox', {
      id: 'ao1',
      alert_id: 'a1',
      guardian_id: 'gd1',
      status: 'pending',
      attempts: 2,
      next_attempt_at: LATER,
      push_result: 'failed',
      created_at: AT,
    })
    insert('evidence_recordings', {
      id: 'e1',
      user_id: 'u1',
      mime_type: 'audio/webm;codecs=opus',
      started_at: AT,
      lat: null,
      lon: null,
      accuracy: null,
      chunks: 2,
      bytes: 7,
      duration_ms: null,
      created_at: AT,
    })
    insert('evidence_chunks', {
      recording_id: 'e1',
      seq: 0,
      sha256: 'ab',
      bytes: 4,
      data: Buffer.from([0, 255, 0, 1]),
    })
    insert('evidence_chunks', { recording_id: 'e1', seq: 1, sha256: 'cd', bytes: 3, data: Buffer.from('abc') })
    insert('jobs', { name: 'publish-signals', next_at: 1_764_075_600_123, version: 9_007_199_254_740_991 })
    insert('jobs', { name: 'signals', next_at: 0, version: 1 })
  })()
}
