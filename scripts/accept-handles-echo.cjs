// Sends every listening handle it receives straight back (scripts/accept-handles.mjs): what comes
// back is a new descriptor of the same socket. It keeps none: each handle is closed here once sent,
// and the process ends as soon as its parent is gone (a server that exits while the copies are on
// their way must not leave its port held by this process).
//
// Node listens on a server handle as it arrives, so until a copy is closed here the kernel may give
// this process a connection of the shop's. Each such connection goes back to the parent unread
// (pauseOnConnect), which answers it; it used to be held here and cut when this process ended, a
// client's request hung up or left waiting at the server's start. 'done?' is answered once every
// copy is closed: every connection sent before it has reached the parent by then.
let held = 0
let asked = false
const answerWhenDone = () => {
  if (asked && held === 0) process.send('done')
}
process.on('message', (message, handle) => {
  if (message === 'done?') {
    asked = true
    answerWhenDone()
    return
  }
  if (message !== 'copy' || !handle) return
  held++
  handle.pauseOnConnect = true
  // Once the parent has gone (it gave up waiting), nobody can take it: it closes with this process.
  handle.on('connection', (socket) => {
    if (process.connected) process.send('connection', socket)
  })
  process.send('copy', handle, () => {
    handle.close()
    held--
    answerWhenDone()
  })
})
process.on('disconnect', () => process.exit(0))
// Its work takes well under a second; whatever happens, it does not live longer than this.
setTimeout(() => process.exit(0), 5_000).unref()
