# Protocol: GTP v2 framing, ids, the administrative commands. The standard errors (unknown
# command, syntax error, unacceptable size, illegal move, cannot undo): errors/protocol.gtp.

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

170 boardsize 25
#? []

180 boardsize 2
#? []

190 boardsize 9
#? []

200 komi 6.5
#? []

# komi survives boardsize and clear_board (Sabaki sends komi first).
230 boardsize 13
240 clear_board
250 showboard
#? [.*komi 6.5,.*]

310 play BLACK d4
#? []

320 play w PASS
#? []

330 undo
#? []

340 undo
#? []

360 kgs-game_over
#? []

370 cputime
#? [\d+\.\d+]

# An id with many digits is echoed as sent.
123456789012345678901234567890 name
#? [yunzi]

380 quit
#? []
