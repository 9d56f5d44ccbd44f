import { MailIcon, SOCIAL_ICONS } from '@/components/ui/icons'
import { SITE } from '@/lib/site'
import { Logo } from './logo'

export function Footer() {
  return (
    <footer className="mt-16 bg-byte-night text-slate-300">
      <div className="mx-auto grid max-w-shop gap-8 px-4 py-10 md:grid-cols-3 md:items-start">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-xs text-sm">{SITE.tagline}</p>
        </div>
        <div className="space-y-2">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <a
            href={`mailto:${SITE.contactEmail}`}
            className="inline-flex items-center gap-2 text-sm hover:text-white hover:underline"
          >
            <MailIcon className="size-4" />
            {SITE.contactEmail}
          </a>
        </div>
        <div className="space-y-2">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Follow us</h2>
          <ul className="flex gap-2">
            {SITE.social.map((s) => {
              const Icon = SOCIAL_ICONS[s.icon]
              return (
                <li key={s.name}>
                  <a
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${SITE.name} on ${s.name}`}
                    className="flex size-10 items-center justify-center rounded-full bg-white/5 hover:bg-white/15 hover:text-white"
                  >
                    <Icon className="size-5" />
                  </a>
                </li>
              )
            })}
          </ul>
        </div>
      </div>
      <p className="border-t border-white/10 py-4 text-center text-xs text-slate-400">
        © {SITE.name}. Open-source software; prices in US dollars.
      </p>
    </footer>
  )
}
