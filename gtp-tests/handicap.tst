# Handicap (rule 17): fixed_handicap on the GTP spec's points, place_free_handicap chosen by
# the engine, set_free_handicap from the controller; White moves first afterwards. What
# they refuse: errors/handicap.gtp.

10 boardsize 19
20 fixed_handicap 2
#? [D4 Q16]
30 clear_board
40 fixed_handicap 3
#? [D4 Q16 D16]
50 clear_board
60 fixed_handicap 4
#? [D4 Q16 D16 Q4]
70 clear_board
80 fixed_handicap 5
#? [D4 Q16 D16 Q4 K10]
90 clear_board
100 fixed_handicap 6
#? [D4 Q16 D16 Q4 D10 Q10]
110 clear_board
120 fixed_handicap 7
#? [D4 Q16 D16 Q4 D10 Q10 K10]
130 clear_board
140 fixed_handicap 8
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16]
150 clear_board
160 fixed_handicap 9
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16 K10]
170 showboard
#? [.*White to move.*]
180 list_stones b
#? [D4 K4 Q4 D10 K10 Q10 D16 K16 Q16]

# Fourth line from 13x13 up, third line below; four at most on 7x7 and even sizes (the
# counts refused, and none below 7x7: errors/handicap.gtp).
260 boardsize 13
270 fixed_handicap 9
#? [D4 K10 D10 K4 D7 K7 G4 G10 G7]
280 boardsize 9
290 fixed_handicap 5
#? [C3 G7 C7 G3 E5]
300 boardsize 8
320 fixed_handicap 4
#? [C3 F6 C6 F3]
330 boardsize 7
350 fixed_handicap 4
#? [C3 E5 C5 E3]

# Only on an empty board: errors/handicap.gtp.

# place_free_handicap answers exactly N vertices on one line: star points first.
440 boardsize 19
450 place_free_handicap 9
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16 K10]
460 clear_board
470 place_free_handicap 12
#? [[A-HJ-T]\d+( [A-HJ-T]\d+){11}]
480 boardsize 5
490 place_free_handicap 24
#? [[A-E]\d( [A-E]\d){23}]
500 clear_board
530 place_free_handicap 2
#? [[A-E]\d [A-E]\d]

# set_free_handicap: distinct points on the board, at least two (the lists refused:
# errors/handicap.gtp).
540 boardsize 9
610 set_free_handicap c3 G7 e5
#? []
620 list_stones b
#? [C3 E5 G7]
630 showboard
#? [.*White to move.*]
640 genmove w
#? [[A-HJ]\d|pass|resign]
