// Five stars, each full, half or empty, for an average rating from 0 to 5.
export function starFills(rating: number): ('full' | 'half' | 'empty')[] {
  const r = Math.max(0, Math.min(5, rating))
  return Array.from({ length: 5 }, (_, i) =>
    r >= i + 1 ? 'full' : r >= i + 0.5 ? 'half' : 'empty',
  )
}

const PATH = 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z'

export function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  return (
    <span className="inline-flex items-center" role="img" aria-label={`Rated ${rating} out of 5`}>
      {starFills(rating).map((fill, i) => (
        <svg
          key={i}
          width={size}
          height={size}
          viewBox="0 0 24 24"
          aria-hidden="true"
          data-star={fill}
        >
          <defs>
            <linearGradient id={`half-${i}`}>
              <stop offset="50%" stopColor="#f59e0b" />
              <stop offset="50%" stopColor="#cbd5e1" />
            </linearGradient>
          </defs>
          <path
            d={PATH}
            fill={fill === 'full' ? '#f59e0b' : fill === 'half' ? `url(#half-${i})` : '#cbd5e1'}
          />
        </svg>
      ))}
    </span>
  )
}
