# Time: time_settings, kgs-time_settings and time_left are accepted (malformed ones are
# refused in errors/time.gtp), and genmove still answers under every control. The budget
# itself is tested in src/time.rs with simulated clocks; these files run with a fixed
# playout budget.

10 boardsize 9
20 time_settings 300 30 5
#? []
30 time_left b 290 0
#? []
40 time_left WHITE 25 3
#? []
50 time_left b 5.5 0
#? []
60 genmove b
#? [[A-HJ]\d|pass|resign]

70 kgs-time_settings byoyomi 600 30 5
#? []
80 kgs-time_settings canadian 600 60 10
#? []
90 kgs-time_settings absolute 300
#? []
100 kgs-time_settings none
#? []
110 kgs-time_settings BYOYOMI 0.5 1.5 1
#? []

# One second per move, and absurd numbers, still get answers.
200 time_settings 0 1 1
#? []
210 genmove w
#? [[A-HJ]\d|pass|resign]
220 time_settings 99999999999999999999 0 0
#? []
230 time_left b 99999999999999999999 4294967296
#? []
240 genmove b
#? [[A-HJ]\d|pass|resign]
