# The rules of shared/RULES.md, one section per rule, positions set up with play (GTP lets
# either colour move at any time, so setups place several stones of one colour in a row).
# Illegal moves are asked with is_legal here; playing them is refused in errors/rules.gtp.

# Rule 1: sizes 2..25 (the protocol file covers the limits). Rule 2: star points.
10 boardsize 9
20 showboard
#? [.*\n 7  \. \. \+ \. \. \. \+ \. \. 7\n.*\n 5  \. \. \. \. \+ \. \. \. \. 5\n.*]

# Rule 4: Black moves first; a stone goes on an empty point only.
30 clear_board
40 showboard
#? [.*Black to move.*]
50 play b e5
70 is_legal w e5
#? [0]
80 showboard
#? [.*White to move.*]

# Rule 5: a player may pass at any turn.
90 play w pass
#? []
100 play w pass
#? []

# Rule 6: adjacent stones of one colour share their liberties.
110 clear_board
120 play b d4
130 play b d5
140 countlib d4
#? [6]
150 play w c4
160 countlib d5
#? [5]

# Rule 7: a chain left without liberties is removed; the capturer keeps it as a prisoner.
170 clear_board
180 play b e5
190 play w e4
200 play w d5
210 play w f5
220 play w e6
230 list_stones b
#? []
240 captures white
#? [1]
250 captures black
#? [0]

# Rule 8: captures come first: a stone without liberties of its own that captures is legal.
260 boardsize 5
270 play w b1
280 play w a2
290 play b c1
300 play b b2
310 play b a3
320 is_legal b a1
#? [1]
330 play b a1
#? []
340 list_stones w
#? []
350 captures b
#? [2]

# Rule 9: suicide is illegal, single-stone and multi-stone.
360 clear_board
370 play b b1
380 play b a2
390 is_legal w a1
#? [0]
400 clear_board
410 play b c1
420 play b b2
430 play b a3
440 play w a1
450 play w b1
460 is_legal w a2
#? [0]
480 list_stones w
#? [A1 B1]

# Rule 10: no immediate recapture of a ko ...
#    A B C D
#  3 . X O .
#  2 X O . O
#  1 . X O .
490 clear_board
500 play b b3
510 play b a2
520 play b b1
530 play w c3
540 play w c1
550 play w d2
560 play w b2
570 play b c2
#? []
580 captures b
#? [1]
600 is_legal w b2
#? [0]
# ... but after a move elsewhere (a ko threat and its answer) the recapture is legal.
610 play w e5
620 play b e4
630 play w b2
#? []
640 is_legal b c2
#? [0]

# Rule 10 (positional superko, the default) and rule 11: passes do not lift the ban, so a
# ko fight cannot cycle and the game ends.
650 play b e1
660 play w e3
670 play b c2
#? []
680 play w pass
690 play b pass
700 is_legal w b2
#? [0]

# Under the Japanese preset (simple ko) the passes lift the ban.
710 kgs-rules japanese
720 play w b2
#? []

# Rule 12: two passes in a row end the game; one does not.
730 kgs-rules chinese
740 boardsize 9
750 play b pass
760 showboard
#? [!.*game over.*]
770 play w pass
780 showboard
#? [.*game over: W\+7\.5 \(W\+3 3/4 stones, 白胜3又3/4子\)]

# Rule 17: handicap stones are black, on star points, and White moves first.
790 clear_board
800 fixed_handicap 2
#? [C3 G7]
810 showboard
#? [.*White to move.*]
820 list_stones black
#? [C3 G7]
