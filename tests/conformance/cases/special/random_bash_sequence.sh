# RANDOM=n gives bash's own sequence for n; SRANDOM is 32 bits, unseeded.
RANDOM=1; echo $RANDOM $RANDOM $RANDOM
RANDOM=42; a=$RANDOM; RANDOM=42; b=$RANDOM; [ "$a" = "$b" ] && echo "same $a"
RANDOM=-5; echo $RANDOM $RANDOM
RANDOM=0; echo $RANDOM
RANDOM=2147483647; echo $RANDOM $RANDOM
RANDOM=7; x=$SRANDOM; echo $RANDOM
[[ $SRANDOM =~ ^[0-9]+$ ]] && echo "srandom is a number"
SRANDOM=5; [[ $SRANDOM != 5 || $SRANDOM != 5 ]] && echo "srandom takes no value"
declare -p SRANDOM | cut -c1-11
