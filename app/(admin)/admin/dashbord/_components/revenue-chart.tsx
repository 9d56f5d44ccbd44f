'use client'
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { formatPrice } from '@/lib/money'
import type { DayFigures } from '@/lib/admin/get-dashboard'

// Revenue (bars, dollars, left axis) and orders (line, right axis) per day. recharts is only
// in this chunk, which revenue-chart-island.tsx loads on the dashboard alone. The picture is
// decoration for sighted users: the same figures are in the table below it.

const shortDay = (day: string) => day.slice(5)

export default function RevenueChart({ days }: { days: DayFigures[] }) {
  return (
    <div aria-hidden="true" className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart
          data={days}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fontSize: 12 }} minTickGap={16} />
          <YAxis
            yAxisId="revenue"
            tick={{ fontSize: 12 }}
            tickFormatter={(v: number) => `$${v}`}
            width={64}
          />
          <YAxis
            yAxisId="orders"
            orientation="right"
            allowDecimals={false}
            tick={{ fontSize: 12 }}
            width={32}
          />
          <Tooltip
            formatter={(value, name) =>
              name === 'Revenue' ? formatPrice(Number(value)) : String(value)
            }
          />
          <Legend />
          <Bar yAxisId="revenue" dataKey="revenue" name="Revenue" fill="#4f46e5" />
          <Line
            yAxisId="orders"
            dataKey="orders"
            name="Orders"
            stroke="#d97706"
            strokeWidth={2}
            dot={false}
            type="monotone"
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  )
}
