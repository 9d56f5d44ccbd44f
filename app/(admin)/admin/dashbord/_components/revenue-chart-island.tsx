'use client'
import dynamic from 'next/dynamic'
import type { DayFigures } from '@/lib/admin/get-dashboard'

// The chart library (recharts, about 100 kB) arrives with the dashboard only, after the page's
// figures are already on screen; without JavaScript the table of figures stands in for it.
const RevenueChart = dynamic(() => import('./revenue-chart'), {
  ssr: false,
  loading: () => <div className="h-72 w-full animate-pulse rounded-lg bg-slate-100" />,
})

export function RevenueChartIsland({ days }: { days: DayFigures[] }) {
  return <RevenueChart days={days} />
}
