import type { User } from '@wings/contract'

/** A signed-in user for tests. */
export function testUser(over: Partial<User> = {}): User {
  return {
    _id: 'a'.repeat(24),
    firstName: 'Asha',
    lastName: 'Rao',
    age: 28,
    gender: 'female',
    email: 'asha@example.in',
    likedPosts: [],
    dislikedPosts: [],
    ...over,
  }
}
