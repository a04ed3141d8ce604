expr 2 + 3 \* 4; expr \( 2 + 3 \) \* 4
