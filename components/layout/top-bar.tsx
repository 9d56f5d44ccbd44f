import { ContactButton } from './contact-button'
import { MailIcon } from '@/components/ui/icons'
import { Logo } from './logo'
import { MainNav, MenuSheet } from './nav-menu'
import { SearchBox } from './search-box'
import { UserSlot } from './user-slot'

/**
 * The same HTML for every visitor, so storefront pages can be cached whole; who is signed in
 * is filled in by the client islands (avatar, admin link).
 */
export function TopBar() {
  return (
    <header className="sticky top-0 z-40 bg-byte-night text-white shadow-md">
      <div className="mx-auto flex max-w-shop flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2.5 md:flex-nowrap md:gap-x-6">
        <MenuSheet />
        <Logo />
        <div className="order-last w-full md:order-none md:flex md:flex-1 md:justify-center">
          <SearchBox />
        </div>
        <div className="ml-auto flex items-center gap-2 md:ml-0">
          <MainNav />
          <ContactButton className="inline-flex h-9 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-slate-200 hover:bg-white/10 hover:text-white lg:px-3">
            <MailIcon className="size-5" />
            {/* The name stays "Contact Us" at every width; narrow bars show only the icon. */}
            <span className="sr-only lg:not-sr-only">Contact Us</span>
          </ContactButton>
          {/* One width whatever the slot holds (placeholder, Login or avatar, right-aligned):
              nothing in the bar moves when the answer arrives or the visitor logs in or out. */}
          <span className="flex w-[5.5rem] shrink-0 justify-end">
            <UserSlot />
          </span>
        </div>
      </div>
    </header>
  )
}
