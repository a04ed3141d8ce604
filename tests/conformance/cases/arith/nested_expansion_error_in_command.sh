# check-stderr
echo start
(( x = $(( 1 + )) ))
echo "reached: a script goes on"
