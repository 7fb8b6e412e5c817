/**
 * A Leaflet tile layer whose tiles come through the tile cache (IndexedDB, then the network), shown from object URLs.
 * Each tile img says where it came from in `data-source` ('cache' or 'network'), which browser tests can read.
 */
import * as L from 'leaflet'
import { loadTile, tileUrl } from './tileCache.ts'

export interface CachedTileLayerOptions extends L.TileLayerOptions {
  /** The tile cache version (region importedAt): cached tiles of another version are refreshed when online. */
  version: string
}

interface TileEvent extends L.LeafletEvent {
  tile: HTMLElement
}

export class CachedTileLayer extends L.TileLayer {
  private readonly template: string
  private readonly version: string
  private readonly loads = new WeakMap<HTMLElement, AbortController>()
  /** Object URLs of tiles still decoding: revoked when they load, fail or leave. */
  private readonly objectUrls = new WeakMap<HTMLElement, string>()

  constructor(urlTemplate: string, options: CachedTileLayerOptions) {
    const { version, ...rest } = options
    super(urlTemplate, rest)
    this.template = urlTemplate
    this.version = version
    // A tile that leaves the map (panned away, other zoom, layer removed) stops loading.
    this.on('tileunload tileabort', (event) => this.abortTile((event as TileEvent).tile))
  }

  override getTileUrl(coords: L.Coords): string {
    return tileUrl(this.template, coords.z, coords.x, coords.y)
  }

  protected override createTile(coords: L.Coords, done: L.DoneCallback): HTMLElement {
    const tile = document.createElement('img')
    // Decorative: screen readers skip the tiles (the map's name and its markers say what matters).
    tile.alt = ''
    const controller = new AbortController()
    this.loads.set(tile, controller)
    const { signal } = controller
    loadTile(this.getTileUrl(coords), this.version, { signal }).then(
      ({ data, type, fromCache }) => {
        if (signal.aborted) return
        const objectUrl = URL.createObjectURL(new Blob([data], { type }))
        this.objectUrls.set(tile, objectUrl)
        const settle = (error?: Error) => {
          tile.onload = null
          tile.onerror = null
          URL.revokeObjectURL(objectUrl)
          this.objectUrls.delete(tile)
          this.loads.delete(tile)
          done(error, tile)
        }
        tile.onload = () => settle()
        tile.onerror = () => settle(new Error('The map tile could not be shown'))
        tile.dataset.source = fromCache ? 'cache' : 'network'
        tile.src = objectUrl
      },
      (error: unknown) => {
        this.loads.delete(tile)
        if (signal.aborted) return
        done(error instanceof Error ? error : new Error(String(error)), tile)
      },
    )
    return tile
  }

  private abortTile(tile: HTMLElement | undefined): void {
    if (!tile) return
    const objectUrl = this.objectUrls.get(tile)
    if (objectUrl) {
      this.objectUrls.delete(tile)
      const img = tile as HTMLImageElement
      img.onload = null
      img.onerror = null
      URL.revokeObjectURL(objectUrl)
    }
    const controller = this.loads.get(tile)
    if (!controller) return
    this.loads.delete(tile)
    controller.abort()
  }
}
