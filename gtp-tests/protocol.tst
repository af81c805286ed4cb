# Protocol: GTP v2 framing, ids, the administrative commands, standard errors.

10 protocol_version
#? [2]

20 name
#? [yunzi]

30 version
#? [\d+\.\d+\.\d+]

# Commands and arguments are separated by spaces or tabs; CR and comments are dropped.
40	known_command	play   # a comment
#? [true]

50 known_command kgs-chat
#? [false]

60 known_command frobnicate
#? [false]

70 list_commands
#? [.*\nboardsize\n.*\nplay\n.*\nkgs-genmove_cleanup\n.*]

80 list_commands
#? [!.*kgs-chat.*]

# Every required command is there.
90 list_commands
#? [protocol_version\nname\nversion\nknown_command\nlist_commands\nquit\nboardsize\nclear_board\nkomi\nfixed_handicap\nplace_free_handicap\nset_free_handicap\nplay\ngenmove\nundo\n.*]

100 frobnicate
#?! [unknown command]

110 PLAY b d4
#?! [unknown command]

120 boardsize
#?! [syntax error]

130 boardsize nine
#?! [syntax error]

140 boardsize 1
#?! [unacceptable size]

150 boardsize 26
#?! [unacceptable size]

160 boardsize 99999999999999999999
#?! [unacceptable size]

170 boardsize 25
#? []

180 boardsize 2
#? []

190 boardsize 9
#? []

200 komi 6.5
#? []

210 komi seven
#?! [syntax error]

220 komi inf
#?! [syntax error]

# komi survives boardsize and clear_board (Sabaki sends komi first).
230 boardsize 13
240 clear_board
250 showboard
#? [.*komi 6.5,.*]

260 play b
#?! [syntax error]

270 play b d4 extra
#?! [syntax error]

280 play red d4
#?! [syntax error]

290 play b i4
#?! [syntax error]

300 play b Z9
#?! [illegal move]

310 play BLACK d4
#? []

320 play w PASS
#? []

330 undo
#? []

340 undo
#? []

350 undo
#?! [cannot undo]

360 kgs-game_over
#? []

370 cputime
#? [\d+\.\d+]

# An id with many digits is echoed as sent.
123456789012345678901234567890 name
#? [yunzi]

380 quit
#? []
