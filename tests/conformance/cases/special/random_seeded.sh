RANDOM=42
a=$RANDOM$RANDOM
RANDOM=42
b=$RANDOM$RANDOM
[[ $a == "$b" ]] && echo same sequence
