# check-stderr
SECONDS=1000
(( SECONDS >= 1000 && SECONDS < 1010 )) && echo seconds counts on
RANDOM=7; a=$RANDOM; RANDOM=7; b=$RANDOM; RANDOM=8; c=$RANDOM
[[ $a == "$b" && $a != "$c" ]] && echo seeded
EUID=3
echo "euid status=$?"
BASH_VERSINFO=1
echo "versinfo status=$?"
declare -p BASH_VERSINFO | cut -c1-16
echo "$OSTYPE ${#BASH_VERSINFO[@]} ${EPOCHSECONDS//[0-9]/} ${EPOCHREALTIME//[0-9]/}"
echo "shlvl $SHLVL"
