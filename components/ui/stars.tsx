// Five stars, each full, half or empty, for an average rating from 0 to 5.
export function starFills(rating: number): ('full' | 'half' | 'empty')[] {
  const r = Math.max(0, Math.min(5, rating))
  return Array.from({ length: 5 }, (_, i) =>
    r >= i + 1 ? 'full' : r >= i + 0.5 ? 'half' : 'empty',
  )
}

const PATH = 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z'

function Star({ color, size }: { color: string; size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" className="block">
      <path d={PATH} fill={color} />
    </svg>
  )
}

const GOLD = '#f59e0b'
const GREY = '#cbd5e1'

/** A half star is a grey star with the left half of a gold one over it (no SVG ids to clash). */
export function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  return (
    <span className="inline-flex items-center" role="img" aria-label={`Rated ${rating} out of 5`}>
      {starFills(rating).map((fill, i) => (
        <span key={i} className="relative inline-block" data-star={fill}>
          <Star color={fill === 'full' ? GOLD : GREY} size={size} />
          {fill === 'half' && (
            <span className="absolute inset-y-0 left-0 w-1/2 overflow-hidden">
              <Star color={GOLD} size={size} />
            </span>
          )}
        </span>
      ))}
    </span>
  )
}
