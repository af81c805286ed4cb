# Scoring: final_score and final_status_list on hand-counted positions where every group
# has several one-point eyes, so no stone is dead and no judgement is needed (rule 13).
#
# Position A (5x5):          Black: 7 stones + eyes A1 A3 A5      = 10 (area)
#   5 . X O . O              White: 12 stones + eyes D1 D3 D5     = 15 (area)
#   4 X X O O O              Territory: Black 3, White 3.
#   3 . X O . O
#   2 X X O O O
#   1 . X O . O
#     A B C D E
#
# Black first captures a white stone at A1 (one prisoner for territory counting).

10 boardsize 5
20 play b b1
30 play w a1
40 play b a2
#? []
50 captures b
#? [1]
60 play b b2
70 play b b3
80 play b b4
90 play b b5
100 play b a4
110 play w c1
120 play w c2
130 play w c3
140 play w c4
150 play w c5
160 play w d2
170 play w d4
180 play w e1
190 play w e2
200 play w e3
210 play w e4
220 play w e5

# Rules 14-16, Chinese area counting with the default komi 7.5: 10 - 15 - 7.5.
230 final_score
#? [W\+12\.5]
# Rule 16 in stones: 12.5 points are 6 1/4 stones; Black's 10 against the par of 12 1/2,
# with 3 3/4 stones of komi. The game is not over, so it says the count is for now.
235 yunzi-result
#? [W\+12\.5 \(W\+6 1/4 stones, 白胜6又1/4子\)\nBlack's count 10 stones, par 12 1/2 stones, komi and compensation 3 3/4 stones\nif the game ended now.*]
240 final_status_list dead
#? []
250 final_status_list seki
#? []
260 final_status_list alive
#? [[A-E]\d( [A-E]\d)*\n[A-E]\d( [A-E]\d)*]

270 komi 0
280 final_score
#? [W\+5]

# Rule 18, territory counting: territory 3 + 1 prisoner against 3.
290 kgs-rules japanese
300 final_score
#? [B\+1]

# Tromp-Taylor counts every stone on the board: the same as area counting here.
310 kgs-rules tromp-taylor
320 final_score
#? [W\+5]

# Position B: column C is dame, shared by nobody (rule 14).
#   5 . X . O .
#   4 X X . O O
#   3 . X . O .
#   2 X X . O O
#   1 . X . O .
330 kgs-rules chinese
340 clear_board
350 play b b1
360 play b b2
370 play b b3
380 play b b4
390 play b b5
400 play b a2
410 play b a4
420 play w d1
430 play w d2
440 play w d3
450 play w d4
460 play w d5
470 play w e2
480 play w e4
490 final_score
#? [0]
500 komi 7.5
510 final_score
#? [W\+7\.5]

# Rule 17: with a handicap of 2, White gets 2 points back under area counting, none under
# territory counting. Position A again, the handicap stones being B2 and B4.
520 clear_board
530 komi 0.5
540 set_free_handicap B2 B4
#? []
550 play b b1
560 play b b3
570 play b b5
580 play b a2
590 play b a4
600 play w c1
610 play w c2
620 play w c3
630 play w c4
640 play w c5
650 play w d2
660 play w d4
670 play w e1
680 play w e2
690 play w e3
700 play w e4
710 play w e5
720 final_score
#? [W\+7\.5]
730 kgs-rules japanese
740 final_score
#? [W\+0\.5]
