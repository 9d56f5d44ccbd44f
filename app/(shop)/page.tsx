import { connection } from 'next/server'
import { ProductCard } from '@/components/product/product-card'
import { listNewestProducts } from '@/lib/products/product-card'
import { SITE } from '@/lib/site'

export default async function HomePage() {
  await connection() // read at request time, never at build time
  const products = await listNewestProducts({ limit: 8 })
  return (
    <>
      <section className="bg-gradient-to-br from-byte-night via-brand-900 to-brand-700 text-white">
        <div className="mx-auto max-w-shop px-4 py-16 sm:py-24">
          <p className="font-mono text-sm text-byte-cyan">01000010 01111001 01110100 01100101</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">
            Welcome to {SITE.name}
          </h1>
          <p className="mt-4 max-w-xl text-lg text-slate-200">{SITE.tagline}</p>
          <a
            href="#products"
            className="mt-8 inline-flex rounded-md bg-byte-cyan px-5 py-2.5 font-semibold text-byte-night hover:bg-cyan-300"
          >
            Scroll to products
          </a>
        </div>
      </section>
      <section id="products" className="mx-auto max-w-shop scroll-mt-20 px-4 py-12">
        <h2 className="text-2xl font-bold">Latest products</h2>
        <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {products.map((p, i) => (
            <li key={p._id}>
              <ProductCard product={p} priority={i < 2} />
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}
