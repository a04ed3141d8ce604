trap 'echo parent trap' USR1
( kill -USR1 $BASHPID; echo not )
echo "sub $?"
trap '' USR2
( kill -USR2 $BASHPID; echo ignored in sub )
