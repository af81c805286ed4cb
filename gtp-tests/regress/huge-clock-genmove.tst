# Regression for issue 17 item 3 (fixed by --max-seconds-per-move, in the settings table).
# What broke: with a huge clock (time_settings 99999999 0 0, time_left b 99999999 0) and no
# --playouts, the allocator gave genmove hours: it had not answered after 290 s.
# Fixed: no move thinks longer than --max-seconds-per-move (default 60 s). This file runs
# without a playout budget and caps moves at half a second, so a genmove that ignores the
# cap overruns the runner's two-minute wait for a response.
#!args --threads 1 --seed 1 --max-seconds-per-move 0.5

10 boardsize 9
20 time_settings 99999999 0 0
#? []
30 time_left b 99999999 0
#? []
40 genmove b
#? [[A-HJ]\d|pass]
50 time_settings 99999999999999999999 0 0
#? []
60 time_left w 99999999999999999999 4294967296
#? []
70 genmove w
#? [[A-HJ]\d|pass]
80 yunzi-param max_seconds_per_move 0.2
#? []
90 genmove b
#? [[A-HJ]\d|pass]
