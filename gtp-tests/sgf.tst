# SGF (rule 22, adjournment): loadsgf restores a game exactly (position, side to move, ko
# state, captures, komi), printsgf saves it. Malformed files (refused, nothing changes):
# errors/sgf.gtp.
# Fixtures are in this directory; the runner starts the engine here.

10 loadsgf game.sgf
#? []
20 list_stones w
#? [C1 D2 C3]
30 list_stones b
#? [B1 A2 C2 B3 E5]
40 captures b
#? [1]
50 showboard
#? [.*komi 6\.5, chinese rules, move 9, White to move.*]
# The ko: White may not retake at once.
60 is_legal w b2
#? [0]

# move_number: the position before that move.
70 loadsgf game.sgf 9
80 list_stones w
#? [C1 B2 D2 C3]
90 captures b
#? [0]
100 showboard
#? [.*move 8, Black to move.*]
110 loadsgf game.sgf 1
120 list_stones b
#? []
130 loadsgf game.sgf 100
140 list_stones b
#? [B1 A2 C2 B3 E5]

# Handicap: HA with matching AB stones; White moves first.
150 loadsgf handicap.sgf
160 list_stones b
#? [C3 G7]
170 showboard
#? [.*komi 0\.5, chinese rules, move 0, White to move.*]

# Setup with AE and PL.
180 loadsgf setup.sgf
190 list_stones b
#? [A5]
200 list_stones w
#? [C3]
210 showboard
#? [.*White to move.*]

# Malformed or unplayable files are refused and change nothing: errors/sgf.gtp.

# printsgf answers the record: FF[4] GM[1] CA[UTF-8], size, komi, rules, setup, moves.
220 loadsgf game.sgf
300 printsgf
#? [\(;FF\[4\]GM\[1\]CA\[UTF-8\]SZ\[9\]KM\[6\.5\]RU\[chinese\]PL\[B\]\n;B\[bg\];W\[cg\];B\[ah\];W\[ci\];B\[bi\];W\[dh\];B\[ee\];W\[bh\];B\[ch\]\)]

# Saved and restored, the game continues identically: same stones, prisoners, side to
# move and ko ban, even across a board size change.
310 printsgf /tmp/yunzi-gtp-regress-adjourned.sgf
#? []
320 boardsize 19
330 komi 0
340 loadsgf /tmp/yunzi-gtp-regress-adjourned.sgf
#? []
350 list_stones w
#? [C1 D2 C3]
360 captures b
#? [1]
370 is_legal w b2
#? [0]
380 showboard
#? [.*komi 6\.5, chinese rules, move 9, White to move.*]

# A handicap game keeps its handicap through printsgf.
390 loadsgf handicap.sgf
400 printsgf
#? [.*HA\[2\]AB\[cg\]\[gc\]PL\[W\].*]

# A finished game records its result.
410 loadsgf game.sgf
420 play w pass
430 play b pass
440 printsgf
#? [.*RE\[[BW]\+[\d.]+\].*]
