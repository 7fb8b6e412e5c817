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

  private up(i: number, node: number, key: number): void {
    const keys = this.keys
    const nodes = this.nodes
    const pos = this.pos
    while (i > 0) {
      const p = (i - 1) >> 1
      const pk = keys[p]!
      if (pk <= key) break
      keys[i] = pk
      const pn = nodes[p]!
      nodes[i] = pn
      pos[pn] = i
      i = p
    }
    keys[i] = key
    nodes[i] = node
    pos[node] = i
  }

  private down(i: number, node: number, key: number): void {
    const keys = this.keys
    const nodes = this.nodes
    const pos = this.pos
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
      keys[i] = ck
      const cn = nodes[c]!
      nodes[i] = cn
      pos[cn] = i
      i = c
    }
    keys[i] = key
    nodes[i] = node
    pos[node] = i
  }
}
