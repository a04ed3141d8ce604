r=$RANDOM
(( r >= 0 && r <= 32767 )) && echo in range
