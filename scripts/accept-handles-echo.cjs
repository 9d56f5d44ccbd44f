// Sends every listening handle it receives straight back (scripts/accept-handles.mjs): what comes
// back is a new descriptor of the same socket.
process.on('message', (message, handle) => {
  if (message === 'copy' && handle) process.send('copy', handle)
})
