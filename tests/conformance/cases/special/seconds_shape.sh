s=$SECONDS
[[ $s =~ ^[0-9]+$ ]] && echo integer
SECONDS=100
(( SECONDS >= 100 && SECONDS < 110 )) && echo reset works
