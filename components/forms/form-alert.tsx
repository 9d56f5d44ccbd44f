/**
 * The form's last error, announced as it appears (the toast says it too, but goes after 1.5 s).
 * The region is always there, so assistive technology is listening before the text arrives.
 */
export function FormAlert({ message }: { message: string | null }) {
  return (
    <div role="alert" className="text-sm font-medium text-red-700">
      {message}
    </div>
  )
}
