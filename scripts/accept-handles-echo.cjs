// Sends every listening handle it receives straight back (scripts/accept-handles.mjs): what comes
// back is a new descriptor of the same socket. It keeps none: each handle is closed here once sent,
// and the process ends as soon as its parent is gone (a server that exits while the copies are on
// their way must not leave its port held by this process).
process.on('message', (message, handle) => {
  if (message !== 'copy' || !handle) return
  process.send('copy', handle, () => handle.close())
})
process.on('disconnect', () => process.exit(0))
// Its work takes well under a second; whatever happens, it does not live longer than this.
setTimeout(() => process.exit(0), 5_000).unref()
