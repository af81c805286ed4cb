// Drives yunzi the way Sabaki does, through Sabaki's own GTP client (@sabaki/gtp): the
// commands Sabaki sends when it attaches an engine and plays, and the streaming analysis
// it shows (lz-analyze, kata-analyze), read back with a parser that follows Sabaki's rules
// (`info` starts a segment, move and winrate are required, `pv` runs to the end of its
// segment) and stopped, as Sabaki stops it, by sending the next command.
//
// Run from this folder after `cargo build --release`: `npm ci && node test.js`.
// YUNZI_BIN names another binary.

const test = require('node:test')
const assert = require('node:assert/strict')
const path = require('node:path')
const fs = require('node:fs')
const {Controller} = require('@sabaki/gtp')

const BIN =
  process.env.YUNZI_BIN ||
  path.join(__dirname, '..', '..', 'target', 'release', 'yunzi')
const SIZE = 9
const COLUMNS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'

// Parses one update line into segments and ownership values, or throws on what a GUI could
// not read.
function parseUpdate(line, dialect) {
  const [main, ownershipText] = line.split(' ownership ')
  const segments = main
    .split(/(?:^|\s)info\s/)
    .filter(text => text.trim() !== '')
    .map(text => {
      const [fieldsText, pvText] = text.split(/\s?pv\s/)
      assert.ok(pvText !== undefined, `a pv in every segment: ${text}`)
      const words = fieldsText.trim().split(/\s+/)
      assert.equal(words.length % 2, 0, `key value pairs before pv: ${text}`)
      const fields = {}
      for (let i = 0; i < words.length; i += 2) fields[words[i]] = words[i + 1]
      return {fields, pv: pvText.trim().split(/\s+/)}
    })
  assert.ok(segments.length > 0, `segments in ${line}`)
  for (const {fields, pv} of segments) {
    assert.ok(isMove(fields.move), `a move on the board: ${fields.move}`)
    assert.ok(fields.winrate !== undefined, 'a winrate')
    const winrate = Number(fields.winrate)
    if (dialect === 'lz') {
      assert.ok(Number.isInteger(winrate) && winrate >= 0 && winrate <= 10000, fields.winrate)
    } else {
      assert.ok(winrate >= 0 && winrate <= 1, fields.winrate)
      assert.ok(Number.isFinite(Number(fields.scoreLead)), 'a scoreLead')
    }
    assert.ok(Number(fields.visits) >= 0, 'visits')
    assert.equal(pv[0], fields.move, 'the pv starts with the move')
    assert.ok(pv.every(isMove), `a pv of moves: ${pv}`)
    const pass = pv.indexOf('pass')
    assert.ok(pass === -1 || pass === pv.length - 1, 'a pv stops at a pass')
  }
  const ownership =
    ownershipText === undefined ? null : ownershipText.trim().split(/\s+/).map(Number)
  return {segments, ownership}
}

function isMove(text) {
  if (text === 'pass') return true
  const col = COLUMNS.indexOf(text[0])
  const row = Number(text.slice(1))
  return col >= 0 && col < SIZE && Number.isInteger(row) && row >= 1 && row <= SIZE
}

// Streams an analysis command until `updates` update lines came, then sends `name` as
// Sabaki sends its next command; returns the update lines and the next response.
async function streamThenStop(engine, command, updates) {
  const lines = []
  let stop
  const enough = new Promise(resolve => (stop = resolve))
  const analysis = engine.sendCommand(command, ({line}) => {
    if (line.startsWith('info ')) {
      lines.push(line)
      if (lines.length === updates) stop()
    }
  })
  await enough
  const [analysisResponse, nameResponse] = await Promise.all([
    analysis,
    engine.sendCommand({name: 'name'})
  ])
  assert.equal(analysisResponse.error, false)
  return {lines, nameResponse}
}

test('yunzi through Sabaki\'s GTP client', async t => {
  assert.ok(fs.existsSync(BIN), `build ${BIN} first (cargo build --release)`)
  const engine = new Controller(BIN, ['--threads', '1', '--default-seconds', '1'])
  engine.start()
  try {
    await t.test('attaching and playing as Sabaki does', async () => {
      assert.equal((await engine.sendCommand({name: 'name'})).content, 'yunzi')
      assert.match((await engine.sendCommand({name: 'version'})).content, /^\d+\.\d+/)
      assert.equal((await engine.sendCommand({name: 'protocol_version'})).content, '2')
      const commands = (await engine.sendCommand({name: 'list_commands'})).content.split('\n')
      for (const name of ['lz-analyze', 'kata-analyze', 'analyze', 'genmove']) {
        assert.ok(commands.includes(name), name)
      }
      for (const command of [
        {name: 'komi', args: ['7.5']},
        {name: 'boardsize', args: [String(SIZE)]},
        {name: 'clear_board'},
        {name: 'play', args: ['B', 'E5']},
        {name: 'play', args: ['W', 'C3']}
      ]) {
        assert.equal((await engine.sendCommand(command)).error, false, command.name)
      }
      const move = await engine.sendCommand({name: 'genmove', args: ['B']})
      assert.ok(isMove(move.content.toUpperCase()) || move.content === 'resign', move.content)
    })

    await t.test('lz-analyze streams until the next command', async () => {
      const {lines, nameResponse} = await streamThenStop(
        engine,
        {name: 'lz-analyze', args: ['W', '10']},
        3
      )
      for (const line of lines) assert.equal(parseUpdate(line, 'lz').ownership, null)
      assert.equal(nameResponse.content, 'yunzi', 'the next command is answered')
    })

    await t.test('kata-analyze streams float win rates and ownership', async () => {
      const {lines, nameResponse} = await streamThenStop(
        engine,
        {name: 'kata-analyze', args: ['W', '10', 'ownership', 'true']},
        2
      )
      for (const line of lines) {
        const {ownership} = parseUpdate(line, 'kata')
        assert.equal(ownership.length, SIZE * SIZE)
        assert.ok(ownership.every(v => v >= -1 && v <= 1))
      }
      assert.equal(nameResponse.content, 'yunzi')
    })

    await t.test('avoid and allow, as Lizzie and KataGo send them', async () => {
      const avoided = await streamThenStop(
        engine,
        {name: 'lz-analyze', args: ['W', '10', 'avoid', 'w', 'D4,F6', '30', 'avoid', 'b', 'D4', '30']},
        3
      )
      for (const line of avoided.lines) {
        for (const {fields, pv} of parseUpdate(line, 'lz').segments) {
          assert.ok(!['D4', 'F6'].includes(fields.move), `avoided: ${line}`)
          assert.ok(!pv.includes('D4'), `neither side plays D4 in the tree: ${line}`)
        }
      }
      const allowed = await streamThenStop(
        engine,
        {name: 'kata-analyze', args: ['W', '10', 'allow', 'w', 'A9,J1', '1']},
        2
      )
      for (const line of allowed.lines) {
        for (const {fields} of parseUpdate(line, 'kata').segments) {
          assert.ok(['A9', 'J1', 'pass'].includes(fields.move), `only A9 and J1: ${line}`)
        }
      }
      assert.equal(allowed.nameResponse.content, 'yunzi')
    })
  } finally {
    await engine.stop()
  }
})
