/** An indexed binary min-heap of node ids on typed arrays, with decrease-key; allocated once per graph. */
export class NodeHeap {
  size = 0
  private readonly keys: Float64Array
  private readonly nodes: Int32Array
  /** Position of a node in the heap; only meaningful while the node is in the heap. */
  private readonly pos: Int32Array

  constructor(capacity: number) {
    this.keys = new Float64Array(capacity)
    this.nodes = new Int32Array(capacity)
    this.pos = new Int32Array(capacity)
  }

  clear(): void {
    this.size = 0
  }

  topKey(): number {
    return this.size > 0 ? this.keys[0]! : Number.POSITIVE_INFINITY
  }

  push(node: number, key: number): void {
    const i = this.size++
    this.up(i, node, key)
  }

  /** Lowers the key of a node that is in the heap. */
  decrease(node: number, key: number): void {
    this.up(this.pos[node]!, node, key)
  }

  pop(): number {
    const top = this.nodes[0]!
    const last = --this.size
    if (last > 0) this.down(0, this.nodes[last]!, this.keys[last]!)
    return top
  }

  /** Puts a node and its key in slot i. */
  private put(i: number, node: number, key: number): void {
    this.keys[i] = key
    this.nodes[i] = node
    this.pos[node] = i
  }

  private up(i: number, node: number, key: number): void {
    const keys = this.keys
    while (i > 0) {
      const p = (i - 1) >> 1
      const pk = keys[p]!
      if (pk <= key) break
      this.put(i, this.nodes[p]!, pk)
      i = p
    }
    this.put(i, node, key)
  }

  private down(i: number, node: number, key: number): void {
    const keys = this.keys
    const n = this.size
    const half = n >> 1
    while (i < half) {
      let c = 2 * i + 1
      let ck = keys[c]!
      const r = c + 1
      if (r < n && keys[r]! < ck) {
        c = r
        ck = keys[r]!
      }
      if (ck >= key) break
      this.put(i, this.nodes[c]!, ck)
      i = c
    }
    this.put(i, node, key)
  }
}
